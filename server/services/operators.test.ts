// Operator services (what rentals-cli calls), on a fresh database (SQLite, or PostgreSQL when
// TEST_DATABASE_URL is set): admins, dealerships, API keys and service areas changed without a
// session, each change audited with the operator as the actor, refusals changing nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AppError } from "../errors";
import { createTestServices } from "../testing/harness";
import { createServiceAreaAs, listAllServiceAreas } from "./admin-service-areas";
import { issueApiKeyAs, listAllApiKeys, resolveApiKey, revokeApiKeyAs } from "./api-keys";
import type { OperatorActor } from "./audit";
import type { Services } from "./context";
import {
  DEALERSHIP_OPERATOR_MESSAGES,
  listDealershipsForOperator,
  onboardDealership,
  resetDealershipPassword,
  setDealershipActive,
  signInDealership,
} from "./dealership-auth";
import { createAdmin, listAdmins, OPERATOR_MESSAGES, recordOperatorEvent, setAdminActive } from "./operators";
import { createSession, verifySessionToken } from "./sessions";
import type { Viewer } from "./viewer";

let services: Services & { close(): Promise<void> };
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services.close();
});

const operator: OperatorActor = { kind: "operator", name: "ops@host" };
let n = 0;
const unique = () => `${++n}${crypto.randomUUID().slice(0, 6)}`;
const visitor = (): Viewer => ({ kind: "anonymous", clientAddress: `10.0.0.${++n % 250}` });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const auditRows = (entityId: string) => services.db.auditLog.findMany({ where: { entityId }, orderBy: { createdAt: "asc" } });
const countAll = async () => ({
  admins: await services.db.adminUser.count(),
  dealerships: await services.db.dealership.count(),
  keys: await services.db.apiKey.count(),
  areas: await services.db.serviceArea.count(),
  audit: await services.db.auditLog.count(),
});

describe("admins", () => {
  test("create: the sign-up form's rules, argon2id hash, audit row by the operator, any number of admins", async () => {
    const email = `ops-${unique()}@capedrive.example`;
    const admin = await createAdmin(services, operator, {
      email: ` ${email.toUpperCase()} `,
      password: "long enough",
      firstName: " Ada ",
      lastName: "Lovelace",
    });
    expect(admin).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace", role: "admin", isActive: true });
    expect(admin).not.toHaveProperty("passwordHash");
    const row = await services.db.adminUser.findUniqueOrThrow({ where: { email } });
    expect(row.passwordHash.startsWith("$argon2id$")).toBe(true);
    const second = await createAdmin(services, operator, {
      email: `ops2-${unique()}@capedrive.example`,
      password: "long enough",
      firstName: "B",
      lastName: "C",
      role: "support",
    });
    expect(second.role).toBe("support");
    const [audit] = await auditRows(admin.id);
    expect(audit).toMatchObject({ actorType: "operator", actorId: "ops@host", action: "admin.create", entity: "admin_user" });
    expect(JSON.stringify(audit!.after)).not.toContain("argon2");
  });

  test("create refuses a short password, a bad email, missing names and a taken email, changing nothing", async () => {
    const email = `taken-${unique()}@capedrive.example`;
    await createAdmin(services, operator, { email, password: "long enough", firstName: "A", lastName: "B" });
    const before = await countAll();
    expect(
      (await refusal(createAdmin(services, operator, { email: `x-${unique()}@capedrive.example`, password: "short", firstName: "A", lastName: "B" }))).message,
    ).toBe("Password must be at least 8 characters");
    expect((await refusal(createAdmin(services, operator, { email: "nope", password: "long enough", firstName: "A", lastName: "B" }))).message).toBe(
      "Invalid email address",
    );
    expect(
      (await refusal(createAdmin(services, operator, { email: `y-${unique()}@capedrive.example`, password: "long enough", firstName: " ", lastName: "B" })))
        .message,
    ).toBe("First name is required");
    const duplicate = await refusal(createAdmin(services, operator, { email: email.toUpperCase(), password: "long enough", firstName: "A", lastName: "B" }));
    expect([duplicate.code, duplicate.message]).toEqual(["CONFLICT", "An admin with this email already exists"]);
    expect(await countAll()).toEqual(before);
  });

  test("disable ends the admin's sessions; enable restores sign-in; no change writes nothing; unknown email is a 404", async () => {
    const email = `toggle-${unique()}@capedrive.example`;
    const admin = await createAdmin(services, operator, { email, password: "long enough", firstName: "T", lastName: "G" });
    const session = await createSession(services, "admin", admin.id);
    const disabled = await setAdminActive(services, operator, email, false);
    expect(disabled).toMatchObject({ changed: true, admin: { isActive: false } });
    expect(await verifySessionToken(services, session.token)).toBeNull();
    const again = await setAdminActive(services, operator, email.toUpperCase(), false);
    expect(again.changed).toBe(false);
    expect((await setAdminActive(services, operator, email, true)).admin.isActive).toBe(true);
    expect((await auditRows(admin.id)).map((a) => a.action)).toEqual(["admin.create", "admin.disable", "admin.enable"]);
    const missing = await refusal(setAdminActive(services, operator, "nobody@capedrive.example", false));
    expect([missing.code, missing.message]).toEqual(["NOT_FOUND", OPERATOR_MESSAGES.adminNotFound]);
    expect((await listAdmins(services)).find((a) => a.email === email)).toMatchObject({ isActive: true });
  });
});

