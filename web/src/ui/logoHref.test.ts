import { describe, expect, test } from "bun:test";
import { logoHref } from "./logoHref.ts";

describe("logoHref (SPEC: Header logo)", () => {
  test("admin paths go to the admin dashboard", () => {
    expect(logoHref("/admin")).toBe("/admin/dashboard");
    expect(logoHref("/admin/vehicles")).toBe("/admin/dashboard");
    expect(logoHref("/admin/signin")).toBe("/admin/dashboard");
  });
  test("dealership paths go to the dealership dashboard", () => {
    expect(logoHref("/dealership")).toBe("/dealership/dashboard");
    expect(logoHref("/dealership/signin")).toBe("/dealership/dashboard");
    expect(logoHref("/dealership/vehicles/abc/edit")).toBe("/dealership/dashboard");
  });
  test("landing, sign-in and sign-up go to /", () => {
    expect(logoHref("/")).toBe("/");
    expect(logoHref("/signin")).toBe("/");
    expect(logoHref("/signup/")).toBe("/");
  });
  test("everything else goes to /home", () => {
    expect(logoHref("/profile")).toBe("/home");
    expect(logoHref("/booking/category")).toBe("/home");
    expect(logoHref("/administrator")).toBe("/home");
    expect(logoHref("/signing")).toBe("/home");
    expect(logoHref("/dealerships")).toBe("/home");
  });
});
