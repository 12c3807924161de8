// One error type for every expected failure. Transports map `code` to an HTTP status (REST) or
// `extensions.code` (GraphQL); anything else is an internal error and is never shown to clients.
export type ErrorCode =
  | "BAD_USER_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNPROCESSABLE_CONTENT"
  | "TOO_MANY_REQUESTS"
  | "PAYLOAD_TOO_LARGE"
  | "GONE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "BAD_GATEWAY"
  | "SERVICE_UNAVAILABLE"
  | "INSUFFICIENT_STORAGE";

export const httpStatusOf: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  // Well-formed, but not what this request may do: an idempotency key reused for another request.
  UNPROCESSABLE_CONTENT: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  // An outside service we depend on answered badly (502) or could not be reached, or we are too
  // busy right now (503): the client may try again later or fall back.
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  // Our own storage is full (WebDAV's 507): the upload may be sent again once there is room.
  INSUFFICIENT_STORAGE: 507,
};

/**
 * Which per-account limit refused a request (issue 18). Such a refusal carries
 * `reason: "account_limit"` and `limit` (REST body; GraphQL `extensions`), so a client can say
 * what to do instead of showing a generic error.
 */
export type AccountLimit = "active_bookings" | "overlapping_booking" | "rental_too_long" | "booking_rate" | "upload_quota" | "upload_rate";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly accountLimit?: AccountLimit,
    /** When the refusal ends (a rate limit's window): the answer's Retry-After, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** The Retry-After an error's answer carries, in seconds: a 503's fixed pause, a rate limit's window; else none. */
export function retryAfterOf(error: AppError): number | undefined {
  return httpStatusOf[error.code] === 503 ? RETRY_AFTER_SECONDS : error.retryAfterSeconds;
}

/** A refusal by one of the account's limits (see AccountLimit). */
export const accountLimitError = (code: ErrorCode, message: string, limit: AccountLimit, fieldErrors?: Record<string, string>) =>
  new AppError(code, message, fieldErrors, limit);

/** The fields an account-limit refusal adds to an error: `{ reason: "account_limit", limit }`, or nothing. */
export function limitFields(error: AppError): { reason?: "account_limit"; limit?: AccountLimit } {
  return error.accountLimit ? { reason: "account_limit", limit: error.accountLimit } : {};
}

export const badInput = (message: string, fieldErrors?: Record<string, string>) => new AppError("BAD_USER_INPUT", message, fieldErrors);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const conflict = (message: string, fieldErrors?: Record<string, string>) => new AppError("CONFLICT", message, fieldErrors);
/** A conflict about one field (a taken email, plate...): a form shows the message under that field. */
export const fieldConflict = (field: string, message: string) => conflict(message, { [field]: message });
export const unauthenticated = (message = "Please sign in") => new AppError("UNAUTHENTICATED", message);
export const serviceUnavailable = (message: string) => new AppError("SERVICE_UNAVAILABLE", message);
export const badGateway = (message: string) => new AppError("BAD_GATEWAY", message);
export const forbidden = (message = "You do not have access to this") => new AppError("FORBIDDEN", message);

/** The JSON body of a REST error. */
export function errorBody(error: AppError) {
  return { message: error.message, code: error.code, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}), ...limitFields(error) };
}

/**
 * The database's own guard against double bookings (migration booking_overlap_guard): PostgreSQL's
 * exclusion constraint and SQLite's triggers carry this name, so a refusal can be recognised.
 */
export const BOOKING_OVERLAP_GUARD = "bookings_vehicle_period_excl";
/** What a customer reads when their car was taken for the dates (409), by our check or the database's. */
export const VEHICLE_TAKEN_MESSAGE = "This vehicle is no longer available for those dates";

/**
 * True when the database refused a write that would make two blocking bookings of one car overlap:
 * PostgreSQL's 23P01 on the guard, or the SQLite trigger's abort (which Prisma reports as a
 * foreign-key error, P2003). Follows causes through Prisma and its adapters.
 */
export function isBookingOverlapViolation(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 6 || error instanceof AppError) return false;
  const e = error as { message?: unknown; originalMessage?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  for (const text of [e.message, e.originalMessage]) if (typeof text === "string" && text.includes(BOOKING_OVERLAP_GUARD)) return true;
  return isBookingOverlapViolation(e.cause, depth + 1) || isBookingOverlapViolation(e.meta?.driverAdapterError, depth + 1);
}

