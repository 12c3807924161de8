// Addresses for the booking locations through a Nominatim-compatible geocoder (GEOCODER_URL):
// reverse (a GPS fix -> an address line) and search (typed text -> places in South Africa),
// both in English. Nominatim's usage policy asks for an identifying User-Agent and at most one
// request a second, so each server:
// - caches answers in memory (up to 1000, for 24 h) and shares one upstream request between
//   identical lookups in flight;
// - starts upstream requests at least 1 s apart, queueing callers; a caller that would wait more
//   than 10 s is refused at once with 503 (the web app then falls back);
// - gives each upstream request 5 s.
// When the geocoder cannot be reached, times out or is overloaded the answer is 503; when it
// answers something unreadable, 502. The web app then uses "GPS Location (lat, lon)" with rounded
// coordinates, or the default Stellenbosch coordinate for a typed address (domain geo.ts).
// The queue and cache are per process: N instances may send N requests a second, so behind a
// balancer point GEOCODER_URL at your own Nominatim.
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { formatCoordinates } from "#domain";
import { badGateway, notFound, serviceUnavailable } from "../errors";
import type { Services } from "./context";
import { parseInput } from "./validation";
import { signInRequired, type Viewer } from "./viewer";

export const GEOCODE_MESSAGES = {
  unavailable: "Address lookup is unavailable right now. Please use your GPS location or type your address.",
  busy: "Address lookup is busy right now. Please try again in a moment.",
  badAnswer: "Address lookup gave an answer we could not read. Please try again later.",
  noAddress: "No address was found for this location",
  latitude: "Latitude must be a number between -90 and 90",
  longitude: "Longitude must be a number between -180 and 180",
  query: "Please enter an address",
  queryTooLong: "The address is too long (at most 200 characters)",
} as const;

export type GeocodeAddress = {
  road: string | null;
  suburb: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
  countryCode: string | null;
};

export type GeocodeResult = {
  /** The full address text (Nominatim's display_name). */
  displayName: string;
  lat: number;
  lon: number;
  /** "lat,lon", as bookings store coordinates. */
  coordinates: string;
  address: GeocodeAddress;
};

export type GeocoderOptions = {
  /** Minimum time between the starts of two upstream requests (default 1000 ms). */
  intervalMs?: number;
  /** Per upstream request (default 5000 ms). */
  timeoutMs?: number;
  /** Longest a caller may queue for its turn before a 503 (default 10 000 ms). */
  maxWaitMs?: number;
  cacheSize?: number;
  cacheTtlMs?: number;
};

export type Geocoder = {
  reverse(lat: number, lon: number): Promise<GeocodeResult | null>;
  search(query: string): Promise<GeocodeResult[]>;
  /** Upstream requests sent so far (for tests and logs). */
  readonly upstreamRequests: number;
};

// Input --------------------------------------------------------------------------------------

function coordinate(message: string, limit: number) {
  return z
    .union([z.number(), z.string().trim().min(1, message)], { error: message })
    .transform((v) => Number(v))
    .pipe(z.number({ error: message }).refine((n) => Number.isFinite(n) && n >= -limit && n <= limit, message));
}

export const reverseGeocodeSchema = z.object({
  lat: coordinate(GEOCODE_MESSAGES.latitude, 90),
  lon: coordinate(GEOCODE_MESSAGES.longitude, 180),
});

export const geocodeSearchSchema = z.object({
  q: z.string({ error: GEOCODE_MESSAGES.query }).trim().min(1, GEOCODE_MESSAGES.query).max(200, GEOCODE_MESSAGES.queryTooLong),
});

