// The HTTP surface over real HTTP to the real server (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): /healthz, /graphql, /api/*, /objects/*, the web app and its headers.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { CATEGORY_IDS, CATEGORY_RATES, TRANSMISSIONS } from "#domain";
import { graphql, startTestServer, type TestServer } from "./testing/harness";
import { TAKES_BOOKINGS } from "./services/vehicles";

const root = join(import.meta.dir, "..");
const dist = join(root, "web", "dist");
const provider = process.env.TEST_DATABASE_URL ? "postgresql" : "sqlite";

if (!existsSync(join(dist, "index.html"))) {
  const build = Bun.spawnSync([process.execPath, join(root, "web", "build.ts")], { cwd: root, stdout: "ignore", stderr: "inherit" });
  if (build.exitCode !== 0) throw new Error("web build failed");
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true" });
});
afterAll(async () => {
  await server?.close();
});

type RawResponse = { status: number; headers: Record<string, string>; body: Buffer };

/** Sends `target` byte for byte (no URL normalisation, unlike fetch) and reads the whole answer. */
function rawGet(port: number, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = all.subarray(0, split).toString("latin1").split("\r\n");
      const parsed: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = all.subarray(split + 4);
      if (parsed["transfer-encoding"] === "chunked") {
        const out: Buffer[] = [];
        for (let at = 0; ; ) {
          const end = body.indexOf("\r\n", at);
          const size = parseInt(body.subarray(at, end).toString(), 16);
          if (!size) break;
          out.push(body.subarray(end + 2, end + 2 + size));
          at = end + 2 + size + 2;
        }
        body = Buffer.concat(out);
      }
      resolve({ status: Number(statusLine!.split(" ")[1]), headers: parsed, body });
    });
    const extra = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("");
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`);
  });
}

const VEHICLE_FIELDS = "id make model year category transmission status dailyRate dealershipId";
type GqlVehicle = {
  id: string;
  make: string;
  model: string;
  year: number;
  category: string;
  transmission: string;
  status: string;
  dailyRate: string;
  dealershipId: string | null;
};

/** Ids of available rental fleet vehicles (dealership stock is for sale only) straight from the database, for comparing with what the API says. */
/** The fleet's cars that take bookings (available, or out on a demo trip in progress). */
async function availableIds(where: { category?: string; transmission?: string } = {}) {
  const rows = await server.services.db.vehicle.findMany({ where: { ...TAKES_BOOKINGS, dealershipId: null, ...(where as object) }, select: { id: true } });
  return rows.map((r) => r.id).sort();
}

describe("/healthz", () => {
  test("200 with status ok and the database in use", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ status: "ok", database: provider });
  });
});

describe("/readyz", () => {
  test("200 when the database answers with every migration of this build; 503 naming what is pending otherwise", async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", ready: true, database: "up", pendingMigrations: 0 });
    // Pretend the newest migration was never applied (as when a newer build meets an older database).
    const { db } = server.services;
    const [newest] = await db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT "migration_name" AS name FROM "_prisma_migrations" ORDER BY "migration_name" DESC LIMIT 1`,
    );
    await db.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET "finished_at" = NULL WHERE "migration_name" = '${newest!.name}'`);
    try {
      const behind = await fetch(`${server.url}/readyz`);
      expect(behind.status).toBe(503);
      expect(await behind.json()).toEqual({ status: "not ready", ready: false, database: "up", pendingMigrations: 1 });
      // Liveness does not change: the process is alive and the database answers.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await db.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET "finished_at" = "started_at" WHERE "migration_name" = '${newest!.name}'`);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe("GraphQL vehicles", () => {
  test("the seeded demo fleet covers every category and transmission", async () => {
    const all = await availableIds();
    expect(all.length).toBeGreaterThanOrEqual(6);
    const { status, body } = await graphql<{ vehicles: GqlVehicle[] }>(server.url, `{ vehicles(limit: 100) { ${VEHICLE_FIELDS} } }`);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.vehicles.map((v) => v.id).sort()).toEqual(all);
    // The demo's trips in progress have their cars out: listed too, for the periods after those trips.
    expect(new Set(body.data!.vehicles.map((v) => v.status))).toEqual(new Set(["available", "rented"]));
    for (const v of body.data!.vehicles) {
      expect(v.dailyRate).toBe(`${CATEGORY_RATES[v.category as keyof typeof CATEGORY_RATES]}.00`);
    }
  });

  for (const category of CATEGORY_IDS) {
    for (const transmission of TRANSMISSIONS) {
      test(`POST: category ${category}, transmission ${transmission} returns exactly those`, async () => {
        const expected = await availableIds({ category, transmission });
        expect(expected.length).toBeGreaterThan(0);
        const { body } = await graphql<{ vehicles: GqlVehicle[] }>(
          server.url,
          `query List($c: VehicleCategory, $t: Transmission) { vehicles(category: $c, transmission: $t, limit: 100) { ${VEHICLE_FIELDS} } }`,
          { c: category, t: transmission },
        );
        expect(body.errors).toBeUndefined();
        const vehicles = body.data!.vehicles;
        expect(vehicles.map((v) => v.id).sort()).toEqual(expected);
        for (const v of vehicles) {
          expect(v.category).toBe(category);
          expect(v.transmission).toBe(transmission);
        }
      });
    }
  }

  test("GET with the query in the query string answers the same as POST", async () => {
    const query = `query List($c: VehicleCategory) { vehicles(category: $c, transmission: automatic) { id category transmission } }`;
    const url = `${server.url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ c: "large" }))}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { vehicles: { id: string; category: string; transmission: string }[] } };
    expect(body.data.vehicles.map((v) => v.id).sort()).toEqual(await availableIds({ category: "large", transmission: "automatic" }));
    const post = await graphql<{ vehicles: { id: string }[] }>(server.url, query, { c: "large" });
    expect(post.body.data).toEqual(body.data);
  });

  test("category only: every transmission of that category", async () => {
    const { body } = await graphql<{ vehicles: GqlVehicle[] }>(server.url, `{ vehicles(category: medium, limit: 100) { id category } }`);
    expect(body.data!.vehicles.map((v) => v.id).sort()).toEqual(await availableIds({ category: "medium" }));
  });
});

describe("GraphQL page size", () => {
  let big: TestServer;
  beforeAll(async () => {
    big = await startTestServer({ SEED_DEMO: "false" });
    await big.services.db.vehicle.createMany({
      data: Array.from({ length: 130 }, (_, i) => ({
        registrationNumber: `CA ${String(100000 + i)}`,
        make: "Toyota",
        model: `Test ${i}`,
        year: 2024,
        category: "small" as const,
        transmission: "manual" as const,
        dailyRate: "450.00",
        features: [],
      })),
    });
  });
  afterAll(async () => {
    await big?.close();
  });

  const count = async (args: string) => {
    const { body } = await graphql<{ vehicles: { id: string }[] }>(big.url, `{ vehicles${args} { id } }`);
    expect(body.errors).toBeUndefined();
    return body.data!.vehicles;
  };

  test("limit is capped at 100", async () => {
    expect(await count("(limit: 1000)")).toHaveLength(100);
    expect(await count("(limit: 100)")).toHaveLength(100);
    expect((await count("")).length).toBeLessThanOrEqual(100);
    expect(await count("(limit: 7)")).toHaveLength(7);
  });

  test("offset pages through the rest without repeats", async () => {
    const first = await count("(limit: 100)");
    const second = await count("(limit: 100, offset: 100)");
    expect(second).toHaveLength(30);
    const ids = new Set([...first, ...second].map((v) => v.id));
    expect(ids.size).toBe(130);
  });
});

describe("GraphQL hardening", () => {
  const errorsOf = async (query: string) => {
    const { status, body } = await graphql(server.url, query);
    expect(status).toBeLessThan(500);
    expect(body.data ?? undefined).toBeUndefined();
    expect(body.errors?.length).toBeGreaterThan(0);
    return body.errors!.map((e) => e.message);
  };

  test("an unknown field, argument or enum value is a validation error without 'Did you mean'", async () => {
    expect(await errorsOf("{ vehicle { id } }")).toEqual(['Cannot query field "vehicle" on type "Query".']);
    expect(await errorsOf("{ vehicles { idd } }")).toEqual(['Cannot query field "idd" on type "Vehicle".']);
    expect(await errorsOf("{ vehicles(categry: small) { id } }")).toEqual(['Unknown argument "categry" on field "Query.vehicles".']);
    // An enum value in the API's words, naming no type (server/graphql/enum-errors.ts).
    expect(await errorsOf("{ vehicles(category: smal) { id } }")).toEqual(["Category must be one of: large, medium, small"]);
    // Over GET as well.
    const response = await fetch(`${server.url}/graphql?query=${encodeURIComponent("{ vehicle { id } }")}`);
    const text = await response.text();
    expect(text).toContain("Cannot query field");
    expect(text).not.toContain("Did you mean");
  });

  test("15 aliases are allowed, 16 are refused with a clear message", async () => {
    const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: vehicles(limit: 1) { id }`).join(" ")} }`;
    const ok = await graphql(server.url, aliased(15));
    expect(ok.body.errors).toBeUndefined();
    expect(Object.keys(ok.body.data as object)).toHaveLength(15);
    expect(await errorsOf(aliased(16))).toEqual(["Too many aliases: 16, at most 15 allowed."]);
  });

  test("depth 8 is allowed, depth 9 is refused (introspection is the deepest path in the schema)", async () => {
    const ofType = (n: number): string => (n === 0 ? "name" : `ofType { ${ofType(n - 1)} }`);
    // __schema(1) types(2) fields(3) type(4) + ofType levels + name
    const deep = (levels: number) => `{ __schema { types { fields { type { ${ofType(levels)} } } } } }`;
    const ok = await graphql(server.url, deep(3)); // 8 levels
    expect(ok.body.errors).toBeUndefined();
    expect(await errorsOf(deep(4))).toEqual(["Query is too deep: 9 levels, at most 8 allowed."]);
    // Fragments do not hide depth.
    const viaFragment = `{ __schema { types { ...F } } } fragment F on __Type { fields { type { ${ofType(4)} } } }`;
    expect(await errorsOf(viaFragment)).toEqual(["Query is too deep: 9 levels, at most 8 allowed."]);
  });

  test("a document of more than 2000 tokens is refused at parse time", async () => {
    const long = `{ ${"vehicles(limit: 1) { id } ".repeat(300)} }`;
    const messages = await errorsOf(long);
    expect(messages.join(" ")).toContain("more than 2000 tokens");
  });

  test("bad bodies and parameters are 4xx, never 500", async () => {
    const post = (body: string, contentType = "application/json") =>
      fetch(`${server.url}/graphql`, { method: "POST", headers: { "content-type": contentType }, body });
    const cases: [string, Promise<Response>][] = [
      ["invalid JSON", post("{not json")],
      ["empty body", post("")],
      ["null", post("null")],
      ["a string", post('"{ vehicles { id } }"')],
      ["a batch", post("[]")],
      ["query not a string", post('{"query": 5}')],
      ["bad variable", post(JSON.stringify({ query: "query($c: VehicleCategory) { vehicles(category: $c) { id } }", variables: { c: "tiny" } }))],
      ["bad form variables", post("query=%7Bvehicles%7Bid%7D%7D&variables=%7Bbad", "application/x-www-form-urlencoded")],
      ["GET with invalid variables JSON", fetch(`${server.url}/graphql?query=${encodeURIComponent("{ vehicles { id } }")}&variables=%7Bbad`)],
      ["GET with invalid extensions JSON", fetch(`${server.url}/graphql?query=${encodeURIComponent("{ vehicles { id } }")}&extensions=%7Bbad`)],
    ];
    for (const [label, pending] of cases) {
      const response = await pending;
      expect([label, response.status >= 400 && response.status < 500]).toEqual([label, true]);
    }
    const invalid = await post("{not json");
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
  });
});

describe("REST shims", () => {
  test("GET /api/vehicles: the spec's fields, money as text", async () => {
    const response = await fetch(`${server.url}/api/vehicles`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as Record<string, unknown>[];
    expect(list.map((v) => v.id as string).sort()).toEqual(await availableIds());
    const dealershipIds = new Set((await server.services.db.dealership.findMany({ select: { id: true } })).map((d) => d.id));
    for (const v of list) {
      expect(typeof v.id).toBe("string");
      expect(typeof v.make).toBe("string");
      expect(typeof v.model).toBe("string");
      expect(Number.isInteger(v.year)).toBe(true);
      expect(TRANSMISSIONS).toContain(v.transmission as never);
      expect(CATEGORY_IDS).toContain(v.category as never);
      expect(v.dailyRate).toBe(`${CATEGORY_RATES[v.category as keyof typeof CATEGORY_RATES]}.00`);
      expect("dealershipId" in v).toBe(true);
      if (v.dealershipId !== null) expect(dealershipIds.has(v.dealershipId as string)).toBe(true);
    }
    expect(list.find((v) => v.category === "small")!.dailyRate).toBe("450.00");
    // Only the rental fleet: a dealership's stock is for sale, never for rent (issue 15).
    expect(list.every((v) => v.dealershipId === null)).toBe(true);
    expect(list.some((v) => v.dealershipId === null)).toBe(true);
  });

  test("unknown /api/* paths answer JSON 404 for GET and POST", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/nope"],
      ["GET", "/api/vehicles/123/nothing"],
      ["DELETE", "/api/vehicles"],
      ["GET", "/api/"],
      ["GET", "/api"],
      ["POST", "/api"],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        ...(method === "POST" ? { headers: { "content-type": "application/json" }, body: "{broken" } : {}),
      });
      expect([method, path, response.status]).toEqual([method, path, 404]);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(((await response.json()) as { code: string }).code).toBe("NOT_FOUND");
    }
  });

  test("/objects/* answers JSON 404", async () => {
    for (const path of ["/objects/anything", "/objects/a/b/c.jpg", "/objects"]) {
      const response = await fetch(`${server.url}${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(((await response.json()) as { code: string }).code).toBe("NOT_FOUND");
    }
  });
});