/**
 * The 409 a refusal by the database's overlap guard stands for, or null for any other error. The
 * services map it with their own message; this is the net for a write that did not (never a 500).
 */
export function bookingOverlapError(error: unknown): AppError | null {
  return isBookingOverlapViolation(error) ? conflict(VEHICLE_TAKEN_MESSAGE) : null;
}

/** How long a client should wait before trying again after a 503 for an unavailable database. */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGES = {
  database: "The service is temporarily unavailable. Please try again in a moment.",
  storageFull: "We cannot save anything right now: the server's storage is full. Please try again later.",
} as const;

// Prisma: can't reach / timed out / server closed the connection / pool timeout.
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// Driver adapter error kinds that mean the database cannot be used right now.
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "DatabaseDoesNotExist", "ConnectionClosed", "TooManyConnections", "SocketTimeout"]);
// PostgreSQL SQLSTATEs: connection exceptions (08...), shutting down or starting (57P01-57P03),
// too many connections (53300); disk full (53100). Network errors from the driver.
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const PG_FULL = "53100";
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const FULL_FS_CODES = new Set(["ENOSPC", "EROFS", "EDQUOT"]);
// SQLite primary result codes (the low byte of an extended code): READONLY 8, IOERR 10, FULL 13, CANTOPEN 14.
const SQLITE_FULL_CODES = new Set([8, 13]);
const SQLITE_UNAVAILABLE_CODES = new Set([10, 14]);
const UNAVAILABLE_MESSAGE =
  /can't reach database|connection terminated|connection refused|timeout exceeded when trying to connect|server has closed the connection|terminating connection|the database system is (starting up|shutting down)|too many clients|disk I\/O error|unable to open database/i;
const FULL_MESSAGE = /database or disk is full|no space left on device|attempt to write a readonly database|read-only file system|disk quota exceeded/i;

/**
 * The 503 an unexpected error stands for when it means the database (or the disk under it) cannot
 * be used right now, or null for any other error. Follows causes through Prisma and its adapters.
 */
export function unavailableError(error: unknown): AppError | null {
  let full = false;
  let unavailable = false;
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (typeof value !== "object" || value === null || seen.has(value) || depth > 6 || value instanceof AppError) return;
    seen.add(value);
    const e = value as {
      code?: unknown;
      kind?: unknown;
      extendedCode?: unknown;
      rawCode?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
      errors?: unknown;
    };
    const code = typeof e.code === "string" ? e.code : undefined;
    if (code && UNAVAILABLE_PRISMA_CODES.has(code)) unavailable = true;
    if (code && NETWORK_CODES.has(code)) unavailable = true;
    if (code && FULL_FS_CODES.has(code)) full = true;
    if (typeof e.kind === "string" && UNAVAILABLE_KINDS.has(e.kind)) unavailable = true;
    if (e.kind === "postgres" && code) {
      if (code === PG_FULL) full = true;
      else if (PG_UNAVAILABLE.test(code)) unavailable = true;
    }
    if (code && /^SQLITE_(FULL|READONLY)/.test(code)) full = true;
    if (code && /^SQLITE_(IOERR|CANTOPEN)/.test(code)) unavailable = true;
    const sqliteCode = e.kind === "sqlite" && typeof e.extendedCode === "number" ? e.extendedCode : typeof e.rawCode === "number" ? e.rawCode : undefined;
    if (sqliteCode !== undefined) {
      if (SQLITE_FULL_CODES.has(sqliteCode & 0xff)) full = true;
      else if (SQLITE_UNAVAILABLE_CODES.has(sqliteCode & 0xff)) unavailable = true;
    }
    if (typeof e.message === "string") {
      if (FULL_MESSAGE.test(e.message)) full = true;
      else if (UNAVAILABLE_MESSAGE.test(e.message)) unavailable = true;
    }
    visit(e.cause, depth + 1);
    visit(e.meta?.driverAdapterError, depth + 1);
    if (Array.isArray(e.errors)) for (const inner of e.errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  if (full) return serviceUnavailable(UNAVAILABLE_MESSAGES.storageFull);
  if (unavailable) return serviceUnavailable(UNAVAILABLE_MESSAGES.database);
  return null;
}
