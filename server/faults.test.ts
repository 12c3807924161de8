// Issue 17, points 2 and 3: what clients get when the database or the disk under it fails.
// - PostgreSQL (TEST_DATABASE_URL): the server reaches its database through a TCP relay on
//   loopback that the test cuts (every connection dropped, new ones refused) and restores. During
//   the outage REST and GraphQL answer 503 "temporarily unavailable" with Retry-After, never 500;
//   afterwards the same server serves again without a restart.
// - SQLite: DATA_DIR on a 24 MB tmpfs that the test fills (a real full disk: needs root to mount;
//   elsewhere the data folder is made read-only, which the same code paths answer). Sign-up and
//   bookings answer 503 "storage is full", an upload 507, no ".part" file is left, and once there
//   is room again the same upload link works.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import sharp from "sharp";
import { startServer, type RunningServer } from "./boot";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGES } from "./errors";
import { STORAGE_FULL_MESSAGE } from "./services/storage";
import { addDemoServiceArea, bookingRequest, call, capeTown, newCustomer, newVehicle } from "./testing/bookings";
import { createTestDatabase, testConfig, type TestDatabase } from "./testing/harness";

const provider = process.env.TEST_DATABASE_URL ? "postgresql" : "sqlite";

/** A TCP relay to PostgreSQL that can be cut and restored on the same port. */
function relayTo(target: { hostname: string; port: number }) {
  type Pair = { client: import("bun").Socket<{ upstream?: import("bun").Socket<unknown>; pending: Uint8Array[] }> };
  const open = new Set<Pair["client"]>();
  let listener: import("bun").TCPSocketListener<{ upstream?: import("bun").Socket<unknown>; pending: Uint8Array[] }> | null = null;
  let port = 0;
  const listen = () => {
    if (listener) return;
    listener = Bun.listen<{ upstream?: import("bun").Socket<unknown>; pending: Uint8Array[] }>({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(client) {
          client.data = { pending: [] };
          open.add(client);
          void Bun.connect({
            hostname: target.hostname,
            port: target.port,
            socket: {
              open(upstream) {
                client.data.upstream = upstream;
                for (const chunk of client.data.pending) upstream.write(chunk);
                client.data.pending = [];
              },
              data(_upstream, chunk) {
                client.write(chunk);
              },
              close() {
                client.end();
              },
              error() {
                client.end();
              },
            },
          }).catch(() => client.end());
        },
        data(client, chunk) {
          if (client.data.upstream) client.data.upstream.write(chunk);
          else client.data.pending.push(new Uint8Array(chunk));
        },
        close(client) {
          open.delete(client);
          client.data.upstream?.end();
        },
        error(client) {
          open.delete(client);
          client.data.upstream?.end();
        },
      },
    });
    port = listener.port;
  };
  listen();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and refuses new ones. */
    cut() {
      listener?.stop(true);
      listener = null;
      for (const client of open) {
        client.data.upstream?.terminate();
        client.terminate();
      }
      open.clear();
    },
    restore: listen,
    close() {
      this.cut();
    },
  };
}

async function expectUnavailable(response: Response, message: string = UNAVAILABLE_MESSAGES.database) {
  const body = (await response.json()) as { message?: string; code?: string; errors?: { message: string; extensions?: { code?: string } }[] };
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
  if (body.errors) expect([body.errors[0]!.message, body.errors[0]!.extensions?.code]).toEqual([message, "SERVICE_UNAVAILABLE"]);
  else expect([body.message, body.code]).toEqual([message, "SERVICE_UNAVAILABLE"]);
}

async function photo(): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer(),
  );
}

