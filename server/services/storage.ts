// Where uploaded bytes live: files under DATA_DIR/objects, or an S3-compatible bucket when
// S3_BUCKET is configured. Paths are always made by the server ("uploads/<uuid>"), but every
// path is still checked here, so nothing can read or write outside the objects folder.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Config } from "../config";
import { AppError } from "../errors";

export const STORAGE_FULL_MESSAGE = "We cannot store photos right now: the server's storage is full. Please try again later.";
export const STORAGE_UNAVAILABLE_MESSAGE = "Photo storage is unavailable right now. Please try again in a moment.";

/**
 * Object storage refused or could not be reached (S3: wrong credentials, a missing bucket, the
 * service down): 503 for the client, while `detail` names the cause and the settings for the log.
 */
export class StorageUnavailableError extends AppError {
  constructor(readonly detail: string) {
    super("SERVICE_UNAVAILABLE", STORAGE_UNAVAILABLE_MESSAGE);
  }
}

/** The file system refused the write for lack of space (or is read-only): nothing the client did. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT" || code === "EROFS";
}

export type StoredBytes = { body: Uint8Array<ArrayBuffer>; contentType: string; size: number };

export interface ObjectStorage {
  readonly kind: "local" | "s3";
  put(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none (or the path is not acceptable). */
  get(path: string): Promise<StoredBytes | null>;
  delete(path: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The path if it is a plain relative object path ("uploads/3f2c..."), else null: no "." or ".."
 * segments, no empty segments, nothing absolute, no backslashes, no percent-encoding, no NUL or
 * other control characters, only letters, digits, ".", "_" and "-" in each segment.
 */
export function safeObjectPath(path: string): string | null {
  if (typeof path !== "string" || path.length === 0 || path.length > 512) return null;
  if (/[\u0000-\u001f\u007f\\%]/.test(path) || path.startsWith("/") || isAbsolute(path)) return null;
  const segments = path.split("/");
  if (!segments.every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..")) return null;
  return segments.join("/");
}

/** Files under `root`; every path is resolved and must stay inside `root`. */
export function localStorage(root: string): ObjectStorage {
  const base = resolve(root);
  function fileOf(path: string): string | null {
    const safe = safeObjectPath(path);
    if (!safe) return null;
    const file = resolve(base, safe);
    const inside = relative(base, file);
    if (inside === "" || inside.startsWith("..") || isAbsolute(inside) || !file.startsWith(base + sep)) return null;
    return file;
  }
  function required(path: string): string {
    const file = fileOf(path);
    if (!file) throw new Error(`refused object path ${JSON.stringify(path)}`);
    return file;
  }
  return {
    kind: "local",
    async put(path, bytes) {
      const file = required(path);
      await mkdir(dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file. One name per object (each path has
      // one writer: a fresh id, claimed before its bytes are written), so deleting the object
      // deletes the half file of a writer that was stopped.
      const temporary = partialOf(file);
      try {
        await writeFile(temporary, bytes, { mode: 0o600 });
        await rename(temporary, file);
      } catch (error) {
        // Never leave half a file behind (a full disk stops the write midway).
        await rm(temporary, { force: true }).catch(() => {});
        if (isStorageFull(error)) throw new AppError("INSUFFICIENT_STORAGE", STORAGE_FULL_MESSAGE);
        throw error;
      }
    },
    async get(path) {
      const file = fileOf(path);
      if (!file) return null;
      let body: Uint8Array<ArrayBuffer>;
      try {
        body = new Uint8Array(await readFile(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw error;
      }
      // The database row holds the real type; files only ever hold what uploads stored (JPEG).
      return { body, contentType: sniffContentType(body), size: body.byteLength };
    },
    async delete(path) {
      const file = fileOf(path);
      if (file) await Promise.all([rm(file, { force: true }), rm(partialOf(file), { force: true })]);
    },
  };
}

/** Where localStorage writes an object's bytes before renaming them into place. */
const partialOf = (file: string) => `${file}.part`;

/** S3's error codes that mean our settings are wrong, and which setting to check. */
const S3_SETTING_HINTS: Record<string, string> = {
  SignatureDoesNotMatch: "check S3_SECRET_ACCESS_KEY",
  InvalidAccessKeyId: "check S3_ACCESS_KEY_ID",
  AccessDenied: "check the key's permissions on the bucket",
  NoSuchBucket: "check S3_BUCKET",
  AuthorizationHeaderMalformed: "check S3_REGION",
};

/** An S3 failure as a StorageUnavailableError naming what went wrong (the S3 code and message). */
function s3Failure(action: string, key: string, error: unknown): StorageUnavailableError {
  const code = String((error as { code?: unknown })?.code ?? (error as Error)?.name ?? "Error");
  const hint = S3_SETTING_HINTS[code];
  return new StorageUnavailableError(`S3 ${action} ${key}: ${code}: ${(error as Error)?.message ?? String(error)}${hint ? ` (${hint})` : ""}`);
}

/**
 * An S3-compatible bucket through Bun's built-in client (SigV4). Tested against a real S3 server
 * on loopback (server/testing/s3.ts, server/services/storage-s3.test.ts). Every failure other than
 * a missing object becomes a StorageUnavailableError (503) that names the cause.
 */
export function s3Storage(s3: NonNullable<Config["s3"]>): ObjectStorage {
  const client = new Bun.S3Client({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  const keyOf = (path: string) => {
    const safe = safeObjectPath(path);
    if (!safe) throw new Error(`refused object path ${JSON.stringify(path)}`);
    return safe;
  };
  return {
    kind: "s3",
    async put(path, bytes, contentType) {
      const key = keyOf(path);
      try {
        await client.write(key, bytes, { type: contentType });
      } catch (error) {
        throw s3Failure("PUT", key, error);
      }
    },
    async get(path) {
      const safe = safeObjectPath(path);
      if (!safe) return null;
      // One GET (not HEAD then GET): a HEAD's error has no body, so its cause would be lost.
      let body: Uint8Array<ArrayBuffer>;
      try {
        body = await client.file(safe).bytes();
      } catch (error) {
        if ((error as { code?: unknown })?.code === "NoSuchKey") return null;
        throw s3Failure("GET", safe, error);
      }
      // The database row holds the real type; objects only ever hold what uploads stored (JPEG).
      return { body, contentType: sniffContentType(body), size: body.byteLength };
    },
    async delete(path) {
      const key = keyOf(path);
      try {
        await client.delete(key);
      } catch (error) {
        throw s3Failure("DELETE", key, error);
      }
    },
  };
}

const storages = new WeakMap<Config, ObjectStorage>();

/** The configured storage (one per config). */
export function objectStorage(config: Config): ObjectStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.s3 ? s3Storage(config.s3) : localStorage(join(config.dataDir, "objects"));
    storages.set(config, storage);
  }
  return storage;
}

function sniffContentType(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return "application/octet-stream";
}
