import { readMigrations } from "../../prisma/tools/migrations";
import type { Services } from "./context";

/** True when the database answers a trivial query (the liveness check, /healthz). */
export async function databaseIsUp({ db }: Services): Promise<boolean> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return true;
  } catch {
    return false;
  }
}

export type Readiness = { ready: boolean; database: "up" | "unreachable"; pendingMigrations: number | null };

let known: Promise<string[]> | undefined;
/** The migrations this build ships (read once). */
const shippedMigrations = (provider: Services["provider"]) => (known ??= readMigrations(provider).then((list) => list.map((m) => m.name)));

/**
 * Readiness (/readyz): the database answers and holds every migration this build ships, so a load
 * balancer sends traffic only to an instance that can serve it. One indexed read of the
 * migrations table; a database that is down or behind answers not ready, and the next probe
 * tries again (the connection pool reconnects by itself).
 */
export async function readiness(services: Services): Promise<Readiness> {
  const shipped = await shippedMigrations(services.provider);
  try {
    const rows = await services.db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT "migration_name" AS name FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
    );
    const applied = new Set(rows.map((r) => r.name));
    const pending = shipped.filter((name) => !applied.has(name)).length;
    return { ready: pending === 0, database: "up", pendingMigrations: pending };
  } catch {
    return { ready: false, database: "unreachable", pendingMigrations: null };
  }
}
