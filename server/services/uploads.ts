// Photo uploads: a signed, short-lived, single-use upload URL per photo, then one PUT of the
// bytes. The type is decided by the file's own bytes, sharp re-encodes every image (EXIF
// orientation applied, at most 2048 px a side, JPEG, no metadata such as GPS), and the result
// is kept by ./storage.ts. Reading objects back (who may see what) is in ./objects.ts.
//
// Single use: the link is spent once its bytes were accepted. A body that is refused (too big,
// not an image, an image sharp cannot read) leaves the upload pending, so the same link can be
// retried with another photo until it expires (15 minutes). The same bytes sent again on a spent
// link (a phone that lost the answer and retries) get the stored answer; other bytes get 409.
import { createHash } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { OutputInfo } from "sharp";
import { accountLimitError, AppError, badInput, forbidden, notFound } from "../errors";
import { uploadQuotaProblem, uploadsAreLimited, type UploadQuota } from "#domain/quotas.ts";
import { limitUploads } from "./rate-limit";
import { PHOTO_MAX_BYTES } from "#domain/limits.ts";
import type { Services } from "./context";
import { handoverMayRead } from "./object-access";
import { objectStorage, StorageUnavailableError } from "./storage";
import { signInRequired, type Viewer } from "./viewer";

export const UPLOAD_PURPOSES = ["profile_picture", "drivers_license", "id_document", "vehicle_photo", "handover_photo", "signature"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** What customers upload (the GraphQL enum); vehicle photos are for admins and dealerships. */
export const CUSTOMER_UPLOAD_PURPOSES = ["profile_picture", "drivers_license", "id_document"] as const satisfies readonly UploadPurpose[];
const STAFF_UPLOAD_PURPOSES: readonly UploadPurpose[] = ["vehicle_photo"];
/** What drivers upload at a handover: the checklist's photos and the customer's signature. */
export const DRIVER_UPLOAD_PURPOSES = ["handover_photo", "signature"] as const satisfies readonly UploadPurpose[];
/** Identity documents and handover records: readable only by their owner, admins and the people
 *  a handover concerns (./object-access.ts). */
export const PRIVATE_PURPOSES: ReadonlySet<string> = new Set<UploadPurpose>(["drivers_license", "id_document", "handover_photo", "signature"]);

export const UPLOAD_TTL_MS = 15 * 60 * 1000;
/** The most bytes a PUT may carry (SPEC 9: 10 MB). */
export const UPLOAD_MAX_BYTES = PHOTO_MAX_BYTES;
/** Stored images fit within this many pixels a side. */
export const IMAGE_MAX_SIDE = 2048;
/** Images with more pixels than this are refused before decoding (decompression bombs). */
export const IMAGE_MAX_INPUT_PIXELS = 60_000_000;
/** At most this many unused upload links per owner at a time. */
export const MAX_PENDING_UPLOADS = 20;

const UPLOAD_AUDIENCE = "capedrive:upload";
const ISSUER = "capedrive";
const OBJECT_PREFIX = "/objects/";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const UPLOAD_PATH = new RegExp(`^uploads/${UUID}$`);

export const MESSAGES = {
  tooLarge: "The photo is larger than 10 MB",
  notAnImage: "Please upload a JPEG, PNG or WebP image",
  unreadable: "We could not read this image. Please try another photo.",
  tooManyPixels: "This image is too large to process. Please try a smaller photo.",
  empty: "The upload is empty. Please choose a photo.",
  used: "This upload link has already been used",
  stillSaving: "This photo is still being saved. Please try again in a moment.",
  expired: "This upload link has expired. Please try again.",
  invalidLink: "This upload link is not valid",
  uploadAgain: "Please upload the photo again",
  purpose: "Please choose what the photo is for",
  tooMany: "Too many uploads in progress. Please try again in a few minutes.",
  blankSignature: "The signature is blank. Please ask the customer to sign, then accept the signature.",
} as const;

export type UploadTicket = { uploadURL: string; objectPath: string; expiresAt: Date };
export type StoredUpload = { objectPath: string; contentType: string; size: number; width: number; height: number };

export type Owner = { ownerType: "customer" | "admin" | "dealership" | "driver"; ownerId: string };

/** Who owns what this viewer uploads, or null for viewers that cannot own objects. */
export function ownerOf(viewer: Viewer): Owner | null {
  switch (viewer.kind) {
    case "customer":
      return { ownerType: "customer", ownerId: viewer.userId };
    case "admin":
      return { ownerType: "admin", ownerId: viewer.adminId };
    case "dealership":
      return { ownerType: "dealership", ownerId: viewer.dealershipId };
    case "driver":
      return { ownerType: "driver", ownerId: viewer.driverId };
    default:
      return null;
  }
}

function uploadQuota(services: Services): UploadQuota {
  return { files: services.config.uploads.quotaFiles, bytes: services.config.uploads.quotaBytes };
}

/** What an account's stored photos take: files and bytes (unused ones count until housekeeping removes them). */
export async function usedStorage(services: Services, owner: Owner): Promise<UploadQuota> {
  const used = await services.db.storedObject.aggregate({ where: { ...owner, status: "stored" }, _count: { _all: true }, _sum: { size: true } });
  return { files: used._count._all, bytes: used._sum.size ?? 0 };
}

/** The URL path an object is served at ("/objects/uploads/<uuid>"). */
export const objectUrlPath = (path: string) => `${OBJECT_PREFIX}${path}`;

/** Starts an upload: a pending row and its signed, 15-minute upload URL. */
export async function createUpload(services: Services, viewer: Viewer, purpose: unknown = "profile_picture"): Promise<UploadTicket> {
  if (viewer.kind === "anonymous") throw signInRequired(viewer);
  const owner = ownerOf(viewer);
  if (!owner) throw forbidden("Uploads need a signed-in account");
  const allowed: readonly string[] =
    owner.ownerType === "customer" ? CUSTOMER_UPLOAD_PURPOSES : owner.ownerType === "driver" ? DRIVER_UPLOAD_PURPOSES : STAFF_UPLOAD_PURPOSES;
  if (typeof purpose !== "string" || !allowed.includes(purpose)) throw badInput(MESSAGES.purpose, { purpose: MESSAGES.purpose });

  const now = new Date();
  const pending = await services.db.storedObject.count({ where: { ...owner, status: "pending", expiresAt: { gt: now } } });
  if (pending >= MAX_PENDING_UPLOADS) throw new AppError("TOO_MANY_REQUESTS", MESSAGES.tooMany);
  if (uploadsAreLimited(owner.ownerType)) {
    await limitUploads(services, `${owner.ownerType}:${owner.ownerId}`);
    const quotaProblem = uploadQuotaProblem(uploadQuota(services), await usedStorage(services, owner));
    if (quotaProblem) throw accountLimitError("CONFLICT", quotaProblem, "upload_quota");
  }

  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + UPLOAD_TTL_MS);
  await services.db.storedObject.create({
    data: { id, path: `uploads/${id}`, purpose, ...owner, isPrivate: PRIVATE_PURPOSES.has(purpose), status: "pending", expiresAt },
  });
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(UPLOAD_AUDIENCE)
    .setSubject(id)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(services.config.tokenSecret);
  return {
    // Relative, so the PUT goes to whatever origin served the page (127.0.0.1, a LAN address, a
    // second host name): an absolute PUBLIC_URL link is blocked by the page's connect-src 'self'
    // whenever the site is opened on another address. HTTP clients resolve it against the URL they called.
    uploadURL: `/api/objects/upload/${id}?token=${encodeURIComponent(token)}`,
    objectPath: objectUrlPath(`uploads/${id}`),
    expiresAt,
  };
}

