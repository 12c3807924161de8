// The address search both the booking flow and the back office use: up to five places in South
// Africa for typed text, from the server's geocoder (signed-in accounts only).
import { graphql, type ResultOf } from "./graphql.ts";

export const GEOCODE_SEARCH = graphql(`
  query GeocodeSearch($q: String!) {
    geocodeSearch(q: $q) {
      displayName
      lat
      lon
      coordinates
    }
  }
`);

/** One place the search found: its full address and its point as bookings store it ("lat,lon"). */
export type GeocodePlace = ResultOf<typeof GEOCODE_SEARCH>["geocodeSearch"][number];
