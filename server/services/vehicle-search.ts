// The admin's search for cars (the Vehicles screen, and the car part of the Bookings search): every
// word must match the car's make, model or plate; plates are compared without their spaces and
// dashes on both sides, as the customer search compares phone numbers by their digits.
import { type Prisma, sql } from "../db";
import { queryRows } from "../db/direct";
import { plateSearchKey, searchWords } from "#domain";
import type { Services } from "./context";
import { containsText } from "./text-search";

/** At most this many cars are found by one word's plate key (the benchmark's fleet has 2,000). */
const PLATE_MATCHES_MAX = 1_000;

/**
 * Cars every word of `search` (domain searchWords, the for-sale search's: at most six) matches by
 * make, model or plate, case-insensitive on both databases: "Toyota Yaris", "yaris ca745561",
 * "745-561". Null when the search has no words.
 */
export async function vehicleMatching(services: Pick<Services, "provider" | "db">, search: string): Promise<Prisma.VehicleWhereInput | null> {
  const words = searchWords(search);
  if (words.length === 0) return null;
  const byWord = await Promise.all(
    words.map(async (word): Promise<Prisma.VehicleWhereInput> => {
      const key = plateSearchKey(word);
      const ids = key === null ? null : await carsWithPlateKey(services, key);
      // No key, or too many plates hold it (a letter or two, which has no space or dash to lose): the plate as typed.
      const byPlate: Prisma.VehicleWhereInput[] =
        ids === null ? [{ registrationNumber: containsText(services, word) }] : ids.length > 0 ? [{ id: { in: ids } }] : [];
      return { OR: [{ make: containsText(services, word) }, { model: containsText(services, word) }, ...byPlate] };
    }),
  );
  return { AND: byWord };
}

/**
 * Cars whose plate, upper-case without spaces and dashes, holds `key` (letters and digits only, so
 * nothing in it is a LIKE wildcard). Null when more than PLATE_MATCHES_MAX do.
 */
async function carsWithPlateKey(services: Pick<Services, "db">, key: string): Promise<string[] | null> {
  const bare = sql`replace(replace(upper(v."registrationNumber"), ' ', ''), '-', '')`;
  const rows = await queryRows<{ id: string }>(services.db, sql`SELECT v.id FROM vehicles v WHERE ${bare} LIKE ${`%${key}%`} LIMIT ${PLATE_MATCHES_MAX + 1}`);
  return rows.length > PLATE_MATCHES_MAX ? null : rows.map((row) => row.id);
}
