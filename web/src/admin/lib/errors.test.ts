import { describe, expect, test } from "bun:test";
import { CombinedError } from "urql";
import { adminErrorMessage } from "./errors.ts";

describe("admin error messages (SPEC 8: the server's message, else HTTP {status}: {text})", () => {
  test("the server's message first", () => {
    const error = new CombinedError({ graphQLErrors: [{ message: "This vehicle has upcoming bookings. Set it to out of service instead." }] });
    expect(adminErrorMessage(error)).toBe("This vehicle has upcoming bookings. Set it to out of service instead.");
  });
  test("else the HTTP status and its text", () => {
    const response = new Response("", { status: 502, statusText: "Bad Gateway" });
    const error = new CombinedError({ networkError: new Error("Bad Gateway"), response });
    expect(adminErrorMessage(error)).toBe("HTTP 502: Bad Gateway");
  });
  test("no answer at all, or nothing to say", () => {
    expect(adminErrorMessage(new CombinedError({ networkError: new TypeError("Failed to fetch") }))).toBe(
      "Could not reach the server. Please check your connection.",
    );
    expect(adminErrorMessage(undefined)).toBe("Please try again");
    expect(adminErrorMessage(undefined, "Nope")).toBe("Nope");
  });
});
