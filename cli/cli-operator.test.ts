// rentals-cli as an operator meets it at a terminal: the real binary (cli/main.ts) in its own
// process, against a scratch database (SQLite, or a new PostgreSQL database when
// TEST_DATABASE_URL is set): mistyped commands and options, a busy or broken database, files it
// cannot read, and Ctrl-C in the middle of long work.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Database } from "bun:sqlite";
import pg from "pg";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoDealerships, demoFleet } from "../prisma/seed/demo-data";
import { holdMigrationLock, holdSqliteWriteLock } from "../server/testing/migration-lock";
import { createServiceAreaAs } from "../server/services/admin-service-areas";
import { issueApiKeyAs } from "../server/services/api-keys";
import { onboardDealership } from "../server/services/dealership-auth";
import { createDriver } from "../server/services/drivers";
import { createAdmin } from "../server/services/operators";
import { DEFAULT_LIST_LIMIT } from "./commands/listing";
import { createTestDatabase, createTestServices, type TestDatabase } from "../server/testing/harness";

setDefaultTimeout(60_000);

const root = join(import.meta.dir, "..");
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await ok(["db", "migrate"]);
});
afterAll(async () => {
  await database?.drop();
});

type Run = { code: number; stdout: string; stderr: string };

function envFor(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? database.dataDir,
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...extra,
  };
}

