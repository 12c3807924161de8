/**
 * Choosing a delivery or return location (SPEC 2, 5, 8, 9): the phone's position (browser
 * geolocation: high accuracy, 10 s timeout, 60 s cache) described by the server's reverse
 * geocoder, falling back to "GPS Location (lat, lon)"; or a typed address, placed on the map by
 * the server's address search when it finds it, else at the fixed Stellenbosch-area default.
 */
import { DEFAULT_TYPED_ADDRESS_COORDINATES, GEOLOCATION_OPTIONS, formatCoordinates, gpsLocationText, type LatLon } from "#domain/geo.ts";
import type { GeocodeResult } from "./documents.ts";

export const GEOLOCATION_UNSUPPORTED = "Location services are not supported on this device.";
export const GEOLOCATION_FAILED = "Unable to get your location. Please enter your address manually.";

export interface ChosenLocation {
  location: string;
  coordinates: string;
  /** How it was chosen, shown under "Location Selected". */
  note: string;
}

export class GeolocationProblem extends Error {}

/** The phone's position, or a GeolocationProblem carrying the spec's alert text. */
export function currentPosition(geolocation: Geolocation | undefined = typeof navigator === "undefined" ? undefined : navigator.geolocation): Promise<LatLon> {
  if (!geolocation) return Promise.reject(new GeolocationProblem(GEOLOCATION_UNSUPPORTED));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
      () => reject(new GeolocationProblem(GEOLOCATION_FAILED)),
      { ...GEOLOCATION_OPTIONS },
    );
  });
}

/** Six decimals (about 10 cm) are plenty for a delivery. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A GPS fix as a chosen location: the address the geocoder found there, or "GPS Location (...)". */
export function locationFromFix(point: LatLon, address: GeocodeResult | null | undefined): ChosenLocation {
  const coordinates = formatCoordinates({ lat: round6(point.lat), lon: round6(point.lon) });
  const name = address?.displayName.trim();
  if (name) return { location: name, coordinates, note: "From your phone's location" };
  return { location: gpsLocationText(point), coordinates, note: "From your phone's location (we couldn't look up the street address)" };
}

/**
 * A typed address as a chosen location: the customer's own words, with the coordinates of the
 * first place the address search found, or the default Stellenbosch-area coordinate (SPEC 9)
 * when the search found nothing or could not be reached.
 */
export function locationFromTypedAddress(typed: string, found: readonly GeocodeResult[] | null | undefined): ChosenLocation {
  const location = typed.trim();
  const first = found?.[0];
  if (first) return { location, coordinates: first.coordinates, note: `Found on the map: ${first.displayName}` };
  return {
    location,
    coordinates: DEFAULT_TYPED_ADDRESS_COORDINATES,
    note: "We couldn't find this address on the map. Our driver will call you to confirm the exact spot.",
  };
}
