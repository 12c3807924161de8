/**
 * A sign-in the server refused (a wrong password, a disabled account, too many attempts). The toast
 * goes in 5 s; the reason also stays above the Sign In button until the visitor types again, the
 * fields are marked invalid and described by it, and the focus goes back to the password (selected,
 * to retype), where a screen reader reads the field with why it failed.
 */
import { useCallback, useEffect, useId, useState } from "react";
import { Notice } from "./Notice.tsx";

export function useSignInFailure(focusRetry: () => void) {
  const id = useId();
  const [failure, setFailure] = useState<{ message: string } | null>(null);
  // After the render that wires the description, so the focused field is read with it. A new
  // object each time: the same message twice still moves the focus back.
  useEffect(() => {
    if (failure) focusRetry();
  }, [failure, focusRetry]);
  return {
    fail: useCallback((message: string) => setFailure({ message }), []),
    /** For the form's onInput: the visitor is trying again. */
    clear: useCallback(() => setFailure(null), []),
    /** Spread on each field after register(). */
    field: failure ? ({ "aria-invalid": true, "aria-describedby": id } as const) : {},
    notice: failure ? (
      <Notice tone="danger" id={id}>
        {failure.message}
      </Notice>
    ) : null,
  };
}