function spawnCli(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  return Bun.spawn([process.execPath, "cli/main.ts", ...args], {
    cwd: root,
    env: envFor(options.env),
    stdin: options.stdin === undefined ? "ignore" : new Blob([options.stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
}

async function cli(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const proc = spawnCli(args, options);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

async function ok(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const run = await cli(args, options);
  if (run.code !== 0) throw new Error(`rentals-cli ${args.join(" ")} exited ${run.code}: ${run.stderr}`);
  return run;
}

/** Bad usage: exit 2, nothing on stdout, the error's first line on stderr. */
async function usage(args: string[]): Promise<string> {
  const run = await cli(args);
  expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 2, stdout: "" });
  return run.stderr;
}

/** A refusal: exit 1, nothing on stdout, exactly one line on stderr. */
async function refused(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}): Promise<string> {
  const run = await cli(args, options);
  expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 1, stdout: "" });
  const lines = run.stderr.trimEnd().split("\n");
  expect({ args, lines: lines.length }).toEqual({ args, lines: 1 });
  expect(run.stderr).not.toMatch(/\s+at \S+ \(|\.ts:\d+/); // no stack trace, no source path
  return lines[0]!;
}

describe("mistakes at the prompt", () => {
  test("a mistyped option is named with the right one, even when a required option is then missing", async () => {
    const stderr = await usage(["admin", "create", "--emial", "ada@capedrive.co.za", "--first-name", "Ada", "--last-name", "L"]);
    expect(stderr).toContain("unknown option '--emial'");
    expect(stderr).toContain("Did you mean --email?");
    expect(stderr).not.toContain("not specified");
    expect(await usage(["api-key", "issue", "--nme", "Tracker"])).toContain("Did you mean --name?");
    // Without a typo, the missing required option is still named.
    expect(await usage(["admin", "create", "--email", "ada@capedrive.co.za"])).toContain("required option '--first-name <name>' not specified");
    expect(await usage(["api-key", "issue", "--name", "Tracker"])).toContain("required option '--permission <permission...>' not specified");
    // And a missing argument comes before it.
    expect(await usage(["dealership", "reset-password"])).toContain("missing required argument 'code'");
  });

  test("the program's help lists every exit code, 130 for Ctrl-C included", async () => {
    expect((await ok(["--help"])).stdout).toContain("Exit codes: 0 done, 1 refused (the reason on stderr), 2 bad usage, 130 interrupted (Ctrl-C).");
  });

  test("an option written before its command is told where it goes", async () => {
    for (const args of [
      ["--json", "admin", "list"],
      ["admin", "--json", "list"],
    ])
      expect(await usage(args)).toBe("rentals-cli: --json goes after the command: rentals-cli admin list --json\n");
    expect(await usage(["--force", "db", "backup", "x.db"])).toBe("rentals-cli: --force goes after the command: rentals-cli db backup x.db --force\n");
    // One that no command takes is still plain unknown.
    expect(await usage(["--jsn", "admin", "list"])).toContain("unknown option '--jsn'");
  });

  test("help says which options are required", async () => {
    /** Each option's description in a help text, by its flags. */
    const described = (help: string, flags: string) => {
      const after = help.replace(/\s+/g, " ").split(` ${flags} `)[1] ?? "";
      return after.slice(0, after.search(/ --[a-z]| -h, /));
    };
    const help = (await ok(["dealership", "onboard", "--help"])).stdout;
    for (const flags of ["--code <code>", "--company <name>", "--contact-person <name>", "--email <email>"])
      expect({ flags, required: described(help, flags).endsWith("(required)") }).toEqual({ flags, required: true });
    expect(described(help, "--phone <phone>")).toBe("contact phone");
    expect(described((await ok(["api-key", "issue", "--help"])).stdout, "--permission <permission...>")).toContain("(required)");
  });

  test("help with a mistyped command suggests the right one", async () => {
    expect(await usage(["help", "admn"])).toContain("Did you mean admin?");
    expect(await usage(["help", "admin", "creat"])).toContain("Did you mean create?");
    expect(await usage(["help", "frobnicate"])).toContain("unknown command 'frobnicate'");
    // A group's own help command too (commander's showed the group's help, exit 2, with no word on the typo).
    expect(await usage(["admin", "help", "creat"])).toContain("Did you mean create?");
    expect(await usage(["dealership", "help", "onbaord"])).toContain("Did you mean onboard?");
    expect((await ok(["admin", "help", "create"])).stdout).toBe((await ok(["admin", "create", "--help"])).stdout);
    expect((await ok(["db", "help"])).stdout).toBe((await ok(["db", "--help"])).stdout);
  });

  test("every command group's help shows examples of its commands", async () => {
    for (const group of ["admin", "dealership", "driver", "api-key", "service-area", "db", "maintenance", "seed"]) {
      const run = await ok([group, "--help"]);
      expect({ group, examples: run.stdout.includes("Examples:"), ofGroup: run.stdout.includes(`$ rentals-cli ${group} `) }).toEqual({
        group,
        examples: true,
        ofGroup: true,
      });
    }
  });
});

describe("a database the command cannot use", () => {
  test("one that cannot be reached or read is named in the one line: no such PostgreSQL database, nothing listening, not a SQLite file", async () => {
    const nothing = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const port = nothing.port;
    nothing.stop(true); // a port where nothing listens now
    for (const args of [
      ["admin", "list"],
      ["db", "status"],
      ["db", "migrate"],
    ])
      expect(await refused(args, { env: { DATABASE_URL: `postgres://ops:hunter2@127.0.0.1:${port}/capedrive` } })).toBe(
        `rentals-cli: PostgreSQL 127.0.0.1:${port}/capedrive: connect ECONNREFUSED 127.0.0.1:${port}`,
      );
    const junk = join(database.dataDir, "not-a-database.db");
    await Bun.write(junk, "these are not the bytes of a SQLite database\n".repeat(100));
    for (const args of [
      ["admin", "list"],
      ["db", "status"],
      ["db", "backup", join(database.dataDir, "junk-copy.db")],
      ["driver", "create", "--name", "Lee Smit", "--email", "lee@capedrive.example", "--phone", "0825550143"],
    ])
      expect(await refused(args, { env: { DATABASE_URL: `file:${junk}` } })).toBe(`rentals-cli: SQLite ${junk}: file is not a database`);
    expect(await Bun.file(junk).text()).toBe("these are not the bytes of a SQLite database\n".repeat(100));
    if (onPostgres) {
      const url = new URL(database.databaseUrl!);
      url.pathname = "/capedrive_no_such_database";
      expect(await refused(["admin", "list"], { env: { DATABASE_URL: url.toString() } })).toBe(
        `rentals-cli: PostgreSQL ${url.hostname}:${url.port || "5432"}/capedrive_no_such_database: database "capedrive_no_such_database" does not exist`,
      );
    }
  });

  test("someone else's database (a mistyped DATABASE_URL): listings and changes refuse, db status only reads, and none leaves a table behind", async () => {
    const foreign = join(database.dataDir, "someone-elses.db");
    const other = new Database(foreign);
    other.run("CREATE TABLE orders (id INTEGER PRIMARY KEY)");
    other.close();
    const sqliteEnv = { DATABASE_URL: `file:${foreign}` };
    for (const args of [
      ["admin", "list"],
      ["driver", "disable", "sipho@capedrive.example"],
      ["maintenance", "run"],
    ])
      expect(await refused(args, { env: sqliteEnv })).toBe(
        `rentals-cli: SQLite ${foreign} is not a CapeDrive database (it has no migrations): check DATABASE_URL, or set it up with \`rentals-cli db migrate\``,
      );
    const status = JSON.parse((await ok(["db", "status", "--json"], { env: sqliteEnv })).stdout);
    expect({ applied: status.applied, pending: status.pending.length > 0 }).toEqual({ applied: [], pending: true });
    const reopened = new Database(foreign);
    try {
      expect(reopened.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").values()).toEqual([["orders"]]);
      expect(reopened.query("PRAGMA journal_mode").values()).toEqual([["delete"]]);
    } finally {
      reopened.close();
    }
    if (!onPostgres) return;
    const base = process.env.TEST_DATABASE_URL!;
    const name = `capedrive_foreign_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    try {
      const url = new URL(base);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString() };
      expect(await refused(["admin", "list"], { env })).toMatch(/has \d+ pending migrations: apply with `rentals-cli db migrate`/);
      expect(JSON.parse((await ok(["db", "status", "--json"], { env })).stdout).applied).toEqual([]);
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        expect((await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`)).rows).toEqual([]);
      } finally {
        await client.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });

  test("a SQLite database another process is writing to: one line saying it is busy, and nothing changed once it is free", async () => {
    const file = join(database.dataDir, "busy.db");
    const env = { DATABASE_URL: `file:${file}` };
    await ok(["db", "migrate"], { env });
    const other = new Database(file);
    other.run("BEGIN IMMEDIATE"); // as a long write in the server would
    try {
      const busy = `rentals-cli: SQLite ${file} is busy: another process holds its write lock (a long write, or a transaction left open); try again in a moment`;
      expect(
        await refused(["admin", "create", "--email", "busy@capedrive.example", "--first-name", "Busy", "--last-name", "Day", "--password-stdin"], {
          env,
          stdin: "a long enough password",
        }),
      ).toBe(busy);
      expect(
        await refused(["dealership", "onboard", "--code", "BUSY01", "--company", "Busy", "--contact-person", "Bee", "--email", "bee@busy.example"], { env }),
      ).toBe(busy);
    } finally {
      other.run("ROLLBACK");
      other.close();
    }
    expect(JSON.parse((await ok(["admin", "list", "--json"], { env })).stdout)).toEqual([]);
    expect(JSON.parse((await ok(["dealership", "list", "--json"], { env })).stdout)).toEqual([]);
  });
});