/**
 * Checks an upload link before its body is read: a valid token for this object id, not expired.
 * Cheap, so a bad link never makes the server read 10 MB. A link already used passes only here
 * (its bytes may be a retry of the ones stored, see receiveUpload); everything else is refused.
 */
export async function checkUploadLink(services: Services, id: string, token: string | null | undefined): Promise<void> {
  if (!token) throw forbidden(MESSAGES.invalidLink);
  try {
    await jwtVerify(token, services.config.tokenSecret, { issuer: ISSUER, audience: UPLOAD_AUDIENCE, subject: id, algorithms: ["HS256"] });
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError("GONE", MESSAGES.expired);
    if (error instanceof joseErrors.JOSEError) throw forbidden(MESSAGES.invalidLink);
    throw error;
  }
  const row = await services.db.storedObject.findUnique({ where: { id }, select: { status: true, expiresAt: true } });
  if (!row) throw forbidden(MESSAGES.invalidLink);
  if (row.expiresAt <= new Date()) throw new AppError("GONE", MESSAGES.expired);
  if (row.status !== "pending" && row.status !== "stored" && row.status !== "processing") throw new AppError("CONFLICT", MESSAGES.used);
}

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/avif";

/** The image type named by the file's first bytes (never by a header or a file name), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  const ascii = (offset: number, text: string) => at(offset, ...Array.from(text, (c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  // ISO-BMFF: [size]["ftyp"][major brand][minor version][compatible brands...]. AVIF only: the
  // sharp build here reads AVIF but not HEIC.
  if (bytes.length >= 16 && ascii(4, "ftyp")) {
    const size = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length, 64);
    for (let offset = 8; offset + 4 <= size; offset += 4) {
      if (offset === 12) continue; // minor version
      if (ascii(offset, "avif") || ascii(offset, "avis")) return "image/avif";
    }
  }
  return null;
}

/** Reads a request body, refusing it (413) as soon as it passes `limit` bytes. */
export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number = UPLOAD_MAX_BYTES): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new AppError("PAYLOAD_TOO_LARGE", MESSAGES.tooLarge);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

