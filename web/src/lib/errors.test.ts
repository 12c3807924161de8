import { describe, expect, test } from "bun:test";
import { CombinedError } from "urql";
import { isTransientError, serverMessage } from "./errors.ts";

const refusal = (code: string, message = "This booking is already cancelled") => new CombinedError({ graphQLErrors: [{ message, extensions: { code } }] });

describe("no answer, or the server's refusal", () => {
  test("no answer: offline, a dropped connection, a 5xx without a body", () => {
    expect(isTransientError(new CombinedError({ networkError: new TypeError("Failed to fetch") }))).toBe(true);
    const response = new Response("", { status: 502, statusText: "Bad Gateway" });
    expect(isTransientError(new CombinedError({ networkError: new Error("Bad Gateway"), response }))).toBe(true);
    // A 4xx without a GraphQL body is still the server's answer.
    expect(isTransientError(new CombinedError({ networkError: new Error("Payload Too Large"), response: new Response("", { status: 413 }) }))).toBe(false);
  });

  test("a server error with a GraphQL body: a 500, a masked internal error (HTTP 200), the database unavailable", () => {
    const response = new Response("{}", { status: 500 });
    expect(
      isTransientError(new CombinedError({ graphQLErrors: [{ message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } }], response })),
    ).toBe(true);
    expect(isTransientError(refusal("INTERNAL_SERVER_ERROR", "Unexpected error."))).toBe(true);
    expect(isTransientError(refusal("SERVICE_UNAVAILABLE", "The service is temporarily unavailable."))).toBe(true);
  });

  test("a refusal (4xx) is the server's verdict, with its reason", () => {
    for (const code of ["BAD_USER_INPUT", "CONFLICT", "NOT_FOUND", "FORBIDDEN", "TOO_MANY_REQUESTS", "UNPROCESSABLE_CONTENT", "UNAUTHENTICATED"]) {
      expect([code, isTransientError(refusal(code))]).toEqual([code, false]);
    }
    const response = new Response("{}", { status: 409 });
    const conflict = new CombinedError({ graphQLErrors: [{ message: "No car is free", extensions: { code: "CONFLICT" } }], response });
    expect([isTransientError(conflict), serverMessage(conflict)]).toEqual([false, "No car is free"]);
    expect(isTransientError(undefined)).toBe(false);
  });
});
