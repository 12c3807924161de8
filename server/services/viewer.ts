// Who is making a request. Resolved once per request from the Authorization header (or an API
// key) and passed to services; services check it, transports never decide access themselves.
export type Audience = "customer" | "admin" | "dealership" | "driver";

export type Viewer =
  /** `sessionExpired`: a token came with the request but is no longer valid (expired, signed out,
   *  tampered with). Public operations, sign-in included, still work; protected ones answer 401. */
  | { kind: "anonymous"; clientAddress: string; sessionExpired?: boolean; invalidApiKey?: boolean }
  | { kind: "customer"; userId: string; sessionId: string; clientAddress: string }
  | { kind: "admin"; adminId: string; sessionId: string; clientAddress: string }
  | { kind: "dealership"; dealershipId: string; sessionId: string; clientAddress: string }
  | { kind: "driver"; driverId: string; sessionId: string; clientAddress: string }
  | { kind: "apiKey"; apiKeyId: string; permissions: string[]; clientAddress: string };

export type CustomerViewer = Extract<Viewer, { kind: "customer" }>;
export type AdminViewer = Extract<Viewer, { kind: "admin" }>;
export type ApiKeyViewer = Extract<Viewer, { kind: "apiKey" }>;

import { forbidden, unauthenticated } from "../errors";

/** The 401 for a request that needs someone signed in. */
export function signInRequired(viewer: Viewer) {
  if (viewer.kind === "anonymous" && viewer.invalidApiKey) return unauthenticated(INVALID_API_KEY);
  return viewer.kind === "anonymous" && viewer.sessionExpired ? unauthenticated("Your session has expired. Please sign in again.") : unauthenticated();
}

export const INVALID_API_KEY = "This API key is not valid or has been revoked";
export const ADMINS_ONLY = "This is for administrators only";

/** The signed-in admin, or 401; other areas' tokens and API keys are refused with 403. */
export function requireAdmin(viewer: Viewer): AdminViewer {
  if (viewer.kind === "admin") return viewer;
  if (viewer.kind === "anonymous") throw signInRequired(viewer);
  throw forbidden(viewer.kind === "apiKey" ? "API keys cannot do this: it needs a signed-in administrator" : ADMINS_ONLY);
}

/**
 * A signed-in admin, or an API key holding `permission` (every one of them, when an operation
 * reveals what several permissions guard); else 401 or 403 naming the first one the key lacks.
 */
export function requireAdminOrKey(viewer: Viewer, permission: string | readonly string[]): AdminViewer | ApiKeyViewer {
  if (viewer.kind === "apiKey") {
    const missing = missingPermission(viewer, permission);
    if (missing === null) return viewer;
    throw forbidden(`This API key does not have the ${missing} permission`);
  }
  return requireAdmin(viewer);
}

/** The first of `needed` this key does not hold, or null when it holds them all. */
export function missingPermission(key: ApiKeyViewer, needed: string | readonly string[]): string | null {
  return (typeof needed === "string" ? [needed] : needed).find((permission) => !key.permissions.includes(permission)) ?? null;
}

/** The signed-in customer, or 401. Other areas' tokens are refused with 403. */
export function requireCustomer(viewer: Viewer): CustomerViewer {
  if (viewer.kind === "customer") return viewer;
  if (viewer.kind === "anonymous") throw signInRequired(viewer);
  throw forbidden("This is for customers only");
}

export type DealershipViewer = Extract<Viewer, { kind: "dealership" }>;
export const DEALERSHIPS_ONLY = "This is for dealerships only";

/** The signed-in dealership, or 401. Other areas' tokens and API keys are refused with 403. */
export function requireDealership(viewer: Viewer): DealershipViewer {
  if (viewer.kind === "dealership") return viewer;
  if (viewer.kind === "anonymous") throw signInRequired(viewer);
  throw forbidden(DEALERSHIPS_ONLY);
}

export type DriverViewer = Extract<Viewer, { kind: "driver" }>;
export const DRIVERS_ONLY = "This is for drivers only";

/** The signed-in driver, or 401. Other areas' tokens and API keys are refused with 403. */
export function requireDriver(viewer: Viewer): DriverViewer {
  if (viewer.kind === "driver") return viewer;
  if (viewer.kind === "anonymous") throw signInRequired(viewer);
  throw forbidden(DRIVERS_ONLY);
}
