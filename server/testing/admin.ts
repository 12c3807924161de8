// Test fixtures for the admin back office: admins, customers and dealerships with tokens,
// vehicles and bookings written straight to the database, an HTTP caller, and a fingerprint of
// every table an admin call may change (to prove that refused calls changed nothing).
import { expect } from "bun:test";
import { hashPassword } from "../services/passwords";
import type { Services } from "../services/context";
import { createSession } from "../services/sessions";
import { type Answer, send } from "./http";

let counter = 0;
const next = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;

export const ADMIN_PASSWORD = "correct horse battery";
let passwordHash: Promise<string> | undefined;
const adminHash = () => (passwordHash ??= hashPassword(ADMIN_PASSWORD));

export type TestActor = { id: string; token: string; auth: Record<string, string> };

export async function newAdmin(
  services: Services,
  data: { email?: string; isActive?: boolean; firstName?: string; lastName?: string } = {},
): Promise<TestActor & { email: string }> {
  const email = data.email ?? `admin-${next()}@capedrive.example`;
  const admin = await services.db.adminUser.create({
    data: { email, passwordHash: await adminHash(), firstName: data.firstName ?? "Ada", lastName: data.lastName ?? "Admin", isActive: data.isActive ?? true },
  });
  const { token } = await createSession(services, "admin", admin.id);
  return { id: admin.id, email, token, auth: { authorization: `Bearer ${token}` } };
}

export async function newCustomerWithToken(
  services: Services,
  data: { name?: string; email?: string; phone?: string; profileCompleted?: boolean; createdAt?: Date } = {},
): Promise<TestActor> {
  const user = await services.db.user.create({
    data: {
      name: data.name ?? `Rider ${next()}`,
      email: data.email ?? `rider-${next()}@example.com`,
      phone: data.phone ?? "082 555 0100",
      profileCompleted: data.profileCompleted ?? false,
      ...(data.createdAt ? { createdAt: data.createdAt } : {}),
    },
  });
  const { token } = await createSession(services, "customer", user.id);
  return { id: user.id, token, auth: { authorization: `Bearer ${token}` } };
}

export async function newDealershipWithToken(services: Services): Promise<TestActor> {
  const n = next();
  const dealership = await services.db.dealership.create({
    data: {
      dealershipCode: `DL-${n}`,
      companyName: `Motors ${n}`,
      contactEmail: `sales-${n}@motors.example`,
      contactPerson: "Sam Seller",
      passwordHash: await adminHash(),
    },
  });
  const { token } = await createSession(services, "dealership", dealership.id);
  return { id: dealership.id, token, auth: { authorization: `Bearer ${token}` } };
}

let plates = 0;
export async function newFleetVehicle(
  services: Services,
  data: {
    category?: "small" | "medium" | "large";
    transmission?: "manual" | "automatic";
    status?: "available" | "rented" | "maintenance" | "out_of_service";
    plate?: string;
    dealershipId?: string;
    lastKnownLocation?: unknown;
  } = {},
) {
  return services.db.vehicle.create({
    data: {
      registrationNumber: data.plate ?? `CA ${String(++plates).padStart(3, "0")}-${crypto.randomUUID().slice(0, 4).toUpperCase()}`,
      make: "Toyota",
      model: "Starlet",
      year: 2024,
      category: data.category ?? "small",
      transmission: data.transmission ?? "manual",
      status: data.status ?? "available",
      dailyRate: "450.00",
      features: ["Air conditioning", "Bluetooth", "USB", "Cruise control"],
      dealershipId: data.dealershipId ?? null,
      ...(data.lastKnownLocation !== undefined ? { lastKnownLocation: data.lastKnownLocation as never } : {}),
    },
  });
}

const DAY = 86_400_000;

