/**
 * Time travel for journeys: the API rightly refuses a booking in the past, so a journey that needs
 * one (a trip overdue, a pickup that has passed) moves a booking's dates in the server's database
 * (SQLite, E2E_DATA_DIR). This needs the server Playwright starts (not E2E_BASE_URL).
 */
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { expect } from "./test";

/** Prisma's SQLite form of an instant ("2026-03-05T08:00:00.000+00:00"). */
const sqliteInstant = (at: Date) => at.toISOString().replace("Z", "+00:00");

export async function moveBooking(bookingId: string, pickup: Date, returnAt: Date) {
  const db = createClient({ url: `file:${join(process.env.E2E_DATA_DIR!, "capedrive.db")}` });
  try {
    // The server writes too (its background checkpoints, other journeys): wait for its lock.
    await db.execute("PRAGMA busy_timeout = 15000");
    const result = await db.execute({
      sql: `UPDATE bookings SET "pickupDate" = ?, "returnDate" = ? WHERE id = ?`,
      args: [sqliteInstant(pickup), sqliteInstant(returnAt), bookingId],
    });
    expect(result.rowsAffected).toBe(1);
  } finally {
    db.close();
  }
}