describe("files", () => {
  test("service-area import of a file it cannot read, a folder or a pipe: one line saying which, nothing stored", async () => {
    // /proc/self/mem is a regular file that fails to read (EIO) even for root, who may read any file.
    expect(await refused(["service-area", "import", "/proc/self/mem", "--name", "Unreadable"])).toBe(
      "rentals-cli: Cannot read /proc/self/mem: EIO: i/o error, read",
    );
    expect(await refused(["service-area", "import", database.dataDir, "--name", "Folder"])).toBe(
      `rentals-cli: ${database.dataDir} is a folder, not a GeoJSON file`,
    );
    const fifo = join(database.dataDir, "area.fifo");
    expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
    expect(await refused(["service-area", "import", fifo, "--name", "Pipe"])).toBe(`rentals-cli: ${fifo} is not a regular file`);
    expect(JSON.parse((await ok(["service-area", "list", "--json"])).stdout)).toEqual([]);
  });

  test("service-area import reads a GeoJSON file saved with a byte order mark (as Windows editors save UTF-8)", async () => {
    const file = join(database.dataDir, "with-bom.geojson");
    await Bun.write(file, `\uFEFF${await Bun.file(join(root, "prisma", "seed", "cape-town-service-area.geojson")).text()}`);
    const run = await ok(["service-area", "import", file, "--name", "Saved on Windows", "--json"]);
    expect(JSON.parse(run.stdout).serviceArea).toMatchObject({ name: "Saved on Windows", polygon: { type: "Polygon" } });
  });

  test("db backup --force over something that is not a regular file (a pipe, as /dev/null is a device) is refused and leaves it be", async () => {
    const fifo = join(database.dataDir, "backup.fifo");
    expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
    const env = { DATABASE_URL: `file:${join(database.dataDir, "fifo-source.db")}` };
    await ok(["db", "migrate"], { env });
    expect(await refused(["db", "backup", fifo, "--force"], { env })).toBe(
      `rentals-cli: ${fifo} is not a regular file (a device, a pipe or a socket): it is never replaced`,
    );
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });
});

