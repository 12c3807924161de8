// A Nominatim stand-in on loopback for tests (server and Playwright): answers /reverse and
// /search like the public service (format=jsonv2: display_name, lat/lon as strings, an address
// object), records every request, and can be told to fail, hang or talk nonsense.
export type RecordedRequest = { path: string; params: URLSearchParams; userAgent: string | null; at: number };

export type NominatimMode = "ok" | "error500" | "rateLimited" | "html" | "hang" | "badShape";

export type NominatimStandIn = {
  url: string;
  requests: RecordedRequest[];
  mode: NominatimMode;
  /** Milliseconds to wait before answering (in "ok" mode). */
  delayMs: number;
  close(): Promise<void>;
};

type Place = { display_name: string; lat: string; lon: string; address: Record<string, string> };

const PLACES: Place[] = [
  {
    display_name: "Long Street, Cape Town City Centre, Cape Town, City of Cape Town, Western Cape, 8001, South Africa",
    lat: "-33.9249",
    lon: "18.4241",
    address: { road: "Long Street", suburb: "Cape Town City Centre", city: "Cape Town", postcode: "8001", country: "South Africa", country_code: "za" },
  },
  {
    display_name: "Dorp Street, Stellenbosch Central, Stellenbosch, Cape Winelands District Municipality, Western Cape, 7600, South Africa",
    lat: "-33.9380",
    lon: "18.8590",
    address: { road: "Dorp Street", suburb: "Stellenbosch Central", town: "Stellenbosch", postcode: "7600", country: "South Africa", country_code: "za" },
  },
  {
    display_name: "Cape Town International Airport, Airport Approach Road, Matroosfontein, Cape Town, Western Cape, 7490, South Africa",
    lat: "-33.9715",
    lon: "18.6021",
    address: { road: "Airport Approach Road", suburb: "Matroosfontein", city: "Cape Town", postcode: "7490", country: "South Africa", country_code: "za" },
  },
];

function nearest(lat: number, lon: number): Place | null {
  // False Bay, inside the demo service area but at sea: no address, as Nominatim says.
  if (lat < -34.15 && lat > -34.4 && lon > 18.55 && lon < 18.9) return null;
  let best: Place | null = null;
  let bestDistance = Infinity;
  for (const place of PLACES) {
    const d = Math.hypot(Number(place.lat) - lat, Number(place.lon) - lon);
    if (d < bestDistance) [best, bestDistance] = [place, d];
  }
  // Further than ~50 km from every known place: "Unable to geocode", as Nominatim says at sea.
  return bestDistance < 0.5 ? best : null;
}

/** Listens on a random loopback port unless `port` is given (Playwright's runs use a fixed one). */
export function startNominatimStandIn(options: { port?: number } = {}): NominatimStandIn {
  const standIn: NominatimStandIn = {
    url: "",
    requests: [],
    mode: "ok",
    delayMs: 0,
    async close() {
      await server.stop(true);
    },
  };
  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      standIn.requests.push({ path: url.pathname, params: url.searchParams, userAgent: request.headers.get("user-agent"), at: performance.now() });
      switch (standIn.mode) {
        case "error500":
          return new Response("Internal Server Error", { status: 500 });
        case "rateLimited":
          return new Response("Too Many Requests", { status: 429 });
        case "html":
          return new Response("<html><body>Bandwidth limit exceeded</body></html>", { headers: { "content-type": "text/html" } });
        case "hang":
          await Bun.sleep(60_000);
          return new Response("late");
        case "badShape":
          return Response.json(url.pathname === "/search" ? { results: [] } : { display_name: 42 });
      }
      if (standIn.delayMs) await Bun.sleep(standIn.delayMs);
      if (url.pathname.endsWith("/reverse")) {
        const place = nearest(Number(url.searchParams.get("lat")), Number(url.searchParams.get("lon")));
        if (!place) return Response.json({ error: "Unable to geocode" });
        return Response.json({ place_id: 1, osm_type: "way", category: "highway", type: "residential", ...place });
      }
      if (url.pathname.endsWith("/search")) {
        const words = (url.searchParams.get("q") ?? "")
          .toLowerCase()
          .split(/[\s,]+/)
          .filter(Boolean);
        const found = PLACES.filter((p) => words.every((w) => p.display_name.toLowerCase().includes(w)));
        return Response.json(found.slice(0, Number(url.searchParams.get("limit") ?? 10)).map((p, i) => ({ place_id: i + 1, importance: 0.5, ...p })));
      }
      return new Response("Not found", { status: 404 });
    },
  });
  standIn.url = `http://127.0.0.1:${server.port}`;
  return standIn;
}
