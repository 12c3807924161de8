// Test helpers for the dealership portal and the for-sale listing: dealerships and vehicles made
// straight in the database, and HTTP calls speaking from a chosen client address.
import type { Db } from "../db";
import { hashPassword } from "../services/passwords";
import { type Answer, send } from "./http";

let counter = 0;
const unique = () => `${++counter}${crypto.randomUUID().replaceAll("-", "").slice(0, 6)}`.toUpperCase();

export type TestDealership = { id: string; dealershipCode: string; password: string; companyName: string; contactEmail: string; contactPerson: string };

/** A dealership row with an argon2id password (hashed once per test file run, it is slow on purpose). */
let sharedHash: Promise<string> | undefined;
export const TEST_DEALERSHIP_PASSWORD = "dealer-secret-1";

export async function createDealership(
  db: Db,
  fields: Partial<{ dealershipCode: string; companyName: string; contactEmail: string; contactPerson: string; city: string | null; isActive: boolean }> = {},
): Promise<TestDealership> {
  const code = fields.dealershipCode ?? `DLR${unique()}`;
  const row = await db.dealership.create({
    data: {
      dealershipCode: code,
      companyName: fields.companyName ?? `Company ${code}`,
      contactEmail: fields.contactEmail ?? `${code.toLowerCase()}@dealer.example`,
      contactPerson: fields.contactPerson ?? "Sam Seller",
      contactPhone: "021 555 0100",
      city: fields.city === undefined ? "Cape Town" : fields.city,
      passwordHash: await (sharedHash ??= hashPassword(TEST_DEALERSHIP_PASSWORD)),
      isActive: fields.isActive ?? true,
    },
  });
  return {
    id: row.id,
    dealershipCode: row.dealershipCode,
    password: TEST_DEALERSHIP_PASSWORD,
    companyName: row.companyName,
    contactEmail: row.contactEmail,
    contactPerson: row.contactPerson,
  };
}

export type VehicleFields = Partial<{
  dealershipId: string | null;
  registrationNumber: string;
  make: string;
  model: string;
  year: number;
  category: "small" | "medium" | "large";
  transmission: "manual" | "automatic";
  status: "available" | "rented" | "maintenance" | "out_of_service" | "sold";
  mileage: number;
  dailyRate: string;
  salesPrice: string | null;
  createdAt: Date;
  images: string[];
}>;

/** A vehicle row (dealership stock when dealershipId is given). */
export async function createVehicle(db: Db, fields: VehicleFields = {}) {
  const { images, ...rest } = fields;
  return db.vehicle.create({
    data: {
      registrationNumber: `CA ${unique()}`,
      make: "Toyota",
      model: "Corolla",
      year: 2019,
      category: "medium",
      transmission: "manual",
      dailyRate: "650.00",
      features: [],
      ...rest,
      ...(images ? { images: { create: images.map((url, position) => ({ url, position })) } } : {}),
    },
    include: { images: { orderBy: { position: "asc" } } },
  });
}

export type { Answer };

/** An HTTP client for one server; each call speaks from a new client address unless `from` is given (needs TRUST_PROXY). */
export function httpClient(baseUrl: () => string) {
  let addresses = 0;
  const newAddress = () => {
    addresses++;
    return `10.${Math.floor(addresses / 250) % 250}.${addresses % 250}.${Math.floor(Math.random() * 250) + 1}`;
  };
  async function call(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; token?: string; from?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { "x-forwarded-for": options.from ?? newAddress(), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return send(`${baseUrl()}${path}`, method, headers, { body: options.body, raw: options.raw });
  }
  return { call, newAddress };
}