if (provider === "postgresql") {
  describe("PostgreSQL unreachable", () => {
    let database: TestDatabase;
    let server: RunningServer;
    let relay: ReturnType<typeof relayTo>;
    beforeAll(async () => {
      database = await createTestDatabase();
      const real = new URL(database.databaseUrl!);
      relay = relayTo({ hostname: real.hostname, port: Number(real.port || 5432) });
      const relayed = new URL(real);
      relayed.hostname = "127.0.0.1";
      relayed.port = String(relay.port);
      server = await startServer(testConfig(database, { DATABASE_URL: relayed.toString() }), { print: () => {} });
    });
    afterAll(async () => {
      await server?.stop();
      relay?.close();
      await database?.drop();
    });

    test("during an outage: 503 with Retry-After on REST and GraphQL, never 500; afterwards the same server serves again", async () => {
      const customer = await newCustomer(server.services);
      await addDemoServiceArea(server.services);
      const vehicle = await newVehicle(server.services);
      const requests = () => [
        fetch(`${server.url}/api/bookings`, { headers: customer.auth }),
        fetch(`${server.url}/api/bookings`, {
          method: "POST",
          headers: { ...customer.auth, "content-type": "application/json" },
          body: JSON.stringify(bookingRequest(vehicle)),
        }),
        fetch(`${server.url}/api/vehicles?category=small`),
        fetch(`${server.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", "cache-control": "no-cache" },
          body: JSON.stringify({ query: "{ vehicles(category: small) { id } }" }),
        }),
        fetch(`${server.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", ...customer.auth },
          body: JSON.stringify({ query: "{ myBookings { id } }" }),
        }),
        fetch(`${server.url}/api/auth/signin`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: customer.email, password: "whatever1" }),
        }),
      ];
      relay.cut();
      const during = await Promise.all(requests());
      for (const response of during) await expectUnavailable(response);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
      const notReady = await fetch(`${server.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({ ready: false, database: "unreachable" });

      relay.restore();
      let healthy = false;
      for (let i = 0; i < 50 && !healthy; i++) {
        healthy = (await fetch(`${server.url}/healthz`)).status === 200;
        if (!healthy) await Bun.sleep(100);
      }
      expect(healthy).toBe(true);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const after = await fetch(`${server.url}/api/bookings`, { headers: customer.auth });
      expect(after.status).toBe(200);
      const booked = await call(server.url, "POST", "/api/bookings", { body: bookingRequest(vehicle), auth: customer.auth });
      expect(booked.status).toBe(201);
    }, 30_000);

    // Issue 14: PostgreSQL ends the server's sessions (a failover, an operator, idle_session_timeout).
    test("its connections terminated by PostgreSQL (pg_terminate_backend): the next requests succeed, no restart", async () => {
      const customer = await newCustomer(server.services);
      const vehicle = await newVehicle(server.services);
      // Several connections open in the pool (parallel requests), then all of them ended.
      const warm = await Promise.all(Array.from({ length: 6 }, () => fetch(`${server.url}/api/bookings`, { headers: customer.auth })));
      for (const response of warm) expect(response.status).toBe(200);
      const admin = new pg.Client({ connectionString: database.databaseUrl });
      await admin.connect();
      try {
        const sessions = () => admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
        const before = (await sessions()).rows.map((r) => r.pid);
        expect(before.length).toBeGreaterThanOrEqual(2);
        const { rows } = await admin.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        expect(rows.filter((r) => r.ended).length).toBe(before.length);

        // The very next requests, at once: readiness, liveness and reads, each met a dead
        // connection or a new one, and all are answered (a read that met a dead one ran again).
        const next = await Promise.all([
          fetch(`${server.url}/readyz`),
          fetch(`${server.url}/healthz`),
          ...Array.from({ length: 6 }, () => fetch(`${server.url}/api/bookings`, { headers: customer.auth })),
        ]);
        expect(next.map((r) => r.status)).toEqual(next.map(() => 200));
        expect(await next[0]!.json()).toEqual({ status: "ready", ready: true, database: "up", pendingMigrations: 0 });
        // Then a booking (a transaction on the vehicle's lock).
        const booked = await call(server.url, "POST", "/api/bookings", { body: bookingRequest(vehicle), auth: customer.auth });
        expect(booked.status).toBe(201);
        // On new connections: none of the terminated sessions is left.
        const after = (await sessions()).rows.map((r) => r.pid);
        expect(after.length).toBeGreaterThanOrEqual(1);
        expect(after.filter((pid) => before.includes(pid))).toEqual([]);
      } finally {
        await admin.end();
      }
    }, 30_000);
  });
} else {
  describe("SQLite: the disk is full", () => {
    // Two small disks, so each can be filled on its own: one for the database file, one for
    // DATA_DIR (uploaded photos). Mounted as tmpfs when this process may mount (root); otherwise
    // plain folders that the test makes read-only instead of full.
    const disks: { db: string; files: string } = { db: "", files: "" };
    let mounted = false;
    let server: RunningServer;
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase();
      for (const name of ["db", "files"] as const) {
        const dir = mkdtempSync(join(tmpdir(), `capedrive-full-${name}-`));
        mounted = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", dir], { stderr: "pipe" }).exitCode === 0;
        disks[name] = dir;
      }
      const dbFile = join(disks.db, "capedrive.db");
      server = await startServer(testConfig({ ...database, dataDir: disks.files }, { DATABASE_URL: `file:${dbFile}` }), { print: () => {} });
    });
    afterAll(async () => {
      for (const dir of Object.values(disks)) if (dir) chmodSync(dir, 0o755);
      await server?.stop();
      for (const dir of Object.values(disks)) {
        if (!dir) continue;
        // Lazy: the database client may still hold its file for a moment after stop.
        if (mounted) Bun.spawnSync(["umount", "-l", dir]);
        rmSync(dir, { recursive: true, force: true });
      }
      await database?.drop();
    });

    /** Fills one disk (or, without root, makes its folder read-only). */
    function fill(disk: keyof typeof disks) {
      if (!mounted) return chmodSync(disks[disk], 0o555);
      const dd = Bun.spawnSync(["dd", "if=/dev/zero", `of=${join(disks[disk], "filler.bin")}`, "bs=1M"], { stderr: "pipe" });
      expect(dd.exitCode).not.toBe(0); // stopped by "No space left on device"
    }
    function free(disk: keyof typeof disks) {
      if (!mounted) return chmodSync(disks[disk], 0o755);
      rmSync(join(disks[disk], "filler.bin"), { force: true });
    }

    /**
     * Sends writes while the disk is full until one is refused. A write may still fit in space the
     * database already holds (the write-ahead log is reused once the checkpointer has copied it
     * into the file), so the first ones may succeed; each answer is a success or 503 "storage is
     * full", never a 500, and the refusal comes once the log has to grow.
     */
    async function untilRefused(send: (attempt: number) => Promise<Response>, succeeded: number[]): Promise<Response> {
      for (let attempt = 0; attempt < 40; attempt++) {
        const response = await send(attempt);
        if (response.status === 503) return response;
        expect(response.status).toBeLessThan(300);
        succeeded.push(attempt);
      }
      throw new Error("40 writes went through on a full disk");
    }

    test("the database's disk full: sign-up and bookings answer 503 'storage is full', never 500; with room again they work", async () => {
      const customer = await newCustomer(server.services);
      const vehicle = await newVehicle(server.services);
      const booked: number[] = [];
      fill("db");
      try {
        const signedUp: number[] = [];
        const signUp = await untilRefused(
          () =>
            fetch(`${server.url}/api/auth/signup`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ name: "Full Disk", email: `full-${crypto.randomUUID()}@example.com`, password: "secret123", phone: "0821234567" }),
            }),
          signedUp,
        );
        await expectUnavailable(signUp, UNAVAILABLE_MESSAGES.storageFull);
        // A day each, so every booking is free to be made.
        const booking = await untilRefused(
          (day) =>
            fetch(`${server.url}/api/bookings`, {
              method: "POST",
              headers: { ...customer.auth, "content-type": "application/json" },
              body: JSON.stringify(bookingRequest(vehicle, capeTown(40 + 2 * day), capeTown(41 + 2 * day), { specialRequests: "x".repeat(900) })),
            }),
          booked,
        );
        await expectUnavailable(booking, UNAVAILABLE_MESSAGES.storageFull);
      } finally {
        free("db");
      }
      // What was answered 201 is there; what was refused is not.
      const mine = await server.services.db.booking.findMany({ where: { userId: customer.id }, select: { pickupDate: true } });
      expect(mine.map((b) => b.pickupDate.getTime()).sort()).toEqual(booked.map((day) => capeTown(40 + 2 * day).getTime()).sort());
      const again = await call(server.url, "POST", "/api/bookings", { body: bookingRequest(vehicle), auth: customer.auth });
      expect(again.status).toBe(201);
      // Sign-ups hash a password each, and how many writes fit depends on the free WAL space: seconds on a slow machine.
    }, 30_000);

    test("the photos' disk full: an upload answers 507 with the reason, leaves no .part file, and the same link works once there is room", async () => {
      const customer = await newCustomer(server.services);
      const ticket = await call(server.url, "POST", "/api/objects/upload", { body: { purpose: "profile_picture" }, auth: customer.auth });
      expect(ticket.status).toBe(200);
      const bytes = await photo();
      const uploadsDir = join(disks.files, "objects", "uploads");
      mkdirSync(uploadsDir, { recursive: true });
      fill("files");
      try {
        const put = await fetch(new URL(ticket.body.uploadURL, server.url), { method: "PUT", headers: { "content-type": "image/jpeg" }, body: bytes });
        expect(put.status).toBe(507);
        expect(((await put.json()) as { message: string }).message).toBe(STORAGE_FULL_MESSAGE);
        expect(readdirSync(uploadsDir).filter((f) => f.endsWith(".part"))).toEqual([]);
      } finally {
        free("files");
      }
      const retried = await fetch(new URL(ticket.body.uploadURL, server.url), { method: "PUT", headers: { "content-type": "image/jpeg" }, body: bytes });
      expect(retried.status).toBe(200);
      expect(existsSync(join(disks.files, "objects", ...(ticket.body.objectPath as string).replace("/objects/", "").split("/")))).toBe(true);
    });
  });
}
