import type { CombinedError } from "urql";
import { serverMessage } from "../../lib/errors.ts";
import { notifyError } from "../../ui/toast.tsx";

/** The GraphQL error code of a failed call (BAD_USER_INPUT, CONFLICT, ...), if the server sent one. */
export function errorCode(error: CombinedError | null | undefined): string | undefined {
  const code = error?.graphQLErrors.find((e) => e.extensions?.code)?.extensions?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * A step on one car (Delete, Mark as sold) that did not happen: the toast gives the server's
 * reason when the car is gone (NOT_FOUND) or the step is refused (CONFLICT), else `fallback`.
 * True in those two cases: the question no longer applies, so its dialog closes.
 */
export function notifyStepRefused(error: CombinedError | undefined, fallback: string): boolean {
  const code = errorCode(error);
  const settled = code === "CONFLICT" || code === "NOT_FOUND";
  notifyError("Error", (settled ? serverMessage(error) : undefined) ?? fallback);
  return settled;
}
