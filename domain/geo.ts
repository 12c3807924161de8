/**
 * Locations and service areas: coordinate text, GeoJSON polygon validation and
 * point-in-polygon. GeoJSON positions are [longitude, latitude]; everything else in the
 * product (coordinate text, LatLon objects) is latitude first.
 */

export interface LatLon {
  lat: number;
  lon: number;
}

/** A GeoJSON position reduced to [longitude, latitude]. */
export type Position = [lon: number, lat: number];

export interface PolygonGeometry {
  type: "Polygon";
  /** Outer ring first, then holes; each ring closed (last position equals the first). */
  coordinates: Position[][];
}

export interface PolygonFeature {
  type: "Feature";
  geometry: PolygonGeometry;
  properties?: Record<string, unknown> | null;
}

export type PolygonValidation = { ok: true; polygon: PolygonGeometry } | { ok: false; message: string };

/** Coordinates stored for a typed address (Stellenbosch area), as "lat,lon" text. */
export const DEFAULT_TYPED_ADDRESS_COORDINATES = "-33.9321,18.8602";
export const DEFAULT_TYPED_ADDRESS_POINT: Readonly<LatLon> = { lat: -33.9321, lon: 18.8602 };

/**
 * True for the stand-in coordinate a typed address gets when the geocoder cannot place it (SPEC
 * 9): it says nothing about where the customer is, so such a location is "unverified" (we call to
 * confirm it) and never counts as inside a service area.
 */
export function isTypedAddressStandIn(coordinates: string | null | undefined): boolean {
  const point = parseCoordinates(coordinates);
  return point !== null && Math.abs(point.lat - DEFAULT_TYPED_ADDRESS_POINT.lat) < 1e-7 && Math.abs(point.lon - DEFAULT_TYPED_ADDRESS_POINT.lon) < 1e-7;
}

/** What the customer and the admin read next to an unverified location. */
export const UNVERIFIED_LOCATION_NOTE = "Address not confirmed on the map: we will call to confirm the address";

/** The location step's refusal of a real point outside every active service area. */
export const LOCATION_NOT_SERVED =
  "Sorry, we don't deliver to or collect from there yet: this location is outside our service area. Please choose a place in Cape Town or Stellenbosch.";

/**
 * A booking card's short place: street and suburb. A geocoder line ("12, Long Street, Gardens,
 * Cape Town, City of Cape Town, Western Cape, 8001, South Africa") becomes "12 Long Street,
 * Gardens"; shorter text (what a customer typed, "GPS Location (…)") is kept as it is.
 */
export function placeSummary(location: string): string {
  const text = location.trim();
  if (/^GPS Location \(/.test(text)) return text;
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 4) return text;
  // Nominatim puts a house number on its own before the road.
  if (/^\d+[A-Za-z]?$/.test(parts[0]!) && parts.length > 1) parts.splice(0, 2, `${parts[0]} ${parts[1]}`);
  return parts.slice(0, 2).join(", ");
}

/** Browser geolocation options: high accuracy, 10 s timeout, 60 s cache. */
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
} as const;

function isLatLon(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

/** Reads "lat,lon" text (spaces allowed around the numbers); null when it is not a valid pair. */
export function parseCoordinates(text: string | null | undefined): LatLon | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text ?? "");
  if (!m) return null;
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  return isLatLon(lat, lon) ? { lat, lon } : null;
}

/** The stored coordinate text of a point: "lat,lon" with no space ("-33.9321,18.8602"). */
export function formatCoordinates(point: LatLon): string {
  return `${point.lat},${point.lon}`;
}

/**
 * A link that opens a point ("lat,lon") in the visitor's maps app (Google Maps on the web, the
 * maps app on a phone); null for text that is not a point or is the typed-address stand-in.
 */
export function mapsSearchUrl(coordinates: string | null | undefined): string | null {
  const point = parseCoordinates(coordinates);
  if (!point || isTypedAddressStandIn(coordinates)) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatCoordinates(point))}`;
}

/** The location text used when an address lookup fails: "GPS Location (-33.9249, 18.4241)". */
export function gpsLocationText(point: LatLon): string {
  return `GPS Location (${point.lat.toFixed(4)}, ${point.lon.toFixed(4)})`;
}

// Polygon validation --------------------------------------------------------------------------

const SHAPE_MESSAGE = "Service area must be a GeoJSON Polygon or a Feature with a Polygon geometry";

function ringName(index: number): string {
  return index === 0 ? "The outer ring" : `Hole ${index}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function validateRing(ring: unknown, index: number): { ring: Position[] } | { message: string } {
  const name = ringName(index);
  if (!Array.isArray(ring)) return { message: `${name} must be a list of [longitude, latitude] points` };
  const out: Position[] = [];
  for (let p = 0; p < ring.length; p++) {
    const pos: unknown = ring[p];
    const where = `${name.toLowerCase()}, point ${p + 1}`;
    if (!Array.isArray(pos) || pos.length < 2 || pos.length > 3 || !pos.every((n) => typeof n === "number" && Number.isFinite(n))) {
      return { message: `Each point must be [longitude, latitude] numbers (${where})` };
    }
    const [lon, lat] = pos as number[];
    if (lon === undefined || lon < -180 || lon > 180) {
      return { message: `Longitude must be between -180 and 180 (${where})` };
    }
    if (lat === undefined || lat < -90 || lat > 90) {
      return { message: `Latitude must be between -90 and 90 (${where})` };
    }
    out.push([lon, lat]);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) {
    return { message: `${name} must be closed: its last point must equal its first` };
  }
  const distinct = new Set(out.map(([lon, lat]) => `${lon},${lat}`));
  if (distinct.size < 3) return { message: `${name} must have at least 3 distinct points` };
  return { ring: out };
}

