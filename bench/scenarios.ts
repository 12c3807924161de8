// The benchmark's scenarios: one request shape each, shared by bench/run.ts (load) and
// bench/layers.ts (where one request's time goes).
import { addDays, capeTownDateTimeToUtc, capeTownToday } from "#domain";
import type { Scenario } from "./load";
import type { FreeSlot, SeedResult } from "./seed";

export function buildScenarios(
  seed: SeedResult,
  slots: { next(): FreeSlot | undefined },
  tokens: { reader: string; bookers: string[]; admin: string },
): Scenario[] {
  const gql = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** Each item in turn, round and round (request bodies, the bookers' headers). */
  const cycle = <T>(items: T[]) => {
    let i = 0;
    return () => items[i++ % items.length]!;
  };
  // Customers pick their own dates: two-week periods starting on each of the next 28 days (09:00
  // to 09:00 Cape Town time), either transmission, one category: 56 different queries in turn.
  const availableVehicles = `query AvailableVehicles($category: VehicleCategory, $transmission: Transmission, $pickupDate: String, $returnDate: String) {
    vehicles(category: $category, transmission: $transmission, pickupDate: $pickupDate, returnDate: $returnDate, limit: 100) { id make model year category transmission dailyRate images }
  }`;
  const periods = Array.from({ length: 28 }, (_, day) => {
    const from = addDays(capeTownToday(), 7 + day);
    return { pickupDate: capeTownDateTimeToUtc(from, "09:00").toISOString(), returnDate: capeTownDateTimeToUtc(addDays(from, 14), "09:00").toISOString() };
  });
  const vehicleBodies = periods.flatMap((period) =>
    (["automatic", "manual"] as const).map((transmission) => gql(availableVehicles, { category: "medium", transmission, ...period })),
  );
  const carsForSale = `query CarsForSale($search: String, $transmission: Transmission, $priceBand: String, $sort: ForSaleSort) {
    carsForSale(search: $search, transmission: $transmission, priceBand: $priceBand, sort: $sort, limit: 12) { total vehicles { id make model year category transmission mileage salesPrice images dealership { companyName city } } }
  }`;
  const forSaleBodies = ["toyota", "volkswagen", null].flatMap((search) =>
    ["under-100k", "100k-200k", "200k-300k", "over-300k"].map((priceBand) =>
      gql(carsForSale, { search, transmission: "automatic", priceBand, sort: "price_asc" }),
    ),
  );
  /** A booking of the next free car and day (null when none is left). */
  const bookingInput = () => {
    const s = slots.next();
    if (!s) return null;
    return {
      category: s.category,
      transmission: s.transmission,
      vehicleId: s.vehicleId,
      pickupDate: s.pickup.toISOString(),
      returnDate: s.returnAt.toISOString(),
      deliveryLocation: "12 Long Street, Cape Town",
      deliveryCoordinates: "-33.9249,18.4241",
      returnLocation: "Cape Town International Airport",
      returnCoordinates: "-33.9715,18.6021",
    };
  };
  const bookingBody = () => {
    const input = bookingInput();
    return input === null ? null : JSON.stringify(input);
  };
  // Browsing while others book: every tenth request books (a GraphQL createBooking by one of the
  // bookers), the rest ask for available cars without the cache. Each booking drops the public
  // cache's answers and every other database connection's page cache, as real traffic does.
  const createBooking = `mutation Book($input: CreateBookingInput!) { createBooking(input: $input) { id status } }`;
  const nextVehicleBody = cycle(vehicleBodies);
  const nextBooker = cycle(tokens.bookers.map(bearer));
  let mixed = 0;
  let booking = false;
  const mixedBody = () => {
    booking = mixed++ % 10 === 9;
    if (!booking) return nextVehicleBody();
    const input = bookingInput();
    return input === null ? null : gql(createBooking, { input });
  };
  return [
    { id: "baseline", title: "Baseline: trivial JSON route", kind: "baseline", request: { method: "GET", path: "/api/bench/ping" } },
    {
      id: "gql-available-vehicles",
      title: "GraphQL vehicles: medium, two weeks, 56 periods in turn (the web app's query)",
      kind: "graphql-read",
      graphql: true,
      request: { method: "POST", path: "/graphql" },
      nextBody: cycle(vehicleBodies),
    },
    {
      id: "gql-available-vehicles-db",
      title: "The same with Cache-Control: no-cache (every request queries the database)",
      kind: "graphql-read-uncached",
      graphql: true,
      request: { method: "POST", path: "/graphql", headers: { "cache-control": "no-cache" } },
      nextBody: cycle(vehicleBodies),
    },
    {
      id: "rest-vehicles",
      title: "GET /api/vehicles (the whole fleet, up to 1000, with photos)",
      kind: "rest-read",
      request: { method: "GET", path: "/api/vehicles" },
    },
    {
      id: "gql-my-bookings",
      title: `GraphQL myBookings (${seed.reader.bookings} bookings, with vehicles)`,
      kind: "graphql-read",
      graphql: true,
      request: {
        method: "POST",
        path: "/graphql",
        headers: bearer(tokens.reader),
        body: gql(
          `query MyBookings { myBookings(limit: 100) { id bookingNumber category transmission pickupDate returnDate deliveryLocation returnLocation totalAmount duration status createdAt canCancel cancelBlockedReason vehicle { id make model year } } }`,
        ),
      },
    },
    {
      id: "rest-my-bookings",
      title: `GET /api/bookings (${seed.reader.bookings} bookings)`,
      kind: "rest-read",
      request: { method: "GET", path: "/api/bookings", headers: bearer(tokens.reader) },
    },
    {
      id: "gql-admin-bookings",
      title: "GraphQL adminBookings (page of 20, customers and vehicles)",
      kind: "graphql-read",
      graphql: true,
      request: {
        method: "POST",
        path: "/graphql",
        headers: bearer(tokens.admin),
        body: gql(
          `query AdminBookings { adminBookings(limit: 20) { total items { id bookingNumber status carCategory transmission deliveryDateTime returnDate totalPrice deliveryLocation user { id name email phone } vehicle { id make model registrationNumber } } } }`,
        ),
      },
    },
    {
      id: "rest-admin-bookings",
      title: "GET /api/admin/bookings (page of 50)",
      kind: "rest-read",
      request: { method: "GET", path: "/api/admin/bookings", headers: bearer(tokens.admin) },
    },
    {
      id: "gql-cars-for-sale",
      title: "GraphQL carsForSale: search, automatic, price band, price ascending (12 searches in turn)",
      kind: "graphql-read",
      graphql: true,
      request: { method: "POST", path: "/graphql" },
      nextBody: cycle(forSaleBodies),
    },
    {
      id: "rest-cars-for-sale",
      title: "GET /api/for-sale?category=medium&priceBand=200k-300k",
      kind: "rest-read",
      request: { method: "GET", path: "/api/for-sale?category=medium&priceBand=200k-300k&sort=newest" },
    },
    {
      id: "rest-create-booking",
      title: `POST /api/bookings (a free vehicle and day each, ${tokens.bookers.length.toLocaleString("en-US")} customers in turn)`,
      kind: "write",
      request: { method: "POST", path: "/api/bookings" },
      nextHeaders: cycle(tokens.bookers.map(bearer)),
      nextBody: bookingBody,
    },
    {
      id: "gql-available-vehicles-while-booking",
      title: "GraphQL vehicles with Cache-Control: no-cache while others book (1 request in 10 a createBooking)",
      kind: "write",
      graphql: true,
      request: { method: "POST", path: "/graphql", headers: { "cache-control": "no-cache" } },
      nextBody: mixedBody,
      // Called right after nextBody for the same request: a booker's token for a booking.
      nextHeaders: () => (booking ? nextBooker() : {}),
    },
  ];
}

/**
 * A scenario's next request as a client sends it, to a server's fetch handler in process
 * (bench/layers.ts, bench/ab.ts): a body with its Content-Length (one without is first read in
 * chunks: server/app.ts withinBodyLimit). null when its bodies have run out.
 */
export function nextRequestOf(scenario: Scenario): Request | null {
  const body = scenario.nextBody ? scenario.nextBody() : scenario.request.body;
  if (scenario.nextBody && body === null) return null;
  return new Request(`http://127.0.0.1${scenario.request.path}`, {
    method: scenario.request.method,
    headers: {
      ...(body ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } : {}),
      ...scenario.request.headers,
      ...scenario.nextHeaders?.(),
    },
    body: body ?? undefined,
  });
}