describe("web app", () => {
  const indexHtml = readFileSync(join(dist, "index.html"), "utf8");

  test("/ and client routes return index.html", async () => {
    for (const path of ["/", "/booking/category", "/admin/dashboard", "/dealership/vehicles", "/no/such/screen"]) {
      const response = await fetch(`${server.url}${path}`);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toBe(indexHtml);
    }
  });

  test("a missing asset is 404, not the HTML page", async () => {
    for (const path of ["/assets/nope.js", "/assets/nope.css", "/favicon.ico"]) {
      const response = await fetch(`${server.url}${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers.get("content-type") ?? "").not.toContain("text/html");
      expect(await response.text()).not.toContain("<html");
    }
  });

  test("an existing asset is served with immutable caching, gzipped when asked", async () => {
    const name = readdirSync(join(dist, "assets")).find((f) => f.endsWith(".js"))!;
    const file = readFileSync(join(dist, "assets", name));
    const gz = await rawGet(server.port, `/assets/${name}`, { "Accept-Encoding": "gzip, deflate" });
    expect(gz.status).toBe(200);
    expect(gz.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gz.headers["content-type"]).toContain("javascript");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["vary"]).toContain("Accept-Encoding");
    expect(Buffer.from(gunzipSync(gz.body)).equals(file)).toBe(true);

    const plain = await rawGet(server.port, `/assets/${name}`, { "Accept-Encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
  });

  test("an asset is brotli-compressed for browsers that take it, once it is ready (gzip until then)", async () => {
    const name = readdirSync(join(dist, "assets"))
      .filter((f) => f.endsWith(".js"))
      .sort()
      .at(-1)!;
    const file = readFileSync(join(dist, "assets", name));
    const first = await rawGet(server.port, `/assets/${name}`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(first.headers["content-encoding"]).toBe("gzip");
    let answer = first;
    for (let i = 0; i < 100 && answer.headers["content-encoding"] !== "br"; i++) {
      await Bun.sleep(20);
      answer = await rawGet(server.port, `/assets/${name}`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    }
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["vary"]).toContain("Accept-Encoding");
    expect(Buffer.from(brotliDecompressSync(answer.body)).equals(file)).toBe(true);
  });

  test("path traversal never reaches the repository's files", async () => {
    const secrets = [readFileSync(join(root, "package.json"), "utf8").slice(0, 40), '"dependencies"', "import "];
    const attempts = [
      "/../package.json",
      "/%2e%2e/package.json",
      "/%2E%2E/%2E%2E/package.json",
      "/assets/..%2f..%2fpackage.json",
      "/assets/../../package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/..%5c..%5cpackage.json",
      "/package.json",
      "/server/main.ts",
      "/web/dist/index.html/../../../package.json",
      "//etc/passwd",
      "/assets/../../server/config.ts",
    ];
    for (const target of attempts) {
      const response = await rawGet(server.port, target);
      const body = response.body.toString("utf8");
      for (const secret of secrets) expect([target, body.includes(secret)]).toEqual([target, false]);
      expect([target, response.status === 200 ? body === indexHtml : true]).toEqual([target, true]);
      expect(response.status).toBeLessThan(500);
    }
  });
});

describe("security headers", () => {
  test("on every response: CSP with frame-ancestors 'none', nosniff, a referrer policy", async () => {
    const asset = readdirSync(join(dist, "assets")).find((f) => f.endsWith(".css") || f.endsWith(".js"))!;
    const requests: [string, RequestInit?][] = [
      ["/healthz"],
      ["/"],
      ["/booking/category"],
      [`/assets/${asset}`],
      ["/assets/nope.js"],
      ["/api/vehicles"],
      ["/api/nope"],
      ["/objects/x"],
      ["/graphql?query=%7Bvehicles%7Bid%7D%7D"],
      ["/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: "{bad" }],
      ["/graphql", { method: "PUT" }],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(`${server.url}${path}`, init);
      await response.arrayBuffer();
      const csp = response.headers.get("content-security-policy") ?? "";
      expect([path, csp.includes("frame-ancestors 'none'")]).toEqual([path, true]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain("'unsafe-inline'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
