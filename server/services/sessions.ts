// Sessions and their tokens. A token is a JWT (HS256, jose) whose audience names the area
// (customer, admin, dealership, driver) and whose `sid` names a row in `sessions`; a token is accepted
// only while that row exists and has not expired, so signing out ends it at once.
import { errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";
import { join, sql } from "../db";
import { changeStamp, queryRows } from "../db/direct";
import { apiKeyOfRequest, resolveApiKey } from "./api-keys";
import type { Services } from "./context";
import type { Audience, Viewer } from "./viewer";

const ISSUER = "capedrive";
const audienceClaim = (audience: Audience) => `capedrive:${audience}`;

export type IssuedSession = { token: string; sessionId: string; expiresAt: Date };

function ttlHours(services: Services, audience: Audience) {
  return audience === "customer" ? services.config.sessionTtlHours : services.config.staffSessionTtlHours;
}

/** Creates a session row and the token that names it. */
export async function createSession(services: Services, audience: Audience, subjectId: string, meta: Record<string, string> = {}): Promise<IssuedSession> {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + ttlHours(services, audience) * 3_600_000);
  await services.db.session.create({ data: { sid: sessionId, audience, subjectId, sess: meta, expire: expiresAt } });
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(audienceClaim(audience))
    .setSubject(subjectId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(services.config.tokenSecret);
  return { token, sessionId, expiresAt };
}

/** Ends one session (sign-out). */
export async function endSession(services: Services, sessionId: string): Promise<void> {
  await services.db.session.deleteMany({ where: { sid: sessionId } });
}

/** Ends every session of a subject (after a password reset, or when an account is disabled). */
export async function endAllSessions(services: Services, subjectId: string): Promise<void> {
  await services.db.session.deleteMany({ where: { subjectId } });
}

/** Ends every session of a subject but one (the one that changed the password stays signed in). */
export async function endOtherSessions(services: Services, subjectId: string, keepSessionId: string): Promise<void> {
  await services.db.session.deleteMany({ where: { subjectId, sid: { not: keepSessionId } } });
}

export type VerifiedSession = {
  audience: Audience;
  subjectId: string;
  sessionId: string;
  /** False for a disabled (or deleted) admin or driver account, whose sessions stop working at once. */
  subjectActive: boolean;
};

/**
 * Tokens jose has verified (signature, issuer, audience, algorithm), with their payloads, per
 * secret: a token's signature checks the same every time, and checking it cost each signed-in
 * request 30-100 µs. Only valid tokens are kept (made only by signing in), so nobody can fill it
 * with made-up ones; expiry is checked again on every use, and the session row still decides.
 */
const verifiedTokens = new WeakMap<Uint8Array, LRUCache<string, JWTPayload>>();
const VERIFIED_TOKENS_KEPT = 10_000;

async function verifiedPayload(secret: Uint8Array, token: string): Promise<JWTPayload | null> {
  let kept = verifiedTokens.get(secret);
  if (!kept) {
    kept = new LRUCache({ max: VERIFIED_TOKENS_KEPT });
    verifiedTokens.set(secret, kept);
  }
  const now = Math.floor(Date.now() / 1000);
  const known = kept.get(token);
  if (known) return stillValid(known, now) ? known : null;
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: [audienceClaim("customer"), audienceClaim("admin"), audienceClaim("dealership"), audienceClaim("driver")],
      algorithms: ["HS256"],
    });
    kept.set(token, Object.freeze(payload));
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** jose's time checks (no clock tolerance): not expired, not before its start. */
const stillValid = (payload: JWTPayload, now: number) => (payload.exp === undefined || payload.exp > now) && (payload.nbf === undefined || payload.nbf <= now);

type SessionRow = { audience: string; subjectId: string; expire: Date; adminActive: boolean | null; driverActive: boolean | null };

/**
 * Session rows as last read, per database client, with the database's change stamp from before
 * the read (../db/direct.ts changeStamp). A row is used again only while the stamp is unchanged:
 * nobody, in this process or another, has committed anything since, so a sign-out, a disabled
 * account or a deleted session is seen by the very next request, as when each request read the
 * row. Under writes the stamp moves and every request reads its row again; on PostgreSQL (no
 * stamp) it always does, sharing the statement with the checks that arrive with it (`readBatched`).
 * Expiry is checked on every use.
 */
const readSessions = new WeakMap<object, { rows: LRUCache<string, { row: SessionRow; stamp: number }>; checks: SessionChecks; waiting?: Batch }>();
const SESSIONS_KEPT = 10_000;

/**
 * Session checks since start: answered by a statement, or by the row read before (nothing had
 * changed); `statements` counts the reads, fewer than `database` where checks shared one.
 */
export type SessionChecks = { database: number; unchanged: number; statements: number };

function sessionsOf(db: object) {
  let kept = readSessions.get(db);
  if (!kept) {
    kept = { rows: new LRUCache({ max: SESSIONS_KEPT }), checks: { database: 0, unchanged: 0, statements: 0 } };
    readSessions.set(db, kept);
  }
  return kept;
}

/** How this database client's session checks were answered (metrics). */
export const sessionChecks = (db: object): Readonly<SessionChecks> => sessionsOf(db).checks;

const SESSION_COLUMNS = sql`s.sid, s.audience, s."subjectId", s.expire, a."isActive" AS "adminActive", d."isActive" AS "driverActive"
    FROM sessions s
    LEFT JOIN admin_users a ON s.audience = 'admin' AND a.id = s."subjectId"
    LEFT JOIN drivers d ON s.audience = 'driver' AND d.id = s."subjectId"`;

type KeptSessions = ReturnType<typeof sessionsOf>;

