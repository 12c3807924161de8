import type { CombinedError } from "urql";

/**
 * The message to show for a failed GraphQL call: the server's own message (GraphQL error, or the
 * JSON `message` of a 4xx), or undefined so the screen falls back to the spec's default text.
 */
export function serverMessage(error: CombinedError | null | undefined): string | undefined {
  if (!error) return undefined;
  const first = error.graphQLErrors.find((e) => e.message.trim() !== "");
  if (first) return first.message;
  return undefined;
}

/** Same for a thrown value (fetch/XHR helpers throw Error with the server's message). */
export function thrownMessage(error: unknown): string | undefined {
  if (error instanceof Error && error.message.trim() !== "") return error.message;
  return undefined;
}

/** Per-field messages the server attached to a validation error (extensions.fieldErrors). */
export function serverFieldErrors(error: CombinedError | null | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const e of error?.graphQLErrors ?? []) {
    const fields = e.extensions?.fieldErrors;
    if (fields && typeof fields === "object") {
      for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
        if (typeof value === "string") found[key.replace(/^input\./, "")] ??= value;
      }
    }
  }
  return found;
}

/** Codes of a server that could not answer (as ../../server/errors.ts and yoga's masked errors name them). */
const SERVER_FAILURE_CODES = new Set(["INTERNAL_SERVER_ERROR", "SERVICE_UNAVAILABLE", "BAD_GATEWAY"]);

/**
 * True when a call failed without the server's verdict on it: no answer arrived (offline, the
 * connection dropped, perhaps after the server acted) or the server failed (a 5xx, a masked
 * internal error). What was asked may or may not have been done: a screen finds out (reads again)
 * and offers to try again, and never shows this as a refusal. A refusal (a 4xx with the server's
 * reason: BAD_USER_INPUT, CONFLICT, NOT_FOUND...) is false.
 */
export function isTransientError(error: CombinedError | null | undefined): boolean {
  if (!error) return false;
  const status = error.response?.status;
  if (typeof status === "number" && status >= 500) return true;
  // A network error with a 4xx status is the server's answer (a 401, a 413), not a lost one.
  if (error.graphQLErrors.length === 0) return error.networkError !== undefined && typeof status !== "number";
  return error.graphQLErrors.some((e) => SERVER_FAILURE_CODES.has(String(e.extensions?.code ?? "")));
}

/** What the app says when a call never got an answer from CapeDrive itself. */
export const CONNECTION_MESSAGE = "We couldn't reach CapeDrive. Check your connection and try again.";

/**
 * Whether a GraphQL call got no answer from CapeDrive at all: no connection (fetch threw, so there
 * is no response), or an HTTP 5xx (a gateway's 502, the server's own 503 when its database is down).
 */
export function gotNoAnswer(error: CombinedError | null | undefined): boolean {
  if (!error) return false;
  if (error.networkError && !error.response) return true;
  const status = (error.response as { status?: unknown } | undefined)?.status;
  return typeof status === "number" && status >= 500;
}

/** Codes of a sign-in the server refused: a wrong pair, a disabled account, too many attempts. */
const REFUSAL_CODES = new Set(["UNAUTHENTICATED", "FORBIDDEN", "TOO_MANY_REQUESTS"]);

/**
 * Why a sign-in failed: "refused" (the server judged the credentials: UNAUTHENTICATED or a 401,
 * a disabled account, too many attempts), "unreachable" (no answer from the server: offline, a
 * 5xx; or no error at all, nothing to judge by), or "other" (any other answer, e.g. bad input).
 */
export function signInFailureKind(error: CombinedError | null | undefined): "refused" | "unreachable" | "other" {
  if (!error || isTransientError(error)) return "unreachable";
  if (error.graphQLErrors.some((e) => REFUSAL_CODES.has(String(e.extensions?.code ?? "")))) return "refused";
  if ((error.response as { status?: unknown } | undefined)?.status === 401) return "refused";
  return "other";
}