describe("answers for scripts", () => {
  test("--json: a command that makes or changes one thing answers an object naming it, with changed: false the second time", async () => {
    const keys = (run: Run) => Object.keys(JSON.parse(run.stdout)).sort();
    const made = await ok(["admin", "create", "--email", "json@capedrive.example", "--first-name", "Jay", "--last-name", "Son", "--password-stdin", "--json"], {
      stdin: "a long enough password",
    });
    expect(keys(made)).toEqual(["admin"]);
    expect(
      keys(
        await ok(["dealership", "onboard", "--code", "JSON01", "--company", "Json Motors", "--contact-person", "Jo", "--email", "jo@json.example", "--json"]),
      ),
    ).toEqual(["dealership", "password"]);
    expect(keys(await ok(["driver", "create", "--name", "Jo Driver", "--email", "jo.driver@capedrive.example", "--phone", "0825550144", "--json"]))).toEqual([
      "driver",
      "password",
    ]);
    const issued = await ok(["api-key", "issue", "--name", "Json", "--permission", "vehicles:read", "--json"]);
    expect(keys(issued)).toEqual(["apiKey", "key"]);
    const geojson = join(root, "prisma", "seed", "cape-town-service-area.geojson");
    expect(keys(await ok(["service-area", "import", geojson, "--name", "Json area", "--json"]))).toEqual(["serviceArea"]);

    const twice = async (args: string[], thing: string) => {
      const first = JSON.parse((await ok([...args, "--json"])).stdout);
      const second = JSON.parse((await ok([...args, "--json"])).stdout);
      expect({ args, first: Object.keys(first).sort(), changed: [first.changed, second.changed] }).toEqual({
        args,
        first: ["changed", thing].sort(),
        changed: [true, false],
      });
    };
    await twice(["admin", "disable", "json@capedrive.example"], "admin");
    await twice(["dealership", "deactivate", "JSON01"], "dealership");
    await twice(["driver", "disable", "jo.driver@capedrive.example"], "driver");
    const id = JSON.parse(issued.stdout).apiKey.id as string;
    await twice(["api-key", "revoke", id], "apiKey");
    // In words too: revoking a revoked key says it was already revoked.
    expect((await ok(["api-key", "revoke", id])).stdout).toBe(`API key Json (${id}) was already revoked\n`);
  }, 120_000); // 14 runs of the CLI, each a new process: more than a minute on a loaded machine
});

/** Reads a process's stream into `into.text` as it comes; resolves when the stream ends. */
async function collect(stream: ReadableStream<Uint8Array>, into: { text: string }): Promise<void> {
  const decoder = new TextDecoder();
  for await (const chunk of stream) into.text += decoder.decode(chunk, { stream: true });
}

async function waitFor(what: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!what() && Date.now() < deadline) await Bun.sleep(20);
}

/** `seed demo` on a fresh, migrated database, once it says it is seeding (the moment to press Ctrl-C). */
async function seedDemoStarted(fresh: Awaited<ReturnType<typeof createTestDatabase>>) {
  const env = { DATA_DIR: fresh.dataDir, ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}) };
  await ok(["db", "migrate"], { env });
  const proc = spawnCli(["seed", "demo"], { env });
  const stdout = { text: "" };
  const stderr = { text: "" };
  const reading = Promise.all([collect(proc.stdout, stdout), collect(proc.stderr, stderr)]);
  await waitFor(() => stderr.text.includes("Seeding demo data"), 20_000);
  return { proc, stdout, stderr, reading };
}

