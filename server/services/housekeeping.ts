// Housekeeping (issue 18, and the clean-up issue 14 asks for): removes what nobody will use.
// - upload links that expired unused (pending rows past expiry);
// - uploads stuck in "processing" after a crash: past their link's expiry they can never finish;
// - stored photos no profile or vehicle refers to, once older than the grace period
//   (UPLOAD_GRACE_HOURS, default 24 h), bytes first, then the row;
// - the fleet calendar's log rows older than an hour (./fleet-calendar.ts: every server has read
//   them by then, or loads the fleet again).
// Runs every hour in each server and by hand (`rentals-cli maintenance run`); on PostgreSQL a
// transaction-scoped advisory lock lets only one instance work at a time (the others skip).
import type { Services } from "./context";
import { FLEET_CHANGES_KEPT_MS } from "./fleet-calendar";
import { objectStorage } from "./storage";
import { objectUrlPath } from "./uploads";

const HOUSEKEEPING_LOCK = 7_315_003;
/** Rows looked at per run, so one run stays short; the next run takes the rest. */
const BATCH = 500;

export type HousekeepingResult = {
  ran: boolean;
  expiredLinks: number;
  stuckUploads: number;
  unusedPhotos: number;
  bytesFreed: number;
  fleetChanges: number;
};

export async function runHousekeeping(services: Services, now: Date = new Date()): Promise<HousekeepingResult> {
  const { db } = services;
  const run = async (tx: typeof db | Parameters<Parameters<typeof db.$transaction>[0]>[0]): Promise<HousekeepingResult> => {
    const expiredLinks = (await tx.storedObject.deleteMany({ where: { status: "pending", expiresAt: { lt: now } } })).count;
    // A link's upload finishes within seconds; one still "processing" an hour past expiry crashed.
    const stuckUploads = (await tx.storedObject.deleteMany({ where: { status: "processing", expiresAt: { lt: new Date(now.getTime() - 3_600_000) } } })).count;
    const fleetChanges = await deleteOldFleetChanges(tx, new Date(now.getTime() - FLEET_CHANGES_KEPT_MS));

    const graceStart = new Date(now.getTime() - services.config.uploads.graceHours * 3_600_000);
    const candidates = await tx.storedObject.findMany({
      where: { status: "stored", storedAt: { lt: graceStart } },
      select: { id: true, path: true, size: true },
      orderBy: { storedAt: "asc" },
      take: BATCH,
    });
    const urls = candidates.map((c) => objectUrlPath(c.path));
    const [users, images] = await Promise.all([
      tx.user.findMany({
        where: { OR: [{ profilePicture: { in: urls } }, { driversLicenseImage: { in: urls } }] },
        select: { profilePicture: true, driversLicenseImage: true },
      }),
      tx.vehicleImage.findMany({ where: { url: { in: urls } }, select: { url: true } }),
    ]);
    const used = new Set<string>(
      [...users.flatMap((u) => [u.profilePicture, u.driversLicenseImage]), ...images.map((i) => i.url)].filter((u): u is string => !!u),
    );
    const unused = candidates.filter((c) => !used.has(objectUrlPath(c.path)));
    const storage = objectStorage(services.config);
    let bytesFreed = 0;
    for (const object of unused) {
      await storage.delete(object.path);
      await tx.storedObject.delete({ where: { id: object.id } });
      bytesFreed += object.size ?? 0;
    }
    return { ran: true, expiredLinks, stuckUploads, unusedPhotos: unused.length, bytesFreed, fleetChanges };
  };
  if (services.provider !== "postgresql") return run(db);
  return db.$transaction(
    async (tx) => {
      const [row] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) AS locked`;
      if (!row?.locked) return { ran: false, expiredLinks: 0, stuckUploads: 0, unusedPhotos: 0, bytesFreed: 0, fleetChanges: 0 };
      return run(tx);
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}

/** Log rows deleted per statement, and per run at most: after an import, one delete of all of them would hold SQLite's writer for seconds. */
const FLEET_CHANGES_BATCH = 5_000;
const FLEET_CHANGES_PER_RUN = 100_000;

/** Deletes the fleet calendar's log rows written before `cutoff`, oldest first, in batches. */
async function deleteOldFleetChanges(tx: Pick<Services["db"], "fleetChange">, cutoff: Date): Promise<number> {
  let deleted = 0;
  while (deleted < FLEET_CHANGES_PER_RUN) {
    const batch = await tx.fleetChange.findMany({
      where: { createdAt: { lt: cutoff } },
      select: { seq: true },
      orderBy: { seq: "asc" },
      take: FLEET_CHANGES_BATCH,
    });
    if (batch.length === 0) break;
    deleted += (await tx.fleetChange.deleteMany({ where: { seq: { lte: batch[batch.length - 1]!.seq }, createdAt: { lt: cutoff } } })).count;
    if (batch.length < FLEET_CHANGES_BATCH) break;
  }
  return deleted;
}

/** Runs housekeeping every `intervalMs` (first after a minute) until stopped; failures are logged. */
export function startHousekeeping(services: Services, intervalMs = 3_600_000): () => void {
  const tick = () =>
    runHousekeeping(services)
      .then((r) => {
        if (r.expiredLinks + r.stuckUploads + r.unusedPhotos > 0) services.log.info(`housekeeping: ${JSON.stringify(r)}`);
      })
      .catch((error) => services.log.warn(`housekeeping failed: ${(error as { detail?: string }).detail ?? (error as Error).message}`));
  const first = setTimeout(tick, Math.min(60_000, intervalMs));
  const every = setInterval(tick, intervalMs);
  first.unref?.();
  every.unref?.();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