async function readSessionRows(services: Services, kept: KeptSessions, sessionIds: readonly string[]): Promise<Map<string, SessionRow>> {
  kept.checks.statements++;
  const where = sessionIds.length === 1 ? sql`s.sid = ${sessionIds[0]}` : sql`s.sid IN (${join(sessionIds)})`;
  const rows = await queryRows<SessionRow & { sid: string }>(services.db, sql`SELECT ${SESSION_COLUMNS} WHERE ${where}`);
  return new Map(rows.map(({ sid, ...row }) => [sid, row]));
}

/** Session checks waiting for the same statement, and what they are waiting on. */
type Batch = { ids: Set<string>; rows: Promise<Map<string, SessionRow>> };
/** At most this many sessions in one statement (bounded statement texts and parameters). */
const BATCH_MOST = 64;

/**
 * PostgreSQL: the session checks that arrive in the same turn of the event loop share one statement,
 * sent once that turn's requests have all started (under load, a dozen requests are read off their
 * sockets together, and each statement costs the server more CPU than PostgreSQL spends on it: issue
 * 16). The statement is sent after every request in it arrived, so it sees every sign-out committed
 * before any of them, exactly as a statement of its own would.
 */
function readBatched(services: Services, kept: KeptSessions, sessionId: string): Promise<SessionRow | undefined> {
  let batch = kept.waiting;
  if (!batch || batch.ids.size >= BATCH_MOST) {
    const ids = new Set<string>();
    const rows = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // Sent now: later checks start a batch of their own.
      if (kept.waiting?.ids === ids) kept.waiting = undefined;
      return readSessionRows(services, kept, [...ids]);
    });
    batch = { ids, rows };
    kept.waiting = batch;
  }
  batch.ids.add(sessionId);
  return batch.rows.then((rows) => rows.get(sessionId));
}

async function sessionRow(services: Services, sessionId: string): Promise<SessionRow | undefined> {
  const kept = sessionsOf(services.db);
  if (services.provider === "postgresql") {
    kept.checks.database++;
    return readBatched(services, kept, sessionId);
  }
  const stamp = await changeStamp(services.db);
  const known = stamp === null ? undefined : kept.rows.get(sessionId);
  if (known && known.stamp === stamp) {
    kept.checks.unchanged++;
    return known.row;
  }
  kept.checks.database++;
  const row = (await readSessionRows(services, kept, [sessionId])).get(sessionId);
  if (stamp !== null && row) kept.rows.set(sessionId, { row, stamp });
  return row;
}

/**
 * The session a token names, or null for any token that is not valid right now. One statement
 * reads the session and, for staff, whether the account is still active (a single indexed lookup
 * on the driver directly: ../db/direct.ts), and only when the database has changed since this
 * session was last read (`sessionRow`).
 */
export async function verifySessionToken(services: Services, token: string): Promise<VerifiedSession | null> {
  const payload = await verifiedPayload(services.config.tokenSecret, token);
  if (!payload) return null;
  const audience = String(Array.isArray(payload.aud) ? payload.aud[0] : payload.aud).replace("capedrive:", "") as Audience;
  const sessionId = typeof payload.sid === "string" ? payload.sid : "";
  if (!sessionId) return null;
  const session = await sessionRow(services, sessionId);
  if (!session || session.audience !== audience || session.subjectId !== payload.sub || session.expire <= new Date()) return null;
  const subjectActive = audience === "admin" ? session.adminActive === true : audience === "driver" ? session.driverActive === true : true;
  return { audience, subjectId: session.subjectId, sessionId, subjectActive };
}

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientAddressOf(services: Services, request: Request, socketAddress: string | undefined): string {
  if (services.config.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? "unknown";
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the viewer of a request. A token that is not valid (expired, signed out, tampered
 * with) makes an anonymous viewer marked `sessionExpired`: public calls (sign-in among them) still
 * work with a stale token in the browser, and protected ones answer 401 "session has expired".
 */
export async function resolveViewer(services: Services, request: Request, clientAddress: string): Promise<Viewer> {
  // An API key (`Authorization: Bearer rk_...`, or `X-API-Key` without a bearer token); an
  // unknown or revoked one is anonymous and marked, so protected calls answer 401 saying so.
  const apiKey = apiKeyOfRequest(request);
  if (apiKey) {
    const key = await resolveApiKey(services, apiKey);
    if (!key) return { kind: "anonymous", clientAddress, sessionExpired: true, invalidApiKey: true };
    return { kind: "apiKey", apiKeyId: key.apiKeyId, permissions: key.permissions, clientAddress };
  }
  const token = bearerToken(request);
  if (!token) return { kind: "anonymous", clientAddress };
  const session = await verifySessionToken(services, token);
  if (!session) return { kind: "anonymous", clientAddress, sessionExpired: true };
  switch (session.audience) {
    case "customer":
      return { kind: "customer", userId: session.subjectId, sessionId: session.sessionId, clientAddress };
    case "admin":
      // A disabled (or deleted) admin's sessions stop working at once.
      if (!session.subjectActive) return { kind: "anonymous", clientAddress, sessionExpired: true };
      return { kind: "admin", adminId: session.subjectId, sessionId: session.sessionId, clientAddress };
    case "dealership":
      return { kind: "dealership", dealershipId: session.subjectId, sessionId: session.sessionId, clientAddress };
    case "driver":
      // A disabled driver's sessions stop working at once, like an admin's.
      if (!session.subjectActive) return { kind: "anonymous", clientAddress, sessionExpired: true };
      return { kind: "driver", driverId: session.subjectId, sessionId: session.sessionId, clientAddress };
  }
}