type Encoded = { data: Buffer; width: number; height: number };

type Sharp = typeof import("sharp").default;
let sharpModule: Promise<Sharp> | undefined;
/**
 * sharp, loaded on the first image: libvips and its bindings were 11-12 MiB of every server
 * process's memory, and most processes never see an upload (one serving lists and bookings, the CLI).
 */
export function loadSharp(): Promise<Sharp> {
  sharpModule ??= import("sharp").then((loaded) => loaded.default);
  return sharpModule;
}

/** Re-encodes an image: EXIF orientation applied, within 2048x2048, JPEG, all metadata dropped. */
export async function reencodeImage(bytes: Uint8Array): Promise<Encoded> {
  let result: { data: Buffer; info: OutputInfo };
  const sharp = await loadSharp();
  try {
    result = await sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: "error", sequentialRead: true })
      .timeout({ seconds: 20 })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    if (/pixel limit/i.test(message)) throw badInput(MESSAGES.tooManyPixels);
    throw badInput(MESSAGES.unreadable);
  }
  return { data: result.data, width: result.info.width, height: result.info.height };
}

/**
 * Whether an image is one colour all over (within JPEG's noise): a signature pad accepted without a
 * line on it. A signature's dark strokes on white span most of the range.
 */
export async function isBlankImage(bytes: Uint8Array): Promise<boolean> {
  const sharp = await loadSharp();
  const { channels } = await sharp(bytes).stats();
  return channels.every((channel) => channel.max - channel.min <= 16);
}

/**
 * Accepts the bytes of an upload. The link is checked first; the upload is claimed atomically
 * (pending -> processing, with the bytes' SHA-256) so two PUTs on one link cannot both store; a
 * refused body puts it back to pending.
 *
 * A PUT on a link already used is a client's retry when it carries the same bytes (its first
 * PUT arrived but the answer was lost on the way back): it gets the stored answer (200), or 503
 * while the first is still being saved, so the client tries again in a moment. Other bytes on a
 * used link are refused (409), as before.
 */
