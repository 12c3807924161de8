// Housekeeping (issue 18, and the clean-up issue 14 asks for): removes what nobody will use.
// - upload links that expired unused (pending rows past expiry);
// - uploads stuck in "processing" after a crash: past their link's expiry they can never finish;
// - stored photos no row refers to (a profile, a car, a handover's photos and signature), once
//   older than the grace period (UPLOAD_GRACE_HOURS, default 24 h), bytes first, then the row;
// - files in the uploads folder that no row names at all (a demo seeding or an upload stopped
//   half way, a row deleted by hand), once older than an hour; on every instance, as each may
//   have its own folder (S3 buckets are not listed);
// - the fleet calendar's log rows older than an hour (./fleet-calendar.ts: every server has read
//   them by then, or loads the fleet again).
// Runs every hour in each server and by hand (`rentals-cli maintenance run`); on PostgreSQL a
// transaction-scoped advisory lock lets only one instance work at a time (the others skip).
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Prisma } from "../db";
import type { Services } from "./context";
import { FLEET_CHANGES_KEPT_MS } from "./fleet-calendar";
import { objectStorage } from "./storage";
import { objectUrlPath } from "./uploads";

const HOUSEKEEPING_LOCK = 7_315_003;
/** Rows looked at per run, so one run stays short; the next run takes the rest. */
const BATCH = 500;
/**
 * How old a file no row names must be before it is deleted: an upload's row is made before its
 * file, and a demo seeding writes its files moments before its rows commit, so a younger file
 * may be one whose row is on its way.
 */
export const UNREFERENCED_FILE_AGE_MS = 3_600_000;

export type HousekeepingResult = {
  ran: boolean;
  expiredLinks: number;
  stuckUploads: number;
  unusedPhotos: number;
  /** Files in the uploads folder no row names, older than an hour (UNREFERENCED_FILE_AGE_MS). */
  unreferencedFiles: number;
  bytesFreed: number;
  fleetChanges: number;
};

type Reader = Pick<Prisma.TransactionClient, "user" | "vehicleImage" | "handoverJob" | "handoverPhoto" | "storedObject">;

/** Which of these object URL paths ("/objects/uploads/<id>") a row uses: a profile, a car, a handover's photos or signature. */
async function usedObjectUrls(tx: Reader, urls: string[]): Promise<Set<string>> {
  const [users, images, photos, jobs] = await Promise.all([
    tx.user.findMany({
      where: { OR: [{ profilePicture: { in: urls } }, { driversLicenseImage: { in: urls } }] },
      select: { profilePicture: true, driversLicenseImage: true },
    }),
    tx.vehicleImage.findMany({ where: { url: { in: urls } }, select: { url: true } }),
    tx.handoverPhoto.findMany({ where: { path: { in: urls } }, select: { path: true } }),
    tx.handoverJob.findMany({ where: { signaturePath: { in: urls } }, select: { signaturePath: true } }),
  ]);
  return new Set(
    [
      ...users.flatMap((u) => [u.profilePicture, u.driversLicenseImage]),
      ...images.map((i) => i.url),
      ...photos.map((p) => p.path),
      ...jobs.map((j) => j.signaturePath),
    ].filter((u): u is string => !!u),
  );
}

/**
 * Deletes the files of the local uploads folder that no row names (no stored object row of any
 * status, nothing using its URL) and that were last written more than an hour before `now`.
 * Returns how many and their bytes. S3 is not listed: nothing to do there.
 */
async function sweepUnreferencedFiles(services: Services, now: Date): Promise<{ files: number; bytes: number }> {
  if (services.config.s3) return { files: 0, bytes: 0 };
  const folder = join(services.config.dataDir, "objects", "uploads");
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { files: 0, bytes: 0 };
    throw error;
  }
  const cutoff = now.getTime() - UNREFERENCED_FILE_AGE_MS;
  const old: { name: string; size: number }[] = [];
  for (const name of names) {
    const file = await stat(join(folder, name)).catch(() => null);
    if (file?.isFile() && file.mtimeMs < cutoff) old.push({ name, size: file.size });
  }
  let files = 0;
  let bytes = 0;
  for (let i = 0; i < old.length; i += BATCH) {
    const batch = old.slice(i, i + BATCH);
    const paths = batch.map((f) => `uploads/${f.name}`);
    const [rows, used] = await Promise.all([
      services.db.storedObject.findMany({ where: { path: { in: paths } }, select: { path: true } }),
      usedObjectUrls(services.db, paths.map(objectUrlPath)),
    ]);
    const named = new Set(rows.map((r) => r.path));
    for (const f of batch) {
      const path = `uploads/${f.name}`;
      if (named.has(path) || used.has(objectUrlPath(path))) continue;
      await rm(join(folder, f.name), { force: true });
      files++;
      bytes += f.size;
    }
  }
  return { files, bytes };
}

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
    const used = await usedObjectUrls(
      tx,
      candidates.map((c) => objectUrlPath(c.path)),
    );
    const unused = candidates.filter((c) => !used.has(objectUrlPath(c.path)));
    const storage = objectStorage(services.config);
    let bytesFreed = 0;
    for (const object of unused) {
      await storage.delete(object.path);
      await tx.storedObject.delete({ where: { id: object.id } });
      bytesFreed += object.size ?? 0;
    }
    return { ran: true, expiredLinks, stuckUploads, unusedPhotos: unused.length, unreferencedFiles: 0, bytesFreed, fleetChanges };
  };
  const result =
    services.provider !== "postgresql"
      ? await run(db)
      : await db.$transaction(
          async (tx) => {
            const [row] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) AS locked`;
            if (!row?.locked) return { ran: false, expiredLinks: 0, stuckUploads: 0, unusedPhotos: 0, unreferencedFiles: 0, bytesFreed: 0, fleetChanges: 0 };
            return run(tx);
          },
          { maxWait: 10_000, timeout: 120_000 },
        );
  // After the rows' clean-up, outside its lock: each instance sweeps its own folder.
  const swept = await sweepUnreferencedFiles(services, now);
  return { ...result, unreferencedFiles: swept.files, bytesFreed: result.bytesFreed + swept.bytes };
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
        if (r.expiredLinks + r.stuckUploads + r.unusedPhotos + r.unreferencedFiles > 0) services.log.info(`housekeeping: ${JSON.stringify(r)}`);
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
