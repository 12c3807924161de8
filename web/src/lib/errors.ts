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
