// Where uploaded bytes live: files under DATA_DIR/objects, or an S3-compatible bucket when
// S3_BUCKET is configured. Paths are always made by the server ("uploads/<uuid>"), but every
// path is still checked here, so nothing can read or write outside the objects folder.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Config } from "../config";
import { AppError } from "../errors";

export const STORAGE_FULL_MESSAGE = "We cannot store photos right now: the server's storage is full. Please try again later.";

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
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${crypto.randomUUID()}.part`;
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
      if (file) await rm(file, { force: true });
    },
  };
}

/**
 * An S3-compatible bucket through Bun's built-in client. Only construction is covered by the
 * tests (there is no S3 service here); the calls are the documented Bun.S3Client ones.
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
      await client.write(keyOf(path), bytes, { type: contentType });
    },
    async get(path) {
      const safe = safeObjectPath(path);
      if (!safe) return null;
      const file = client.file(safe);
      if (!(await file.exists())) return null;
      const body = new Uint8Array(await file.arrayBuffer());
      return { body, contentType: file.type || sniffContentType(body), size: body.byteLength };
    },
    async delete(path) {
      await client.delete(keyOf(path));
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
