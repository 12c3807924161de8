import type { BadgeTone } from "./Badge.tsx";

/** Vehicle status badge colours: available green, rented blue, maintenance amber, out of service red, anything else (sold) grey. */
export function vehicleStatusTone(status: string): BadgeTone {
  switch (status) {
    case "available":
      return "green";
    case "rented":
      return "blue";
    case "maintenance":
      return "amber";
    case "out_of_service":
      return "red";
    default:
      return "grey";
  }
}