describe("dealerships", () => {
  const form = (code: string) => ({
    dealershipCode: code,
    companyName: `Motors ${code}`,
    contactPerson: "Sam Seller",
    contactEmail: `${code.toLowerCase()}@motors.example`,
  });

  test("onboard with a generated password that signs in; the code works in any case", async () => {
    const code = `Dl${unique()}`;
    const result = await onboardDealership(services, operator, { ...form(code), city: "Cape Town", contactPhone: "021 555 0100" });
    expect(result.generated).toBe(true);
    expect(result.password).toMatch(/^[A-Za-z2-9]{5}-[A-Za-z2-9]{5}-[A-Za-z2-9]{5}$/);
    expect(result.dealership).toMatchObject({ dealershipCode: code, city: "Cape Town", isActive: true });
    expect(result.dealership).not.toHaveProperty("passwordHash");
    const signedIn = await signInDealership(services, visitor(), { dealershipCode: code.toUpperCase(), password: result.password });
    expect(signedIn.dealership.id).toBe(result.dealership.id);
    const [audit] = await auditRows(result.dealership.id);
    expect(audit).toMatchObject({ actorType: "operator", actorId: "ops@host", action: "dealership.onboard" });
    expect(JSON.stringify(audit!.after)).not.toContain(result.password);
    expect(JSON.stringify(audit!.after)).not.toContain("argon2");
  });

  test("onboard with the operator's password; refusals (code in another case, email, short password, bad code) change nothing", async () => {
    const code = `OWN${unique()}`;
    const result = await onboardDealership(services, operator, form(code), "operator chosen");
    expect(result).toMatchObject({ generated: false, password: "operator chosen" });
    const before = await countAll();
    const sameCode = await refusal(onboardDealership(services, operator, { ...form(code.toLowerCase()), contactEmail: `other-${unique()}@motors.example` }));
    expect([sameCode.code, sameCode.message]).toEqual(["CONFLICT", DEALERSHIP_OPERATOR_MESSAGES.duplicateCode]);
    const sameEmail = await refusal(onboardDealership(services, operator, { ...form(`N${unique()}`), contactEmail: form(code).contactEmail.toUpperCase() }));
    expect([sameEmail.code, sameEmail.message]).toEqual(["CONFLICT", DEALERSHIP_OPERATOR_MESSAGES.duplicateEmail]);
    expect((await refusal(onboardDealership(services, operator, form(`P${unique()}`), "short"))).message).toBe("Password must be at least 8 characters");
    expect((await refusal(onboardDealership(services, operator, form("has space")))).code).toBe("BAD_USER_INPUT");
    expect(await countAll()).toEqual(before);
  });

  test("two onboardings of one code at once: exactly one wins", async () => {
    const code = `RACE${unique()}`;
    const results = await Promise.allSettled([
      onboardDealership(services, operator, { ...form(code), contactEmail: `a-${unique()}@motors.example` }, "race password 1"),
      onboardDealership(services, operator, { ...form(code.toLowerCase()), contactEmail: `b-${unique()}@motors.example` }, "race password 2"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as AppError).code).toBe("CONFLICT");
  });

  test("reset-password: new password works, old fails, sessions end; deactivate: 403 and sessions end; activate again", async () => {
    const code = `RST${unique()}`;
    const { dealership, password: first } = await onboardDealership(services, operator, form(code));
    const session = await createSession(services, "dealership", dealership.id);
    const reset = await resetDealershipPassword(services, operator, code.toLowerCase());
    expect(reset.password).not.toBe(first);
    expect(await verifySessionToken(services, session.token)).toBeNull();
    expect((await refusal(signInDealership(services, visitor(), { dealershipCode: code, password: first }))).code).toBe("UNAUTHENTICATED");
    await signInDealership(services, visitor(), { dealershipCode: code, password: reset.password });

    const second = await createSession(services, "dealership", dealership.id);
    const off = await setDealershipActive(services, operator, code, false);
    expect(off).toMatchObject({ changed: true, dealership: { isActive: false } });
    expect(await verifySessionToken(services, second.token)).toBeNull();
    const inactive = await refusal(signInDealership(services, visitor(), { dealershipCode: code, password: reset.password }));
    expect([inactive.code, inactive.message]).toEqual(["FORBIDDEN", "This dealership account is not active"]);
    expect((await setDealershipActive(services, operator, code, false)).changed).toBe(false);
    expect((await setDealershipActive(services, operator, code, true)).changed).toBe(true);
    await signInDealership(services, visitor(), { dealershipCode: code, password: reset.password });
    expect((await auditRows(dealership.id)).map((a) => [a.action, a.actorType])).toEqual([
      ["dealership.onboard", "operator"],
      ["dealership.reset_password", "operator"],
      ["dealership.deactivate", "operator"],
      ["dealership.activate", "operator"],
    ]);
    expect((await refusal(resetDealershipPassword(services, operator, "NO-SUCH-CODE"))).message).toBe(DEALERSHIP_OPERATOR_MESSAGES.notFound);
    expect((await refusal(setDealershipActive(services, operator, " ", false))).message).toBe(DEALERSHIP_OPERATOR_MESSAGES.notFound);
    expect((await listDealershipsForOperator(services)).find((d) => d.id === dealership.id)).toMatchObject({ dealershipCode: code, isActive: true });
  });
});

describe("API keys and service areas as the operator", () => {
  test("issue, list (no secrets), revoke; audited as the operator", async () => {
    const { key, apiKey } = await issueApiKeyAs(services, operator, { name: "Partner", permissions: ["bookings:read"] });
    expect(await resolveApiKey(services, key)).toMatchObject({ apiKeyId: apiKey.id, permissions: ["bookings:read"] });
    expect(JSON.stringify(await listAllApiKeys(services))).not.toContain(key);
    expect(await revokeApiKeyAs(services, operator, apiKey.id)).toMatchObject({ apiKey: { id: apiKey.id, isActive: false }, changed: true });
    expect(await resolveApiKey(services, key)).toBeNull();
    // Revoking it again changes nothing, and says so (no second audit entry below).
    expect(await revokeApiKeyAs(services, operator, apiKey.id)).toMatchObject({ apiKey: { id: apiKey.id, isActive: false }, changed: false });
    expect((await auditRows(apiKey.id)).map((a) => [a.action, a.actorType, a.actorId])).toEqual([
      ["api_key.issue", "operator", "ops@host"],
      ["api_key.revoke", "operator", "ops@host"],
    ]);
    expect((await refusal(revokeApiKeyAs(services, operator, "no-such-id"))).code).toBe("NOT_FOUND");
    expect((await refusal(issueApiKeyAs(services, operator, { name: "X", permissions: ["everything"] }))).message).toBe("Unknown permission");
  });

  test("service area created from a Feature, listed, audited", async () => {
    const polygon = {
      type: "Feature",
      properties: {},
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [18, -33],
            [19, -33],
            [19, -34],
            [18, -33],
          ],
        ],
      },
    };
    const area = await createServiceAreaAs(services, operator, { name: "Ops area", polygon });
    expect(area.polygon).toEqual({
      type: "Polygon",
      coordinates: [
        [
          [18, -33],
          [19, -33],
          [19, -34],
          [18, -33],
        ],
      ],
    });
    expect((await listAllServiceAreas(services)).map((a) => a.id)).toContain(area.id);
    expect((await auditRows(area.id))[0]).toMatchObject({ actorType: "operator", action: "service_area.create" });
  });
});

test("an operator event (not one entity's) is audited", async () => {
  const entityId = `event-${unique()}`;
  await recordOperatorEvent(services, operator, { action: "database.migrate", entity: "database", entityId, after: { applied: ["x"] } });
  expect(await auditRows(entityId)).toMatchObject([{ actorType: "operator", actorId: "ops@host", action: "database.migrate", after: { applied: ["x"] } }]);
});
