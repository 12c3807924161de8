// Test fixtures for bookings: customers with a session, vehicles, the demo service area and a
// valid booking request for a vehicle, with dates built in Cape Town time.
import { join } from "node:path";
import { addDays, bookingQuote, capeTownDateTimeToUtc, capeTownToday, type Category, type Transmission } from "#domain";
import type { Services } from "../services/context";
import { createSession } from "../services/sessions";
import { send } from "./http";

export const POINTS = {
  capeTownCbd: "-33.9249,18.4241",
  stellenbosch: "-33.9321,18.8602",
  airport: "-33.9715,18.6021",
  malmesbury: "-33.4608,18.7271",
  hermanus: "-34.4187,19.2345",
} as const;

export type TestCustomer = { id: string; email: string; token: string; auth: Record<string, string> };

let customers = 0;

/** A customer (profile completed unless told otherwise) and a bearer token for them. */
export async function newCustomer(services: Services, options: { completed?: boolean; name?: string } = {}): Promise<TestCustomer> {
  const n = ++customers;
  const email = `rider-${n}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const completed = options.completed ?? true;
  const user = await services.db.user.create({
    data: {
      name: options.name ?? `Rider ${n}`,
      email,
      phone: "+27 82 555 0100",
      profileCompleted: completed,
      ...(completed
        ? {
            dateOfBirth: "1990-05-14",
            address: "12 Long Street",
            city: "Cape Town",
            postalCode: "8001",
            nationality: "South African",
            idType: "south_african_id" as const,
            idNumber: "9005145009087",
            driversLicenseNumber: "DL123456789",
            driversLicenseExpiryDate: "2035-01-01",
          }
        : {}),
    },
  });
  const { token } = await createSession(services, "customer", user.id);
  return { id: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
}

let plates = 0;

/** A rentable vehicle (available, small manual at R450 unless told otherwise). */
export async function newVehicle(
  services: Services,
  data: {
    category?: Category;
    transmission?: Transmission;
    status?: "available" | "rented" | "maintenance" | "out_of_service";
    make?: string;
    model?: string;
    images?: string[];
  } = {},
) {
  const category = data.category ?? "small";
  const rates = { small: "450.00", medium: "650.00", large: "850.00" } as const;
  return services.db.vehicle.create({
    data: {
      registrationNumber: `CA ${String(++plates).padStart(3, "0")}-${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      make: data.make ?? "Toyota",
      model: data.model ?? "Corolla",
      year: 2023,
      category,
      transmission: data.transmission ?? "manual",
      status: data.status ?? "available",
      dailyRate: rates[category],
      features: [],
      images: data.images ? { create: data.images.map((url, position) => ({ url, position })) } : undefined,
    },
  });
}

/**
 * A booking row written straight to the database, priced as the server prices it: for states and
 * periods the API would refuse (a pickup within the cancel window, an overlap, a past trip).
 */
export function storeBooking(
  services: Pick<Services, "db">,
  fields: { userId: string; vehicleId: string | null; pickup: Date; returnAt: Date; category?: Category; status?: BookingStatusName },
) {
  const category = fields.category ?? "small";
  const quote = bookingQuote(category, fields.pickup, fields.returnAt);
  return services.db.booking.create({
    data: {
      userId: fields.userId,
      vehicleId: fields.vehicleId,
      category,
      transmission: "manual",
      pickupDate: fields.pickup,
      returnDate: fields.returnAt,
      deliveryLocation: "A",
      deliveryCoordinates: POINTS.capeTownCbd,
      returnLocation: "B",
      returnCoordinates: POINTS.capeTownCbd,
      totalAmount: quote.total,
      duration: quote.days,
      ...(fields.status ? { status: fields.status } : {}),
    },
  });
}
type BookingStatusName = "pending" | "confirmed" | "in_progress" | "completed" | "cancelled";

/** The demo service area (contains the CBD, the airport and Stellenbosch; not Malmesbury or Hermanus). */
export async function addDemoServiceArea(services: Services, isActive = true) {
  const polygon = (await Bun.file(join(import.meta.dir, "../../prisma/seed/cape-town-service-area.geojson")).json()).geometry;
  return services.db.serviceArea.create({ data: { name: "Cape Town metro and Stellenbosch", polygon, isActive } });
}

/** The instant at `time` on the Cape Town calendar day `days` days from today. */
export function capeTown(days: number, time = "10:00"): Date {
  return capeTownDateTimeToUtc(addDays(capeTownToday(), days), time);
}

/** A valid request body for `vehicle` from `pickup` to `returnAt`, with the server's own figures. */
export function bookingRequest(
  vehicle: { id: string; category: Category; transmission: Transmission },
  pickup: Date = capeTown(3),
  returnAt: Date = capeTown(6),
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const quote = bookingQuote(vehicle.category, pickup, returnAt);
  return {
    category: vehicle.category,
    transmission: vehicle.transmission,
    vehicleId: vehicle.id,
    pickupDate: pickup.toISOString(),
    returnDate: returnAt.toISOString(),
    deliveryLocation: "12 Long Street, Cape Town",
    deliveryCoordinates: POINTS.capeTownCbd,
    returnLocation: "1 Dorp Street, Stellenbosch",
    returnCoordinates: POINTS.stellenbosch,
    totalAmount: quote.total,
    duration: quote.days,
    ...overrides,
  };
}

export type Answer = { status: number; body: any };

/** A JSON request to the test server. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; auth?: Record<string, string> } = {},
): Promise<Answer> {
  // Status and body only: tests compare the whole answer.
  const { status, body } = await send(`${baseUrl}${path}`, method, { ...(options.auth ?? {}) }, { body: options.body, raw: options.raw });
  return { status, body };
}

/** A token of another area: a real (active) admin or dealership account and a session for it. */
export async function staffToken(services: Services, audience: "admin" | "dealership"): Promise<string> {
  const unique = crypto.randomUUID().slice(0, 8);
  const id =
    audience === "admin"
      ? (await services.db.adminUser.create({ data: { email: `admin-${unique}@example.com`, passwordHash: "unused", firstName: "Ada", lastName: "Admin" } })).id
      : (
          await services.db.dealership.create({
            data: {
              dealershipCode: `D${unique}`,
              companyName: "Cape Motors",
              contactEmail: `sales-${unique}@example.com`,
              contactPerson: "Sam",
              passwordHash: "unused",
            },
          })
        ).id;
  return (await createSession(services, audience, id)).token;
}
