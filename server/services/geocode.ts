// Addresses for the booking locations through a Nominatim-compatible geocoder (GEOCODER_URL):
// reverse (a GPS fix -> an address line) and search (typed text -> places in South Africa),
// both in English. Nominatim's usage policy asks for an identifying User-Agent and at most one
// request a second in total, so, shared by every instance through the database:
// - answers are cached (table geocode_answers, 24 h, keyed by the normalised lookup, at most
//   10,000 rows: the soonest to expire go first), and identical lookups in flight in one server
//   share one upstream request;
// - upstream requests start at least 1/GEOCODER_REQUESTS_PER_SECOND apart across all instances:
//   each start is claimed from one row (request_slots) with a conditional update, so two instances
//   never take the same slot; a caller that would wait more than 10 s is refused at once with 503
//   (the web app then falls back);
// - each upstream request gets 5 s.
// When the geocoder cannot be reached, times out or is overloaded the answer is 503; when it
// answers something unreadable, 502. The web app then uses "GPS Location (lat, lon)" with rounded
// coordinates, or the default Stellenbosch coordinate for a typed address (domain geo.ts).
// Slots are measured on each instance's clock: keep the instances' clocks in sync (NTP).
import { z } from "zod";
import { type ApiKeyPermission, formatCoordinates } from "#domain";
import { badGateway, notFound, serviceUnavailable } from "../errors";
import { isUniqueViolation } from "./auth";
import type { Services } from "./context";
import { parseInput } from "./validation";
import { requireAdminOrKey, signInRequired, type Viewer } from "./viewer";

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
  /** Rows kept in the shared cache, all lookups together (default 10 000). */
  cacheSize?: number;
  cacheTtlMs?: number;
  /**
   * Names the shared budget and cache partition (default: the geocoder's URL, so every instance
   * pointing at one geocoder shares them). Tests give their own geocoders a scope of their own.
   */
  scope?: string;
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

export function createGeocoder(services: Services, options: GeocoderOptions = {}): Geocoder {
  const { db } = services;
  const intervalMs = options.intervalMs ?? 1_000 / services.config.geocoderRequestsPerSecond;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const cacheSize = options.cacheSize ?? 10_000;
  const cacheTtlMs = options.cacheTtlMs ?? 24 * 3_600_000;
  const base = services.config.geocoderUrl;
  const scope = options.scope ?? base;
  const slotName = `geocoder ${scope}`.slice(0, 500);
  const userAgent = `CapeDrive/0.1 (+${services.config.publicUrl})`;
  // Lookups in flight in this server, by key: the same lookup at once waits for the first one.
  const inFlight = new Map<string, Promise<unknown>>();
  let sent = 0;

  /**
   * Waits for the next upstream slot shared by all instances, or refuses when it is too far off.
   * Reads the row, then moves `nextAt` on only if nobody moved it meanwhile; the loser reads again.
   */
  async function takeTurn() {
    for (let attempt = 0; attempt < 100; attempt++) {
      const now = Date.now();
      const row = await db.requestSlot.findUnique({ where: { name: slotName } });
      const start = Math.max(now, row?.nextAt.getTime() ?? 0);
      if (start - now > maxWaitMs) break;
      const nextAt = new Date(start + intervalMs);
      let claimed: boolean;
      if (row) claimed = (await db.requestSlot.updateMany({ where: { name: slotName, nextAt: row.nextAt }, data: { nextAt } })).count === 1;
      else
        claimed = await db.requestSlot.create({ data: { name: slotName, nextAt } }).then(
          () => true,
          (error: unknown) => {
            if (isUniqueViolation(error)) return false; // another instance made the row first
            throw error;
          },
        );
      if (claimed) {
        if (start > now) await Bun.sleep(start - now);
        return;
      }
    }
    throw serviceUnavailable(GEOCODE_MESSAGES.busy);
  }

  async function upstream(path: "reverse" | "search", params: Record<string, string>): Promise<unknown> {
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

  /** The shared cache's answer for `key` (`found` false when there is none that is still fresh). */
  async function cached(key: string): Promise<{ found: boolean; value?: unknown }> {
    const row = await db.geocodeAnswer.findUnique({ where: { key } });
    if (!row || row.expiresAt.getTime() <= Date.now()) return { found: false };
    return { found: true, value: JSON.parse(row.value) };
  }

  /** Keeps a good answer for every instance; then trims what expired and the oldest beyond the bound. */
  async function keep(key: string, value: unknown) {
    const data = { value: JSON.stringify(value), expiresAt: new Date(Date.now() + cacheTtlMs) };
    try {
      await db.geocodeAnswer.upsert({ where: { key }, create: { key, ...data }, update: data });
      // Rows are written at most a few times a second (the upstream budget), so this stays cheap.
      await db.geocodeAnswer.deleteMany({ where: { expiresAt: { lte: new Date() } } });
      const excess = (await db.geocodeAnswer.count()) - cacheSize;
      if (excess > 0) {
        const oldest = await db.geocodeAnswer.findMany({ select: { key: true }, orderBy: { expiresAt: "asc" }, take: excess });
        await db.geocodeAnswer.deleteMany({ where: { key: { in: oldest.map((row) => row.key) } } });
      }
    } catch (error) {
      // The caller still gets its answer; the next lookup asks upstream again.
      if (!isUniqueViolation(error)) services.log.warn(`geocoder cache: ${(error as Error).message}`);
    }
  }

  /** From the shared cache, or one upstream request in this server's turn; only good answers are kept. */
  function lookup<T>(lookupKey: string, load: () => Promise<T>): Promise<T> {
    const key = `${scope} ${lookupKey}`;
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    const answer = (async () => {
      const hit = await cached(key);
      if (hit.found) return hit.value as T;
      // Nothing more between the turn and the request, so requests start on their slots.
      await takeTurn();
      const value = await load();
      await keep(key, value);
      return value;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, answer);
    return answer;
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

/**
 * Lookups are for signed-in accounts (customers, admins, dealerships, drivers): the upstream budget
 * is small and shared by every instance. An API key may look up only with bookings:write, the one
 * thing a key does with a place (setting a booking's point); any other key would spend the budget
 * the booking flow needs.
 */
export const GEOCODE_KEY_PERMISSION = "bookings:write" satisfies ApiKeyPermission;

function requireSignedIn(viewer: Viewer) {
  if (viewer.kind === "anonymous") throw signInRequired(viewer);
  if (viewer.kind === "apiKey") requireAdminOrKey(viewer, GEOCODE_KEY_PERMISSION);
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
