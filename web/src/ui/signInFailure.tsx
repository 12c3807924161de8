/**
 * A failed sign-in, kept in the form until the visitor types again (the toast goes in 5 s).
 *
 * Refused by the server (a wrong password, a disabled account, too many attempts): the reason
 * stays above the Sign In button, the fields are marked invalid and described by it, and the focus
 * goes back to the password (selected, to retype), where a screen reader reads the field with why
 * it failed.
 *
 * Not judged at all (offline, a 5xx; lib/errors.ts signInFailureKind): the connection message
 * stays above the button, but the fields are left as they are: nothing says they are wrong, and
 * the visitor only needs to send them again.
 */
import { useCallback, useEffect, useId, useState } from "react";
import type { CombinedError } from "urql";
import { CONNECTION_MESSAGE, signInFailureKind } from "../lib/errors.ts";
import { Notice } from "./Notice.tsx";

export type SignInFailureKind = ReturnType<typeof signInFailureKind>;

/**
 * What to show for a failed sign-in: the connection message when the server never judged it,
 * else `refusedMessage` (the screen's words for a refusal, or the server's), with its kind.
 */
export function signInFailureMessage(
  error: CombinedError | null | undefined,
  refusedMessage: (error: CombinedError | undefined) => string,
): { kind: SignInFailureKind; message: string } {
  const kind = signInFailureKind(error);
  return { kind, message: kind === "unreachable" ? CONNECTION_MESSAGE : refusedMessage(error ?? undefined) };
}

export function useSignInFailure(focusRetry: () => void) {
  const id = useId();
  const [failure, setFailure] = useState<{ message: string; refused: boolean } | null>(null);
  // After the render that wires the description, so the focused field is read with it. A new
  // object each time: the same message twice still moves the focus back.
  useEffect(() => {
    if (failure?.refused) focusRetry();
  }, [failure, focusRetry]);
  const refused = failure?.refused === true;
  return {
    /** Only a refusal ("refused") marks the fields and selects the password. */
    fail: useCallback((message: string, kind: SignInFailureKind) => setFailure({ message, refused: kind === "refused" }), []),
    /** For the form's onInput: the visitor is trying again. */
    clear: useCallback(() => setFailure(null), []),
    /** Spread on each field after register(). */
    field: refused ? ({ "aria-invalid": true, "aria-describedby": id } as const) : {},
    notice: failure ? (
      <Notice tone={refused ? "danger" : "amber"} id={id}>
        {failure.message}
      </Notice>
    ) : null,
  };
}