describe("Ctrl-C", () => {
  test("seed demo, interrupted while it seeds, finishes: the sign-in details printed and saved, not a seeded database with passwords nobody saw", async () => {
    const fresh = await createTestDatabase();
    try {
      // It says what it is doing before the long part; Ctrl-C then.
      const { proc, stdout, stderr, reading } = await seedDemoStarted(fresh);
      expect(stderr.text).toContain("Seeding demo data");
      proc.kill("SIGINT");
      const code = await proc.exited;
      await reading;
      expect({ code, stderr: stderr.text }).toEqual({
        code: 0,
        stderr: expect.stringContaining("rentals-cli: finishing the demo data first (a few seconds): it cannot stop halfway"),
      });
      const password = /Admin\s+admin@capedrive\.example \/ (\S+)/.exec(stdout.text)?.[1];
      expect(password).toBeString();
      expect(await Bun.file(join(fresh.dataDir, "demo-credentials.txt")).text()).toContain(`admin@capedrive.example / ${password}`);
      // Every demo car, the fleet's and the dealerships', got its photo (the step after the transaction).
      const photos = [...new Bun.Glob("objects/uploads/*").scanSync({ cwd: fresh.dataDir })];
      expect(photos.length).toBe(demoFleet.length + demoDealerships.reduce((n, d) => n + d.stock.length, 0));
    } finally {
      await fresh.drop();
    }
  });

  test("seed demo: a second Ctrl-C stops it at once (for a database that does not answer), with one line and exit 130", async () => {
    const fresh = await createTestDatabase();
    try {
      const { proc, stdout, stderr, reading } = await seedDemoStarted(fresh);
      proc.kill("SIGINT");
      await waitFor(() => stderr.text.includes("Ctrl-C again to stop at once"), 5_000);
      proc.kill("SIGINT");
      const code = await proc.exited;
      await reading;
      expect({ code, stdout: stdout.text, last: stderr.text.trimEnd().split("\n").at(-1) }).toEqual({ code: 130, stdout: "", last: "rentals-cli: stopped" });
    } finally {
      await fresh.drop();
    }
  });

  test("api-key issue and dealership onboard, interrupted once their database is open: they finish and show the key or password they saved", async () => {
    const file = join(database.dataDir, "interrupted.db");
    const env = { DATABASE_URL: `file:${file}` };
    await ok(["db", "migrate"], { env });
    /** The process has the database file open: it is inside the command, past start-up. */
    const hasOpen = (pid: number) => {
      try {
        return readdirSync(`/proc/${pid}/fd`).some((fd) => {
          try {
            return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
          } catch {
            return false; // closed meanwhile
          }
        });
      } catch {
        return false;
      }
    };
    for (const args of [
      ["api-key", "issue", "--name", "Interrupted", "--permission", "vehicles:read"],
      ["dealership", "onboard", "--code", "INT01", "--company", "Interrupted Motors", "--contact-person", "Ina", "--email", "ina@interrupted.example"],
    ]) {
      // A writer holds the database, so the command waits inside, where Ctrl-C reaches it.
      const writer = new Database(file);
      writer.run("BEGIN IMMEDIATE");
      const proc = spawnCli(args, { env });
      const stdout = { text: "" };
      const stderr = { text: "" };
      const reading = Promise.all([collect(proc.stdout, stdout), collect(proc.stderr, stderr)]);
      await waitFor(() => hasOpen(proc.pid), 20_000);
      proc.kill("SIGINT");
      await waitFor(() => stderr.text.includes("finishing first"), 5_000);
      writer.run("ROLLBACK");
      writer.close();
      const code = await proc.exited;
      await reading;
      expect({ args, code, stderr: stderr.text.trim() }).toEqual({
        args,
        code: 0,
        stderr: "rentals-cli: finishing first: it cannot stop between saving a password or key and showing it (Ctrl-C again to stop at once)",
      });
      expect(stdout.text).toMatch(
        /^(Key \(shown only now; it cannot be recovered\): rk_\S+|Initial password \(shown only now; give it to the dealership\): \S+)$/m,
      );
    }
  });

  test("db backup of a large database: progress on a terminal; interrupted, no backup and no partial file left", async () => {
    const folder = join(database.dataDir, "backups");
    mkdirSync(folder);
    const file = join(database.dataDir, "large.db");
    const large = new Database(file);
    large.run("CREATE TABLE filler (b BLOB)");
    const insert = large.prepare("INSERT INTO filler VALUES (randomblob(1000000))");
    large.transaction(() => {
      for (let i = 0; i < 250; i++) insert.run();
    })();
    large.close();
    const env = { DATABASE_URL: `file:${file}` };

    // On a terminal (script(1) gives it one) the copy says how far it is; into a pipe it says nothing until done.
    const copy = join(folder, "on-a-terminal.db");
    const command = ["env", ...Object.entries(envFor(env)).map(([k, v]) => `${k}=${v}`), process.execPath, "cli/main.ts", "db", "backup", copy];
    const terminal = Bun.spawnSync(["script", "-qec", command.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" "), "/dev/null"], { cwd: root });
    expect(terminal.exitCode).toBe(0);
    expect(terminal.stdout.toString()).toMatch(/Backing up: \d+% \(\d+ of \d+ MB\)/);
    const piped = await ok(["db", "backup", join(folder, "piped.db")], { env });
    expect(piped.stderr).toBe("");
    rmSync(folder, { recursive: true });
    mkdirSync(folder);

    const proc = spawnCli(["db", "backup", join(folder, "interrupted.db")], { env });
    const stderr = { text: "" };
    const reading = collect(proc.stderr, stderr);
    await waitFor(() => readdirSync(folder).length > 0, 20_000); // the copy has started
    expect(readdirSync(folder)).not.toEqual([]);
    proc.kill("SIGINT");
    expect(await proc.exited).toBe(130);
    await reading;
    expect(stderr.text).toBe("rentals-cli: interrupted: no backup written (the partial copy was removed)\n");
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe("listings", () => {
  test("every time in a listing is labelled UTC (the times are UTC, as stored; Cape Town is two hours ahead)", async () => {
    await ok(["admin", "create", "--email", "times@capedrive.example", "--first-name", "Tim", "--last-name", "Es", "--password-stdin"], {
      stdin: "a long enough password",
    });
    await ok(["api-key", "issue", "--name", "Times", "--permission", "vehicles:read"]);
    await ok(["driver", "create", "--name", "Tim Driver", "--email", "tim.driver@capedrive.example", "--phone", "0825550146"]);
    await ok(["service-area", "import", join(root, "prisma", "seed", "cape-town-service-area.geojson"), "--name", "Times area"]);
    for (const group of ["admin", "api-key", "driver", "service-area"]) {
      const header = (await ok([group, "list"])).stdout.split("\n")[0]!;
      const timeColumns = header.split(/\s{2,}/).filter((column) => /CREATED|UPDATED|USED/.test(column));
      expect({ group, timeColumns: timeColumns.length > 0, unlabelled: timeColumns.filter((c) => !c.endsWith("(UTC)")) }).toEqual({
        group,
        timeColumns: true,
        unlabelled: [],
      });
    }
  });
});

describe("long work", () => {
  test("db migrate names each migration as it is applied, not all of them at the end", async () => {
    const fresh = await createTestDatabase();
    try {
      const env = { DATA_DIR: fresh.dataDir, ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}) };
      const proc = spawnCli(["db", "migrate"], { env });
      const chunks: string[] = [];
      const decoder = new TextDecoder();
      for await (const chunk of proc.stdout) chunks.push(decoder.decode(chunk, { stream: true }));
      expect(await proc.exited).toBe(0);
      const lines = chunks.join("").trimEnd().split("\n");
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.slice(0, -1).every((line) => /^applied \d+_\w+$/.test(line))).toBe(true);
      expect(lines.at(-1)).toMatch(/: \d+ applied now, \d+ in total, 0 pending$/);
      // The first migration's line reached the reader before the summary was written.
      const first = chunks.findIndex((chunk) => chunk.includes(lines[0]!));
      const summary = chunks.findIndex((chunk) => chunk.includes(" applied now, "));
      expect(first).toBeLessThan(summary);
    } finally {
      await fresh.drop();
    }
  });
});