// Answers ------------------------------------------------------------------------------------

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/** One Nominatim place (jsonv2) as our result, or null when it lacks a name or a valid position. */
function toResult(place: unknown): GeocodeResult | null {
  if (typeof place !== "object" || place === null) return null;
  const p = place as Record<string, unknown>;
  const displayName = text(p.display_name);
  const lat = Number(p.lat);
  const lon = Number(p.lon);
  if (!displayName || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const a = (typeof p.address === "object" && p.address !== null ? p.address : {}) as Record<string, unknown>;
  return {
    displayName,
    lat,
    lon,
    coordinates: formatCoordinates({ lat, lon }),
    address: {
      road: text(a.road),
      suburb: text(a.suburb) ?? text(a.neighbourhood),
      city: text(a.city) ?? text(a.town) ?? text(a.village) ?? text(a.municipality),
      postcode: text(a.postcode),
      country: text(a.country),
      countryCode: text(a.country_code)?.toLowerCase() ?? null,
    },
  };
}

// The geocoder ---------------------------------------------------------------------------------

/** A looked-up answer (null is an answer: "no address here"). */
type Answer = { value: unknown };

export function createGeocoder(services: Services, options: GeocoderOptions = {}): Geocoder {
  const intervalMs = options.intervalMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const cacheSize = options.cacheSize ?? 1_000;
  const cacheTtlMs = options.cacheTtlMs ?? 24 * 3_600_000;
  const base = services.config.geocoderUrl;
  const userAgent = `CapeDrive/0.1 (+${services.config.publicUrl})`;
  // Least recently used goes first; a key being looked up is shared by everyone who asks for it,
  // and a failed lookup is not kept.
  const cache = new LRUCache<string, Answer, () => Promise<unknown>>({
    max: cacheSize,
    ttl: cacheTtlMs,
    fetchMethod: async (_key, _stale, { context: load }) => ({ value: await load() }),
  });
  let nextStart = 0;
  let sent = 0;

  /** Waits for this server's next upstream slot (starts at least `intervalMs` apart), or refuses when the queue is too long. */
  async function takeTurn() {
    const now = Date.now();
    const start = Math.max(now, nextStart);
    if (start - now > maxWaitMs) throw serviceUnavailable(GEOCODE_MESSAGES.busy);
    nextStart = start + intervalMs;
    if (start > now) await Bun.sleep(start - now);
  }

  async function upstream(path: "reverse" | "search", params: Record<string, string>): Promise<unknown> {
    await takeTurn();
    const url = `${base}/${path}?${new URLSearchParams(params)}`;
    sent++;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { "User-Agent": userAgent, Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "follow",
      });
    } catch (error) {
      services.log.warn(
        `geocoder ${path}: ${(error as Error)?.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : ((error as Error)?.message ?? String(error))}`,
      );
      throw serviceUnavailable(GEOCODE_MESSAGES.unavailable);
    }
    if (response.status === 429 || response.status >= 500) {
      services.log.warn(`geocoder ${path}: HTTP ${response.status}`);
      await response.body?.cancel().catch(() => {});
      throw serviceUnavailable(GEOCODE_MESSAGES.unavailable);
    }
    let body: unknown;
    try {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      services.log.warn(`geocoder ${path}: unreadable answer (${(error as Error).message})`);
      throw badGateway(GEOCODE_MESSAGES.badAnswer);
    }
    return body;
  }

  /** From the cache, or one shared upstream request per key; only good answers are cached. */
  async function lookup<T>(key: string, load: () => Promise<T>): Promise<T> {
    const answer = await cache.fetch(key, { context: load });
    return answer?.value as T;
  }

  return {
    get upstreamRequests() {
      return sent;
    },
    reverse(lat, lon) {
      // ~1 m: nearby fixes share one cached answer.
      const la = lat.toFixed(5);
      const lo = lon.toFixed(5);
      return lookup(`reverse:${la},${lo}`, async () => {
        const body = await upstream("reverse", { format: "jsonv2", lat: la, lon: lo, "accept-language": "en", addressdetails: "1" });
        if (typeof body === "object" && body !== null && "error" in body) return null; // Nominatim: {"error":"Unable to geocode"}
        const result = toResult(body);
        if (!result) throw badGateway(GEOCODE_MESSAGES.badAnswer);
        return result;
      });
    },
    search(query) {
      const q = query.trim().replace(/\s+/g, " ");
      return lookup(`search:${q.toLowerCase()}`, async () => {
        const body = await upstream("search", { format: "jsonv2", q, countrycodes: "za", "accept-language": "en", limit: "5", addressdetails: "1" });
        if (!Array.isArray(body)) throw badGateway(GEOCODE_MESSAGES.badAnswer);
        return body.map(toResult).filter((r): r is GeocodeResult => r !== null);
      });
    },
  };
}

// One geocoder (queue and cache) per server.
const geocoders = new WeakMap<Services, Geocoder>();
export function geocoderFor(services: Services): Geocoder {
  let geocoder = geocoders.get(services);
  if (!geocoder) geocoders.set(services, (geocoder = createGeocoder(services)));
  return geocoder;
}

/** Lookups are for signed-in users (customers, admins, dealerships): the upstream budget is small. */
function requireSignedIn(viewer: Viewer) {
  if (viewer.kind === "anonymous") throw signInRequired(viewer);
}

/** The address at a point, or null when the geocoder knows none. 400 on bad coordinates; 502/503 when the geocoder fails. */
export async function reverseGeocode(services: Services, viewer: Viewer, input: unknown, geocoder = geocoderFor(services)): Promise<GeocodeResult | null> {
  requireSignedIn(viewer);
  const { lat, lon } = parseInput(reverseGeocodeSchema, input);
  return geocoder.reverse(lat, lon);
}

/** Like reverseGeocode, but "nothing here" is a 404 (REST). */
export async function reverseGeocodeOrNotFound(services: Services, viewer: Viewer, input: unknown): Promise<GeocodeResult> {
  const result = await reverseGeocode(services, viewer, input);
  if (!result) throw notFound(GEOCODE_MESSAGES.noAddress);
  return result;
}

/** Up to 5 places in South Africa matching typed text (possibly none). */
export async function searchAddresses(services: Services, viewer: Viewer, input: unknown, geocoder = geocoderFor(services)): Promise<GeocodeResult[]> {
  requireSignedIn(viewer);
  const { q } = parseInput(geocodeSearchSchema, input);
  return geocoder.search(q);
}