/**
 * Validates a service-area polygon: a GeoJSON Polygon, or a Feature whose geometry is a
 * Polygon (given as an object or as JSON text). Every ring must be closed and have at least 3
 * distinct points; longitudes lie in -180..180 and latitudes in -90..90. On success the
 * polygon is returned as a bare Polygon geometry with [lon, lat] positions (altitudes dropped).
 */
/**
 * Service areas are drawn or pasted by admins: a few hundred points describe any metro. The caps
 * keep one request from making every booking's area check slow (200,000 points took 0.9 s).
 */
export const MAX_SERVICE_AREA_POINTS = 5_000;
export const MAX_SERVICE_AREA_RINGS = 50;

export function validateServiceAreaPolygon(input: unknown): PolygonValidation {
  let value = input;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, message: "Service area must be valid GeoJSON text" };
    }
  }
  if (!isRecord(value)) return { ok: false, message: SHAPE_MESSAGE };
  let geometry: unknown = value;
  if (value.type === "Feature") {
    geometry = value.geometry;
    if (!isRecord(geometry) || geometry.type !== "Polygon") {
      return { ok: false, message: "The Feature's geometry must be a Polygon" };
    }
  } else if (value.type !== "Polygon") {
    return { ok: false, message: SHAPE_MESSAGE };
  }
  const rings = (geometry as Record<string, unknown>).coordinates;
  if (!Array.isArray(rings) || rings.length === 0) {
    return { ok: false, message: "Polygon coordinates must be a non-empty list of rings" };
  }
  if (rings.length > MAX_SERVICE_AREA_RINGS) return { ok: false, message: `A service area can have at most ${MAX_SERVICE_AREA_RINGS} rings` };
  const points = rings.reduce((sum: number, ring) => sum + (Array.isArray(ring) ? ring.length : 0), 0);
  if (points > MAX_SERVICE_AREA_POINTS)
    return { ok: false, message: `A service area can have at most ${MAX_SERVICE_AREA_POINTS.toLocaleString("en-US")} points` };
  const coordinates: Position[][] = [];
  for (let i = 0; i < rings.length; i++) {
    const result = validateRing(rings[i], i);
    if ("message" in result) return { ok: false, message: result.message };
    coordinates.push(result.ring);
  }
  return { ok: true, polygon: { type: "Polygon", coordinates } };
}

// Point in polygon ----------------------------------------------------------------------------

function onSegment(x: number, y: number, a: Position, b: Position): boolean {
  const [ax, ay] = a;
  const [bx, by] = b;
  const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
  const scale = Math.max(1, Math.abs(bx - ax), Math.abs(by - ay));
  if (Math.abs(cross) > 1e-12 * scale) return false;
  return x >= Math.min(ax, bx) && x <= Math.max(ax, bx) && y >= Math.min(ay, by) && y <= Math.max(ay, by);
}

/** "inside", "outside" or "boundary" of one ring (ray casting towards +longitude). */
function ringRelation(x: number, y: number, ring: readonly Position[]): "inside" | "outside" | "boundary" {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (!a || !b) continue;
    if (onSegment(x, y, a, b)) return "boundary";
    const [ax, ay] = a;
    const [bx, by] = b;
    if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
  }
  return inside ? "inside" : "outside";
}

/**
 * Whether a point lies in a polygon: inside its outer ring and not inside any hole. Points
 * exactly on an edge (outer ring or hole) count as inside the service area.
 */
export function pointInPolygon(point: LatLon, polygon: PolygonGeometry | PolygonFeature): boolean {
  const geometry = polygon.type === "Feature" ? polygon.geometry : polygon;
  const [outer, ...holes] = geometry.coordinates;
  if (!outer || !isLatLon(point.lat, point.lon)) return false;
  if (ringRelation(point.lon, point.lat, outer) === "outside") return false;
  return holes.every((hole) => ringRelation(point.lon, point.lat, hole) !== "inside");
}

/**
 * Whether a point is served: true when no active service area is defined at all, otherwise
 * only when it lies in at least one of them.
 */
export function isPointServed(point: LatLon, areas: readonly (PolygonGeometry | PolygonFeature)[]): boolean {
  return areas.length === 0 || areas.some((area) => pointInPolygon(point, area));
}