/** A booking written directly (the customer booking rules are tested elsewhere). Days are from now. */
export async function newBooking(
  services: Services,
  data: {
    userId: string;
    vehicleId?: string | null;
    category?: "small" | "medium" | "large";
    transmission?: "manual" | "automatic";
    status?: "pending" | "confirmed" | "in_progress" | "completed" | "cancelled";
    fromDay?: number;
    toDay?: number;
    createdAt?: Date;
  },
) {
  const now = Date.now();
  return services.db.booking.create({
    data: {
      userId: data.userId,
      vehicleId: data.vehicleId ?? null,
      category: data.category ?? "small",
      transmission: data.transmission ?? "manual",
      pickupDate: new Date(now + (data.fromDay ?? 3) * DAY),
      returnDate: new Date(now + (data.toDay ?? 5) * DAY),
      deliveryLocation: "12 Long Street, Cape Town",
      deliveryCoordinates: "-33.9249,18.4241",
      returnLocation: "Cape Town International Airport",
      returnCoordinates: "-33.9715,18.6021",
      totalAmount: "900.00",
      duration: 2,
      status: data.status ?? "confirmed",
      ...(data.createdAt ? { createdAt: data.createdAt } : {}),
    },
  });
}

export type { Answer };

let addresses = 0;
/** Calls the server; each call comes from its own address (TRUST_PROXY) unless `from` is given. */
export function caller(baseUrl: () => string) {
  return async function call(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; auth?: Record<string, string>; from?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { "x-forwarded-for": options.from ?? `203.0.113.${(++addresses % 250) + 1}`, ...(options.auth ?? {}) };
    return send(`${baseUrl()}${path}`, method, headers, { body: options.body, raw: options.raw });
  };
}

/** Every row an admin call could change, in a stable order. */
export async function fingerprint(services: Services): Promise<string> {
  const { db } = services;
  const byId = { orderBy: { id: "asc" as const } };
  const tables = await Promise.all([
    db.adminUser.findMany(byId),
    db.vehicle.findMany(byId),
    db.vehicleImage.findMany(byId),
    db.booking.findMany(byId),
    db.serviceArea.findMany(byId),
    db.apiKey.findMany({ ...byId, select: { id: true, name: true, keyHash: true, prefix: true, permissions: true, isActive: true, createdAt: true } }),
    db.auditLog.findMany(byId),
    db.user.findMany(byId),
  ]);
  const names = ["admin_users", "vehicles", "vehicle_images", "bookings", "service_areas", "api_keys", "audit_logs", "users"];
  // Per table: its row count and a hash of its rows, so a failure names the table that changed.
  return JSON.stringify(
    Object.fromEntries(
      tables.map((rows, i) => [names[i], `${rows.length}:${new Bun.CryptoHasher("sha256").update(JSON.stringify(rows)).digest("hex").slice(0, 16)}`]),
    ),
  );
}

/** Runs a refused call and checks its status, that it says why, and that nothing changed. */
export async function expectRefusedUnchanged(services: Services, run: () => Promise<Answer>, status: number, message?: string | RegExp): Promise<Answer> {
  const before = await fingerprint(services);
  const answer = await run();
  expect(answer.status).toBe(status);
  expect(typeof answer.body?.message).toBe("string");
  expect(answer.body.message.length).toBeGreaterThan(3);
  if (typeof message === "string") expect(answer.body.message).toBe(message);
  else if (message) expect(answer.body.message).toMatch(message);
  expect(await fingerprint(services)).toBe(before);
  return answer;
}

/** Uploads a small JPEG as `auth` for `purpose`; returns the upload URL (as given) and the object path. */
export async function uploadPhoto(baseUrl: string, auth: Record<string, string>, purpose: string): Promise<{ uploadURL: string; objectPath: string }> {
  const { default: sharp } = await import("sharp");
  const ticket = await fetch(`${baseUrl}/api/objects/upload`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ purpose }),
  });
  expect(ticket.status).toBe(200);
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  // A dark diagonal on red: a picture of something, so a signature is not refused as blank.
  const [width, height] = [32, 24];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set(Math.abs(x - y) < 2 ? [20, 20, 20] : [200, 40, 40], (y * width + x) * 3);
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  // Upload URLs are relative: resolved against the server that handed them out.
  const put = await fetch(new URL(uploadURL, baseUrl), { method: "PUT", headers: { "content-type": "image/jpeg" }, body: bytes });
  expect(put.status).toBe(200);
  return { uploadURL, objectPath };
}