describe("output", () => {
  test("an answer that cannot be written (a full disk) is a failure with one line, even though the work was done", async () => {
    for (const args of [
      ["db", "status", "--json"],
      ["api-key", "issue", "--name", "Lost", "--permission", "vehicles:read", "--json"],
    ]) {
      const proc = Bun.spawn([process.execPath, "cli/main.ts", ...args], {
        cwd: root,
        env: envFor(),
        stdin: "ignore",
        stdout: Bun.file("/dev/full"),
        stderr: "pipe",
      });
      const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
      expect({ args, code, stderr }).toEqual({
        args,
        code: 1,
        stderr: "rentals-cli: could not write to standard output (ENOSPC: no space left on device, write); the command was done, but its answer is lost\n",
      });
    }
    // A reader that leaves early (`| head -1`) is no failure.
    const proc = Bun.spawn([process.execPath, "cli/main.ts", "--help"], { cwd: root, env: envFor(), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const reader = proc.stdout.getReader();
    await reader.read();
    await reader.cancel();
    expect({ code: await proc.exited, stderr: await new Response(proc.stderr).text() }).toEqual({ code: 0, stderr: "" });
  });
});

if (onPostgres)
  describe("db migrate while another process migrates (PostgreSQL)", () => {
    test("it says on stderr that it waits and for whom, then finishes once the lock is let go", async () => {
      const holder = await holdMigrationLock(database.databaseUrl!, "other migrator (test)");
      const proc = spawnCli(["db", "migrate"]);
      let stderr = "";
      const stderrRead = (async () => {
        const decoder = new TextDecoder();
        for await (const chunk of proc.stderr) stderr += decoder.decode(chunk, { stream: true });
      })();
      try {
        while (!stderr.includes("\n") && proc.exitCode === null) await Bun.sleep(50);
        expect(stderr).toStartWith(
          `Waiting for another migration to finish (lock held by PostgreSQL session pid ${holder.pid}, application "other migrator (test)"`,
        );
      } finally {
        await holder.release();
      }
      const [code, stdout] = await Promise.all([proc.exited, new Response(proc.stdout).text(), stderrRead]);
      expect({ code, stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/^Waiting for another migration to finish \(.*\)\n$/) });
      expect(stdout).toMatch(/: 0 applied now, \d+ in total, 0 pending\n$/);
    });

    test("it gives up after MIGRATION_LOCK_TIMEOUT_SECONDS with exit 1 and one line naming the holder and how to end it", async () => {
      const holder = await holdMigrationLock(database.databaseUrl!, "other migrator (test)");
      try {
        const run = await cli(["db", "migrate"], { env: { MIGRATION_LOCK_TIMEOUT_SECONDS: "2" } });
        expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
        const lines = run.stderr.trimEnd().split("\n");
        expect(lines).toHaveLength(2);
        expect(lines[0]).toStartWith(
          `Waiting for another migration to finish (lock held by PostgreSQL session pid ${holder.pid}, application "other migrator (test)"`,
        );
        expect(lines[1]).toStartWith("rentals-cli: PostgreSQL ");
        expect(lines[1]).toContain(`Gave up after waiting 2 s for another migration to finish (lock held by PostgreSQL session pid ${holder.pid}`);
        expect(lines[1]).toContain(`SELECT pg_terminate_backend(${holder.pid})`);
      } finally {
        await holder.release();
      }
    });
  });

if (!onPostgres)
  describe("db migrate while another process holds the SQLite file's write lock", () => {
    /** A new data folder (its database not made yet, so every migration is pending) and the file the holder locks. */
    function newDataDir() {
      const dataDir = mkdtempSync(join(tmpdir(), "capedrive-cli-lock-"));
      return { dataDir, file: join(dataDir, "capedrive.db"), drop: () => rmSync(dataDir, { recursive: true, force: true }) };
    }
    const waitingLine = (file: string) => `Waiting for another process to finish migrating ${file} (it holds the database's write lock)`;

    test("it says on stderr that it waits, naming the file, then finishes once the lock is let go", async () => {
      const folder = newDataDir();
      const holder = await holdSqliteWriteLock(folder.file);
      try {
        const proc = spawnCli(["db", "migrate"], { env: { DATA_DIR: folder.dataDir } });
        let stderr = "";
        const stderrRead = (async () => {
          const decoder = new TextDecoder();
          for await (const chunk of proc.stderr) stderr += decoder.decode(chunk, { stream: true });
        })();
        try {
          while (!stderr.includes("\n") && proc.exitCode === null) await Bun.sleep(50);
          expect(stderr).toBe(`${waitingLine(folder.file)}\n`);
        } finally {
          await holder.release();
        }
        const [code, stdout] = await Promise.all([proc.exited, new Response(proc.stdout).text(), stderrRead]);
        expect({ code, stderr }).toEqual({ code: 0, stderr: `${waitingLine(folder.file)}\n` });
        expect(stdout).toMatch(/: (\d+) applied now, \1 in total, 0 pending\n$/);
      } finally {
        await holder.release();
        folder.drop();
      }
    });

    test("it gives up after MIGRATION_LOCK_TIMEOUT_SECONDS with exit 1 and one line saying what to do, not SQLite's busy error", async () => {
      const folder = newDataDir();
      const holder = await holdSqliteWriteLock(folder.file);
      try {
        const run = await cli(["db", "migrate"], { env: { DATA_DIR: folder.dataDir, MIGRATION_LOCK_TIMEOUT_SECONDS: "2" } });
        expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
        const lines = run.stderr.trimEnd().split("\n");
        expect(lines).toEqual([
          waitingLine(folder.file),
          `rentals-cli: SQLite ${folder.file}: Gave up after waiting 2 s for another process to finish migrating ${folder.file} (it still holds the write lock): ` +
            "try again once it is done, or end the process if it is stuck (a sqlite3 shell left in a transaction, say; `fuser` on the file names it). " +
            "MIGRATION_LOCK_TIMEOUT_SECONDS sets how long to wait.",
        ]);
      } finally {
        await holder.release();
        folder.drop();
      }
    });
  });

describe("long listings", () => {
  const operator = { kind: "operator", name: "test@host" } as const;
  /** A new database holding `count` of each kind of row a list command shows; its environment for the CLI. */
  async function databaseWithRows(count: number, extraKeys = 0) {
    const services = await createTestServices();
    const polygon = (await Bun.file(join(root, "prisma", "seed", "cape-town-service-area.geojson")).json()).geometry;
    for (let i = 0; i < count; i++) {
      await createAdmin(services, operator, {
        email: `admin${i}@capedrive.example`,
        firstName: "Ada",
        lastName: `No ${i}`,
        password: "a long enough password",
      });
      await onboardDealership(services, operator, {
        dealershipCode: `LIST${i}`,
        companyName: `Lister ${i}`,
        contactPerson: "Sam",
        contactEmail: `list${i}@dealer.example`,
      });
      await createDriver(services, operator, { name: `Driver ${i}`, email: `driver${i}@capedrive.example`, phone: `082555${String(i).padStart(4, "0")}` });
      await createServiceAreaAs(services, operator, { name: `Area ${i}`, isActive: true, polygon });
    }
    for (let i = 0; i < count + extraKeys; i++) await issueApiKeyAs(services, operator, { name: `Partner ${i}`, permissions: ["vehicles:read"] });
    const target = services.config.database;
    const env = { DATA_DIR: services.config.dataDir, DATABASE_URL: target.provider === "postgresql" ? target.url : `file:${target.file}` };
    return { env, close: () => services.close() };
  }
  const listings = {
    admin: "admins (by email)",
    dealership: "dealerships (by code)",
    driver: "drivers (active first, then by name)",
    "api-key": "API keys (newest first)",
    "service-area": "service areas (by name)",
  };
  const more = (shown: number, what: string) => `Showing the first ${shown} ${what}; there are more: add --all to list every one, or --limit <n>.\n`;

  test("every list command: --limit n shows n rows and says on stderr that there are more; --all shows every row; --json stays an array", async () => {
    const { env, close } = await databaseWithRows(3);
    try {
      for (const [group, what] of Object.entries(listings)) {
        const page = await ok([group, "list", "--limit", "2", "--json"], { env });
        expect({ group, rows: JSON.parse(page.stdout).length, stderr: page.stderr }).toEqual({ group, rows: 2, stderr: more(2, what) });
        const all = await ok([group, "list", "--all", "--json"], { env });
        expect({ group, rows: JSON.parse(all.stdout).length, stderr: all.stderr }).toEqual({ group, rows: 3, stderr: "" });
        // Exactly as many rows as asked for (the table, here): nothing left out, nothing said.
        const exact = await ok([group, "list", "--limit", "3"], { env });
        expect({ group, rows: exact.stdout.trimEnd().split("\n").length - 1, stderr: exact.stderr }).toEqual({ group, rows: 3, stderr: "" });
      }
    } finally {
      await close();
    }
  }, 180_000);

  test(`a list command shows the first ${DEFAULT_LIST_LIMIT} rows unless told otherwise, and says so when there are more`, async () => {
    const { env, close } = await databaseWithRows(0, DEFAULT_LIST_LIMIT + 1);
    try {
      const run = await ok(["api-key", "list", "--json"], { env });
      expect(JSON.parse(run.stdout)).toHaveLength(DEFAULT_LIST_LIMIT);
      expect(run.stderr).toBe(more(DEFAULT_LIST_LIMIT, listings["api-key"]));
      expect(JSON.parse((await ok(["api-key", "list", "--all", "--json"], { env })).stdout)).toHaveLength(DEFAULT_LIST_LIMIT + 1);
    } finally {
      await close();
    }
  });

  test("--limit takes a whole number of rows, 1 or more, and not with --all: bad usage otherwise", async () => {
    for (const limit of ["0", "-1", "2.5", "ten", ""])
      expect(await usage(["admin", "list", `--limit=${limit}`])).toContain("must be a whole number of rows, 1 or more");
    for (const group of Object.keys(listings))
      expect(await usage([group, "list", "--limit", "5", "--all"])).toContain("'--all' cannot be used with option '--limit <n>'");
  });
});

describe("dealership onboard: the phone buyers are shown", () => {
  test("when given, it must be a number they can call: refused in one line, nothing saved", async () => {
    const line = await refused([
      "dealership",
      "onboard",
      "--code",
      "PHONE01",
      "--company",
      "Phone Motors",
      "--contact-person",
      "Pat",
      "--email",
      "pat@phone.example",
      "--phone",
      "call me maybe",
    ]);
    expect(line).toContain("Please enter a valid phone number");
    const listed = JSON.parse((await ok(["dealership", "list", "--json"])).stdout) as unknown[];
    expect(JSON.stringify(listed)).not.toContain("PHONE01");
    await ok([
      "dealership",
      "onboard",
      "--code",
      "PHONE02",
      "--company",
      "Phone Motors",
      "--contact-person",
      "Pat",
      "--email",
      "pat2@phone.example",
      "--phone",
      "021 555 0123",
    ]);
  });
});
