/** A link that opens a point ("lat,lon") in the user's maps app (no external tiles in the page itself). */
export function mapsLink(coordinates: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(coordinates)}`;
}
