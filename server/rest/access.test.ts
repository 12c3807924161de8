// Every REST route says who may call it (`{ access: ... }`, or `{ public: true }` for a route that
// never asks who is calling), and the declaration refuses with the services' own errors before
// the handler runs.
import { afterAll, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { createApp } from "../app";
import type { Viewer } from "../services/viewer";
import { createTestServices } from "../testing/harness";
import { type Access, accessControl } from "./access";

const services = await createTestServices();
afterAll(() => services.close());

test("every /api route declares its access or that it is public", () => {
  const app = createApp(services);
  const undeclared = app.routes
    .filter((route) => route.path.startsWith("/api/") && route.path !== "/api/*")
    .filter((route) => {
      const hooks = (route as { hooks?: { public?: boolean; beforeHandle?: unknown[] } }).hooks ?? {};
      // The access macro's resolve runs as the route's one beforeHandle; `public` stays as written.
      return hooks.public !== true && (hooks.beforeHandle?.length ?? 0) === 0;
    })
    .map((route) => `${route.method} ${route.path}`);
  expect(undeclared).toEqual([]);
  expect(app.routes.filter((route) => route.path.startsWith("/api/")).length).toBeGreaterThan(50);
});

const viewers: Record<string, Viewer> = {
  anonymous: { kind: "anonymous", clientAddress: "t" } as Viewer,
  expired: { kind: "anonymous", clientAddress: "t", sessionExpired: true } as Viewer,
  customer: { kind: "customer", userId: "u", sessionId: "s", clientAddress: "t" } as Viewer,
  admin: { kind: "admin", adminId: "a", sessionId: "s", clientAddress: "t" } as Viewer,
  dealership: { kind: "dealership", dealershipId: "d", sessionId: "s", clientAddress: "t" } as Viewer,
  readKey: { kind: "apiKey", apiKeyId: "k", permissions: ["vehicles:read"], clientAddress: "t" } as unknown as Viewer,
};

async function answer(access: Access, who: keyof typeof viewers) {
  let ran = false;
  const app = new Elysia()
    .onError(({ error }) => {
      const refusal = error as { code?: string; message?: string };
      return Response.json({ code: refusal.code, message: refusal.message });
    })
    .use(accessControl(async () => viewers[who] as Viewer))
    .get(
      "/x",
      ({ viewer }) => {
        ran = true;
        return { kind: viewer.kind };
      },
      { access },
    );
  const body = (await (await app.handle(new Request("http://localhost/x"))).json()) as { code?: string; message?: string; kind?: string };
  return { ran, outcome: body.kind ?? body.code, message: body.message };
}

test("each kind of access admits its viewers and refuses the rest before the handler runs", async () => {
  const table: [Access, keyof typeof viewers, string][] = [
    ["anyone", "anonymous", "anonymous"],
    ["signedIn", "anonymous", "UNAUTHENTICATED"],
    ["signedIn", "dealership", "dealership"],
    ["customer", "customer", "customer"],
    ["customer", "admin", "FORBIDDEN"],
    ["customer", "expired", "UNAUTHENTICATED"],
    ["admin", "admin", "admin"],
    ["admin", "readKey", "FORBIDDEN"],
    ["dealership", "customer", "FORBIDDEN"],
    [{ key: "vehicles:read" }, "readKey", "apiKey"],
    [{ key: "bookings:read" }, "readKey", "FORBIDDEN"],
    [{ key: "bookings:read" }, "admin", "admin"],
    // A list: the key must hold every permission in it.
    [{ key: ["vehicles:read"] }, "readKey", "apiKey"],
    [{ key: ["bookings:read", "vehicles:read"] }, "readKey", "FORBIDDEN"],
    [{ key: ["bookings:read", "vehicles:read"] }, "admin", "admin"],
  ];
  for (const [access, who, expected] of table) {
    const { ran, outcome } = await answer(access, who);
    expect({ access, who, outcome, ran }).toEqual({ access, who, outcome: expected, ran: expected === viewers[who]?.kind });
  }
  expect((await answer("customer", "expired")).message).toBe("Your session has expired. Please sign in again.");
});
