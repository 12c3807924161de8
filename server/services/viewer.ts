// Who is making a request. Resolved once per request from the Authorization header (or an API
// key) and passed to services; services check it, transports never decide access themselves.
export type Audience = "customer" | "admin" | "dealership";

export type Viewer =
  /** `sessionExpired`: a token came with the request but is no longer valid (expired, signed out,
   *  tampered with). Public operations, sign-in included, still work; protected ones answer 401. */
  | { kind: "anonymous"; clientAddress: string; sessionExpired?: boolean }
  | { kind: "customer"; userId: string; sessionId: string; clientAddress: string }
  | { kind: "admin"; adminId: string; sessionId: string; clientAddress: string }
  | { kind: "dealership"; dealershipId: string; sessionId: string; clientAddress: string }
  | { kind: "apiKey"; apiKeyId: string; permissions: string[]; clientAddress: string };

export type CustomerViewer = Extract<Viewer, { kind: "customer" }>;

import { forbidden, unauthenticated } from "../errors";

/** The 401 for a request that needs someone signed in. */
export function signInRequired(viewer: Viewer) {
  return viewer.kind === "anonymous" && viewer.sessionExpired ? unauthenticated("Your session has expired. Please sign in again.") : unauthenticated();
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
