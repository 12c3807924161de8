import { describe, expect, test } from "bun:test";
import { afterSignIn, signInFor } from "./next.ts";

describe("the way back after signing in", () => {
  test("a screen's address goes to sign-in and comes back whole", () => {
    const receipt = "/bookings/0190-abc/receipt?print=1#invoice";
    const signIn = signInFor(receipt);
    expect(signIn).toBe(`/signin?next=${encodeURIComponent(receipt)}`);
    expect(afterSignIn(new URL(signIn, "https://capedrive.example").search)).toBe(receipt);
  });

  test("no next, or one that is not a path of this site, goes home", () => {
    for (const search of [
      "",
      "?next=",
      "?next=https%3A%2F%2Fevil.example",
      "?next=%2F%2Fevil.example%2Fx",
      "?next=%2F%5Cevil.example",
      "?next=javascript%3Aalert(1)",
    ]) {
      expect(afterSignIn(search)).toBe("/home");
    }
  });

  test("the sign-in and sign-up screens are never where it goes back to", () => {
    expect(signInFor("/signin?next=%2Fprofile")).toBe("/signin");
    expect(afterSignIn("?next=%2Fsignup")).toBe("/home");
    expect(afterSignIn("?next=%2Fsignin-help")).toBe("/signin-help");
  });
});
