/**
 * A failed sign-in: only the server's refusal blames the fields; a call that never got an answer
 * (offline, a 5xx) says so and leaves them alone. happy-dom only for this file.
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { CombinedError } from "urql";

GlobalRegistrator.register({ url: "http://localhost/" });
afterAll(() => GlobalRegistrator.unregister());

const { act, cleanup, render, within } = await import("@testing-library/react");
const screen = within(document.body);
const { Field } = await import("./Field.tsx");
const { signInFailureMessage, useSignInFailure } = await import("./signInFailure.tsx");
const { CONNECTION_MESSAGE, gotNoAnswer, isTransientError, signInFailureKind } = await import("../lib/errors.ts");

afterEach(() => cleanup());

const refusal = (code: string, message = "Invalid email or password") =>
  new CombinedError({ graphQLErrors: [{ message, extensions: { code } }], response: { status: 200 } });
const offline = () => new CombinedError({ networkError: new TypeError("Failed to fetch") });
const gateway = (status: number) => new CombinedError({ networkError: new Error("Bad Gateway"), response: { status } });

describe("what a failed call was", () => {
  test("no connection, a gateway's 5xx and the server's 503 are unreachable, and not refusals", () => {
    for (const error of [offline(), gateway(502), gateway(504), refusal("SERVICE_UNAVAILABLE", "The service is busy")]) {
      expect(isTransientError(error)).toBe(true);
      expect(signInFailureKind(error)).toBe("unreachable");
    }
    const unavailable = new CombinedError({ graphQLErrors: [{ message: "x", extensions: { code: "INTERNAL" } }], response: { status: 503 } });
    expect(signInFailureKind(unavailable)).toBe("unreachable");
  });

  test("the server's refusals: a wrong pair (or a 401), a disabled account, too many attempts", () => {
    for (const code of ["UNAUTHENTICATED", "FORBIDDEN", "TOO_MANY_REQUESTS"]) expect(signInFailureKind(refusal(code))).toBe("refused");
    expect(signInFailureKind(new CombinedError({ networkError: new Error("Unauthorized"), response: { status: 401 } }))).toBe("refused");
    expect(isTransientError(refusal("UNAUTHENTICATED"))).toBe(false);
  });

  test("no answer at all (for the address lookup) is narrower: the server's own 'lookup unavailable' is an answer", () => {
    expect(gotNoAnswer(offline())).toBe(true);
    expect(gotNoAnswer(gateway(502))).toBe(true);
    expect(gotNoAnswer(refusal("SERVICE_UNAVAILABLE", "Address lookup is unavailable right now."))).toBe(false);
    expect(gotNoAnswer(refusal("BAD_GATEWAY", "Address lookup gave an answer we could not read."))).toBe(false);
    expect(gotNoAnswer(undefined)).toBe(false);
  });

  test("any other answer is neither", () => {
    expect(signInFailureKind(refusal("BAD_USER_INPUT", "Email is required"))).toBe("other");
    expect(signInFailureKind(new CombinedError({ networkError: new Error("Payload Too Large"), response: { status: 413 } }))).toBe("other");
  });

  test("the message: the connection's, or the screen's words for a refusal", () => {
    const words = () => "Please check your credentials";
    expect(signInFailureMessage(offline(), words)).toEqual({ kind: "unreachable", message: CONNECTION_MESSAGE });
    expect(signInFailureMessage(undefined, words)).toEqual({ kind: "unreachable", message: CONNECTION_MESSAGE });
    expect(signInFailureMessage(refusal("UNAUTHENTICATED"), words)).toEqual({ kind: "refused", message: "Please check your credentials" });
  });
});

let latest: ReturnType<typeof useSignInFailure> | undefined;
function Form({ onFocusRetry }: { onFocusRetry: () => void }) {
  const failure = useSignInFailure(onFocusRetry);
  latest = failure;
  return (
    <form onInput={failure.clear}>
      <Field label="Email" {...failure.field} />
      <Field label="Password" type="password" {...failure.field} />
      {failure.notice}
    </form>
  );
}
const current = () => latest!;

describe("the sign-in form's failure", () => {
  test("a refusal marks both fields, describes them with the reason and asks for the password again", () => {
    let focused = 0;
    render(<Form onFocusRetry={() => focused++} />);
    act(() => current().fail("Invalid email or password", "refused"));
    const note = screen.getByRole("note");
    expect(note.textContent).toBe("Invalid email or password");
    for (const label of ["Email", "Password"]) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(input.getAttribute("aria-describedby")).toContain(note.id);
    }
    expect(focused).toBe(1);
  });

  test("no connection: the message stays in the form, but the fields are not blamed and the password is left alone", () => {
    let focused = 0;
    render(<Form onFocusRetry={() => focused++} />);
    act(() => current().fail(CONNECTION_MESSAGE, "unreachable"));
    expect(screen.getByRole("note").textContent).toBe(CONNECTION_MESSAGE);
    for (const label of ["Email", "Password"]) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute("aria-invalid")).toBeNull();
      expect(input.getAttribute("aria-describedby")).toBeNull();
    }
    expect(focused).toBe(0);
    act(() => current().clear());
    expect(screen.queryByRole("note")).toBeNull();
  });
});
