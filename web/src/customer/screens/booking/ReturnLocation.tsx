/** Set return location (/booking/return-location, SPEC 2): see booking/LocationStep.tsx. */
import { LocationStep } from "../../booking/LocationStep.tsx";

export function Component() {
  return <LocationStep kind="return" />;
}
