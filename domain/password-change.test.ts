// The Change Password rule every area shares: each area's minimum length, the confirmation, a new
// password that differs from the current one.
import { describe, expect, test } from "bun:test";
import { PASSWORD_CHANGE_MESSAGES, PASSWORD_MINIMUM, passwordChangeFormSchema, passwordChangeRequestSchema } from "./schemas.ts";

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("passwordChangeRequestSchema", () => {
  test("each area's minimum: a customer's 6 characters, staff 8", () => {
    expect(PASSWORD_MINIMUM).toEqual({ customer: 6, admin: 8, dealership: 8, driver: 8 });
    expect(passwordChangeRequestSchema("customer").safeParse({ currentPassword: "old-one", newPassword: "six666" }).success).toBe(true);
    for (const owner of ["admin", "dealership", "driver"] as const) {
      expect(firstIssue(passwordChangeRequestSchema(owner).safeParse({ currentPassword: "old-one", newPassword: "seven77" }))).toEqual([
        ["newPassword", "Password must be at least 8 characters"],
      ]);
      expect(passwordChangeRequestSchema(owner).safeParse({ currentPassword: "old-one", newPassword: "eight888" }).success).toBe(true);
    }
  });

  test("the current password is required; the new one must differ from it and not be only spaces or too long", () => {
    const schema = passwordChangeRequestSchema("customer");
    expect(firstIssue(schema.safeParse({ newPassword: "fresh-one" }))).toEqual([["currentPassword", PASSWORD_CHANGE_MESSAGES.currentRequired]]);
    expect(firstIssue(schema.safeParse({ currentPassword: "same-one", newPassword: "same-one" }))).toEqual([
      ["newPassword", PASSWORD_CHANGE_MESSAGES.unchanged],
    ]);
    expect(schema.safeParse({ currentPassword: "old-one", newPassword: "        " }).success).toBe(false);
    expect(firstIssue(schema.safeParse({ currentPassword: "old-one", newPassword: "x".repeat(201) }))).toEqual([
      ["newPassword", PASSWORD_CHANGE_MESSAGES.tooLong],
    ]);
    // Passwords are not trimmed: a space is a character of it.
    expect(schema.parse({ currentPassword: " old ", newPassword: " fresh " })).toEqual({ currentPassword: " old ", newPassword: " fresh " });
  });
});

describe("passwordChangeFormSchema", () => {
  test("the confirmation must match; an empty one asks for it instead", () => {
    const schema = passwordChangeFormSchema("dealership");
    expect(firstIssue(schema.safeParse({ currentPassword: "old-one", newPassword: "fresh-one-1", confirmPassword: "fresh-one-2" }))).toEqual([
      ["confirmPassword", PASSWORD_CHANGE_MESSAGES.mismatch],
    ]);
    expect(firstIssue(schema.safeParse({ currentPassword: "old-one", newPassword: "fresh-one-1", confirmPassword: "" }))).toEqual([
      ["confirmPassword", PASSWORD_CHANGE_MESSAGES.confirmRequired],
    ]);
    expect(schema.safeParse({ currentPassword: "old-one", newPassword: "fresh-one-1", confirmPassword: "fresh-one-1" }).success).toBe(true);
  });
});
