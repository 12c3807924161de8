// Who is making a request. Resolved once per request from the Authorization header (or an API
// key) and passed to services; services check it, transports never decide access themselves.
export type Audience = "customer" | "admin" | "dealership";

export type Viewer =
  | { kind: "anonymous"; clientAddress: string }
  | { kind: "customer"; userId: string; sessionId: string; clientAddress: string }
  | { kind: "admin"; adminId: string; sessionId: string; clientAddress: string }
  | { kind: "dealership"; dealershipId: string; sessionId: string; clientAddress: string }
  | { kind: "apiKey"; apiKeyId: string; permissions: string[]; clientAddress: string };

export type CustomerViewer = Extract<Viewer, { kind: "customer" }>;

import { forbidden, unauthenticated } from "../errors";

/** The signed-in customer, or 401. Other areas' tokens are refused with 403. */
export function requireCustomer(viewer: Viewer): CustomerViewer {
  if (viewer.kind === "customer") return viewer;
  if (viewer.kind === "anonymous") throw unauthenticated();
  throw forbidden("This is for customers only");
}