export async function receiveUpload(
  services: Services,
  id: string,
  token: string | null | undefined,
  body: Uint8Array | ReadableStream<Uint8Array> | null,
  declaredLength?: number | null,
): Promise<StoredUpload> {
  await checkUploadLink(services, id, token);
  if (declaredLength != null && declaredLength > UPLOAD_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", MESSAGES.tooLarge);
  const bytes = body instanceof Uint8Array ? body : await readLimited(body);
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", MESSAGES.tooLarge);
  if (bytes.byteLength === 0) throw badInput(MESSAGES.empty);
  if (!sniffImageType(bytes)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", MESSAGES.notAnImage);

  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const now = new Date();
  const claimed = await services.db.storedObject.updateMany({
    where: { id, status: "pending", expiresAt: { gt: now } },
    data: { status: "processing", receivedSha256: sha256 },
  });
  if (claimed.count === 0) {
    // Used already (by these bytes: a retry; by others: refused), lost a race with another PUT, or
    // expired while the body was arriving.
    const row = await services.db.storedObject.findUnique({
      where: { id },
      select: { status: true, receivedSha256: true, path: true, contentType: true, size: true, width: true, height: true },
    });
    const sameBytes = row?.receivedSha256 === sha256;
    if (row?.status === "stored" && sameBytes && row.contentType && row.size !== null && row.width !== null && row.height !== null) {
      return { objectPath: objectUrlPath(row.path), contentType: row.contentType, size: row.size, width: row.width, height: row.height };
    }
    if (row?.status === "processing" && sameBytes) throw new AppError("SERVICE_UNAVAILABLE", MESSAGES.stillSaving);
    if (row && row.status !== "pending") throw new AppError("CONFLICT", MESSAGES.used);
    throw new AppError("GONE", MESSAGES.expired);
  }
  const release = () => services.db.storedObject.updateMany({ where: { id, status: "processing" }, data: { status: "pending", receivedSha256: null } });
  try {
    const image = await reencodeImage(bytes);
    const row = await services.db.storedObject.findUniqueOrThrow({ where: { id }, select: { path: true, purpose: true, ownerType: true, ownerId: true } });
    if (row.purpose === "signature" && (await isBlankImage(image.data))) throw badInput(MESSAGES.blankSignature);
    if (uploadsAreLimited(row.ownerType)) {
      const quotaProblem = uploadQuotaProblem(
        uploadQuota(services),
        await usedStorage(services, { ownerType: row.ownerType as Owner["ownerType"], ownerId: row.ownerId }),
        image.data.byteLength,
      );
      if (quotaProblem) throw accountLimitError("CONFLICT", quotaProblem, "upload_quota");
    }
    await objectStorage(services.config).put(row.path, image.data, "image/jpeg");
    await services.db.storedObject.update({
      where: { id },
      data: { status: "stored", contentType: "image/jpeg", size: image.data.byteLength, width: image.width, height: image.height, storedAt: new Date() },
    });
    return { objectPath: objectUrlPath(row.path), contentType: "image/jpeg", size: image.data.byteLength, width: image.width, height: image.height };
  } catch (error) {
    // Back to pending: the row never claims bytes that were not stored, and the link can be used again.
    if (error instanceof StorageUnavailableError) services.log.warn(`upload ${id}: not stored: ${error.detail}`);
    await release().catch((releaseError) => services.log.error(`upload ${id}: could not release: ${String(releaseError)}`));
    throw error;
  }
}

/** The object path ("uploads/<uuid>") named by an upload URL, an "/objects/..." path or URL, or null. */
export function objectPathOf(value: string): { path: string } | { id: string } | null {
  const text = value.trim();
  let pathname: string;
  try {
    // Absolute URLs keep their own origin; a relative one ("/api/objects/upload/<id>?token=...")
    // loses its query the same way.
    pathname = text.startsWith("/") && !text.startsWith("//") ? new URL(text, "http://relative.invalid").pathname : new URL(text).pathname;
  } catch {
    return null;
  }
  const upload = new RegExp(`^/api/objects/upload/(${UUID})$`).exec(pathname);
  if (upload) return { id: upload[1]! };
  if (pathname.startsWith(OBJECT_PREFIX)) {
    const path = pathname.slice(OBJECT_PREFIX.length);
    if (UPLOAD_PATH.test(path)) return { path };
  }
  return null;
}

/**
 * Normalises a photo value a client sends (the upload URL it was given, or the object path) to
 * "/objects/uploads/<uuid>", after checking the object is stored, is this viewer's own, and was
 * uploaded for one of `purposes`. Anything else: 400 "Please upload the photo again".
 */
export async function resolveOwnedObject(
  services: Services,
  viewer: Viewer,
  value: string,
  purposes: readonly UploadPurpose[],
  field?: string,
): Promise<string> {
  const refuse = () => badInput(MESSAGES.uploadAgain, field ? { [field]: MESSAGES.uploadAgain } : undefined);
  const owner = ownerOf(viewer);
  const named = objectPathOf(value);
  if (!owner || !named) throw refuse();
  const row = await services.db.storedObject.findUnique({ where: "id" in named ? { id: named.id } : { path: named.path } });
  if (
    !row ||
    row.status !== "stored" ||
    row.ownerType !== owner.ownerType ||
    row.ownerId !== owner.ownerId ||
    !(purposes as readonly string[]).includes(row.purpose)
  )
    throw refuse();
  return objectUrlPath(row.path);
}

export type ReadableObject = { body: Uint8Array<ArrayBuffer>; contentType: string; size: number; isPrivate: boolean; etag: string };

/**
 * An object for GET /objects/<path>. Public objects (profile pictures, vehicle photos) are
 * readable by anyone who knows the unguessable path; private ones (licence and ID images) only
 * by their owner, admins and those a handover concerns (./object-access.ts). Everything else,
 * pending uploads included, is 404, so a private object's existence is never revealed.
 */
export async function readObject(services: Services, viewer: Viewer, path: string): Promise<ReadableObject> {
  const missing = () => notFound("No such object");
  const relativePath = path.startsWith(OBJECT_PREFIX) ? path.slice(OBJECT_PREFIX.length) : path;
  if (!UPLOAD_PATH.test(relativePath)) throw missing();
  const row = await services.db.storedObject.findUnique({ where: { path: relativePath } });
  if (!row || row.status !== "stored") throw missing();
  if (row.isPrivate && viewer.kind !== "admin") {
    const owner = ownerOf(viewer);
    const owns = owner !== null && owner.ownerType === row.ownerType && owner.ownerId === row.ownerId;
    if (!owns && !(await handoverMayRead(services, viewer, { purpose: row.purpose, url: objectUrlPath(row.path) }))) throw missing();
  }
  const stored = await objectStorage(services.config)
    .get(row.path)
    .catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) services.log.warn(`object ${row.path}: ${error.detail}`);
      throw error;
    });
  if (!stored) {
    services.log.warn(`object ${row.path} is stored in the database but its bytes are missing`);
    throw missing();
  }
  return { body: stored.body, contentType: row.contentType ?? stored.contentType, size: stored.body.byteLength, isPrivate: row.isPrivate, etag: `"${row.id}"` };
}
