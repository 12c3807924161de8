// Issue 17, points 6 and 7: cross-origin calls to /graphql only from our own site (PUBLIC_URL) and
// the configured CORS_ORIGINS, never with credentials; Strict-Transport-Security when PUBLIC_URL
// is https.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "./config";
import { startTestServer, type TestServer } from "./testing/harness";

let server: TestServer;
let plain: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: "https://capedrive.example", CORS_ORIGINS: "https://partner.example, http://localhost:5173" });
  plain = await startTestServer({ PUBLIC_URL: "http://127.0.0.1:3000" });
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
});

const preflight = (base: string, origin: string) =>
  fetch(`${base}/graphql`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, authorization" },
  });

describe("CORS on /graphql", () => {
  test("a preflight from any other origin gets no CORS headers (the browser then refuses)", async () => {
    for (const origin of ["https://evil.example", "https://capedrive.example.evil.example", "null"]) {
      const response = await preflight(server.url, origin);
      expect([origin, response.headers.get("access-control-allow-origin"), response.headers.get("access-control-allow-credentials")]).toEqual([
        origin,
        null,
        null,
      ]);
    }
    const post = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(post.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("our own site and the configured origins: allowed, without credentials", async () => {
    for (const origin of ["https://capedrive.example", "https://partner.example", "http://localhost:5173"]) {
      const response = await preflight(server.url, origin);
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe(origin);
      expect(response.headers.get("access-control-allow-credentials")).toBeNull();
      expect(response.headers.get("access-control-allow-headers")).toContain("Authorization");
    }
  });

  test("CORS_ORIGINS must list origins: anything else stops the server naming the variable", () => {
    for (const value of ["partner.example", "https://partner.example/path", "ftp://partner.example"]) {
      expect(() => loadConfig({ DATA_DIR: server.services.config.dataDir, TOKEN_SECRET: "x".repeat(40), CORS_ORIGINS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: server.services.config.dataDir, TOKEN_SECRET: "x".repeat(40), CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe("Strict-Transport-Security", () => {
  test("sent on every answer when PUBLIC_URL is https, not when it is http", async () => {
    for (const path of ["/healthz", "/api/vehicles", "/"]) {
      expect((await fetch(`${server.url}${path}`)).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect((await fetch(`${plain.url}${path}`)).headers.get("strict-transport-security")).toBeNull();
    }
  });
});
