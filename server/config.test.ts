// loadConfig: defaults, refusals that name the variable, and the token secret kept in DATA_DIR.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig } from "./config";

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "capedrive-config-"));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const secret = "a-token-secret-that-is-long-enough-0123456789";
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** The SQLite target at `file` when no SQLITE_* setting is given. */
const sqliteByDefaultAt = (file: string) =>
  ({ provider: "sqlite", file, url: `file:${file}`, synchronous: "NORMAL", cacheMiB: 32, checkpoints: "background" }) as const;

/** The ConfigError loadConfig throws for `env` (fails the test when it does not throw one). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), TOKEN_SECRET: secret, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  test("with an empty environment: port 3000, ./data resolved, SQLite under it, demo on, public URL on localhost", () => {
    const cwd = process.cwd();
    const dir = tempDir();
    process.chdir(dir);
    try {
      const config = loadConfig({});
      const dataDir = join(process.cwd(), "data"); // the resolved form of the temp dir (macOS /private)
      expect(config.port).toBe(3000);
      expect(config.host).toBe("0.0.0.0");
      expect(config.dataDir).toBe(dataDir);
      expect(existsSync(dataDir)).toBe(true);
      expect(config.database).toEqual(sqliteByDefaultAt(join(dataDir, "capedrive.db")));
      expect(config.seedDemo).toBe(true);
      expect(config.publicUrl).toBe("http://localhost:3000");
      expect(config.logLevel).toBe("info");
      expect(config.webDist).toBe(join(import.meta.dir, "..", "web", "dist"));
      expect(config.workers).toBe(1);
    } finally {
      process.chdir(cwd);
    }
  });

  test("WORKERS: a number of processes, or auto for one per CPU core", () => {
    const env = { DATA_DIR: tempDir(), TOKEN_SECRET: secret };
    expect(loadConfig({ ...env, WORKERS: "3" }).workers).toBe(3);
    expect(loadConfig({ ...env, WORKERS: "64" }).workers).toBe(64);
    expect(loadConfig({ ...env, WORKERS: "auto" }).workers).toBe(availableParallelism());
  });

  test("empty strings count as unset", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), TOKEN_SECRET: secret, PORT: "", LOG_LEVEL: "", DATABASE_URL: "" });
    expect(config.port).toBe(3000);
    expect(config.logLevel).toBe("info");
    expect(config.database.provider).toBe("sqlite");
  });

  test("the public URL follows PORT unless PUBLIC_URL is given (trailing slash dropped)", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), TOKEN_SECRET: secret, PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ DATA_DIR: tempDir(), TOKEN_SECRET: secret, PUBLIC_URL: "https://rent.example.co.za/" }).publicUrl).toBe("https://rent.example.co.za");
  });

  test("a relative DATA_DIR is resolved and created, nested folders included", () => {
    const base = tempDir();
    const config = loadConfig({ DATA_DIR: join(base, "a", "..", "b", "c"), TOKEN_SECRET: secret });
    expect(config.dataDir).toBe(join(base, "b", "c"));
    expect(statSync(config.dataDir).isDirectory()).toBe(true);
  });

  test("DATABASE_URL=file: keeps SQLite at that file", () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: tempDir(), TOKEN_SECRET: secret, DATABASE_URL: `file:${join(dir, "other.db")}` });
    expect(config.database).toEqual(sqliteByDefaultAt(join(dir, "other.db")));
  });

  test("PostgreSQL's sslmode keeps libpq's meaning (pg is asked for it); a URL without sslmode, or that chose, is left as written", () => {
    const base = { DATA_DIR: tempDir(), TOKEN_SECRET: secret };
    const target = (url: string) => loadConfig({ ...base, DATABASE_URL: url }).database.url;
    expect(target("postgres://u:p@db.internal:5432/rentals?sslmode=require")).toBe(
      "postgres://u:p@db.internal:5432/rentals?sslmode=require&uselibpqcompat=true",
    );
    expect(target("postgres://db/rentals?sslmode=verify-full&uselibpqcompat=false")).toBe("postgres://db/rentals?sslmode=verify-full&uselibpqcompat=false");
    expect(target("postgresql://db/rentals?application_name=x")).toBe("postgresql://db/rentals?application_name=x");
  });

  test("PostgreSQL: demo data off unless SEED_DEMO=true; SQLite: on unless SEED_DEMO=false", () => {
    const base = { DATA_DIR: tempDir(), TOKEN_SECRET: secret };
    for (const url of ["postgres://u:p@db.internal:5432/rentals", "postgresql://db/rentals"]) {
      const pg = loadConfig({ ...base, DATABASE_URL: url });
      expect(pg.database).toEqual({ provider: "postgresql", url });
      expect(pg.seedDemo).toBe(false);
      expect(loadConfig({ ...base, DATABASE_URL: url, SEED_DEMO: "true" }).seedDemo).toBe(true);
    }
    expect(loadConfig(base).seedDemo).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, SEED_DEMO: "0" }).seedDemo).toBe(false);
  });

  test("SUPPORT_PHONE: kept as written (trimmed) beside MAIL_REPLY_TO; unset or empty, no phone", () => {
    const base = { DATA_DIR: tempDir(), TOKEN_SECRET: secret };
    expect(loadConfig(base).mail).toEqual({ smtpUrl: undefined, from: "CapeDrive <no-reply@capedrive.local>", replyTo: undefined, supportPhone: undefined });
    expect(loadConfig({ ...base, SUPPORT_PHONE: "" }).mail.supportPhone).toBeUndefined();
    for (const phone of ["021 555 0123", "+27 (0)21 555-0123", "(021) 555 0123", "+44 20 7946 0958"]) {
      expect(loadConfig({ ...base, SUPPORT_PHONE: ` ${phone} ` }).mail.supportPhone).toBe(phone);
    }
    const both = loadConfig({ ...base, SUPPORT_PHONE: "021 555 0123", MAIL_REPLY_TO: "CapeDrive help <help@capedrive.example>" });
    expect(both.mail).toMatchObject({ replyTo: "CapeDrive help <help@capedrive.example>", supportPhone: "021 555 0123" });
  });
});

describe("invalid values stop with a ConfigError naming the variable", () => {
  const cases: [Record<string, string>, string][] = [
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "-1" }, "PORT"],
    [{ PORT: "80.5" }, "PORT"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ TOKEN_SECRET: "too-short" }, "TOKEN_SECRET"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ WORKERS: "0" }, "WORKERS"],
    [{ WORKERS: "65" }, "WORKERS"],
    [{ WORKERS: "two" }, "WORKERS"],
    [{ WORKERS: "1.5" }, "WORKERS"],
    [{ SUPPORT_PHONE: "call us" }, "SUPPORT_PHONE"],
    [{ SUPPORT_PHONE: "021.555.0123" }, "SUPPORT_PHONE"],
    [{ SUPPORT_PHONE: "021 555 012" }, "SUPPORT_PHONE"],
    [{ SUPPORT_PHONE: "+27 021 555 0123" }, "SUPPORT_PHONE"],
  ];
  for (const [env, name] of cases) {
    test(`${Object.entries(env)[0]!.join("=")}`, () => {
      const error = configError(env);
      expect(error.message).toContain(`${name}:`);
      // Only the bad variable is blamed.
      for (const [, other] of cases) if (other !== name) expect(error.message).not.toContain(`${other}:`);
    });
  }

  test("a bad SUPPORT_PHONE: the message says what a number looks like and echoes the value", () => {
    expect(configError({ SUPPORT_PHONE: "021 555 0123 ext 4" }).message).toBe(
      'Invalid configuration:\n  SUPPORT_PHONE: must be a phone number such as 021 555 0123 or +27 21 555 0123 (digits, spaces, +, brackets and hyphens) (got "021 555 0123 ext 4")',
    );
  });

  test("several bad values are all named at once", () => {
    const error = configError({ PORT: "abc", LOG_LEVEL: "loud" });
    expect(error.message).toContain("PORT:");
    expect(error.message).toContain("LOG_LEVEL:");
  });

  test("secrets are not echoed back in the message", () => {
    expect(configError({ TOKEN_SECRET: "hunter2-short-secret" }).message).not.toContain("hunter2");
    expect(configError({ DATABASE_URL: "mysql://root:hunter2@db/rentals" }).message).not.toContain("hunter2");
  });

  test("a mistyped URL is echoed with its password masked, whatever its scheme looks like", () => {
    for (const [value, shown] of [
      ["smtp//ops:hunter2@mail.example:587", "smtp//ops:***@mail.example:587"],
      ["smtp:ops:hunter2@mail.example", "smtp:***@mail.example"],
      ["ftp://ops:hunt@er2@mail.example", "ftp://ops:***@mail.example"],
    ] as const) {
      const message = configError({ SMTP_URL: value }).message;
      expect(message).toContain(`SMTP_URL: must start with smtp:// or smtps:// (got "${shown}")`);
      expect(message).not.toContain("hunt");
    }
  });
});

describe("token secret", () => {
  test("generated into DATA_DIR/token-secret with mode 0600 on first use, the same on the next load", () => {
    const dir = tempDir();
    const path = join(dir, "token-secret");
    expect(existsSync(path)).toBe(false);
    const first = loadConfig({ DATA_DIR: dir });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const stored = readFileSync(path, "utf8").trim();
    expect(stored.length).toBeGreaterThanOrEqual(32);
    expect(decode(first.tokenSecret)).toBe(stored);
    const second = loadConfig({ DATA_DIR: dir });
    expect(decode(second.tokenSecret)).toBe(stored);
    // Each data directory gets its own random secret.
    expect(decode(loadConfig({ DATA_DIR: tempDir() }).tokenSecret)).not.toBe(stored);
  });

  test("TOKEN_SECRET given wins over the stored one and writes nothing", () => {
    const dir = tempDir();
    loadConfig({ DATA_DIR: dir });
    const stored = readFileSync(join(dir, "token-secret"), "utf8");
    expect(decode(loadConfig({ DATA_DIR: dir, TOKEN_SECRET: secret }).tokenSecret)).toBe(secret);
    expect(readFileSync(join(dir, "token-secret"), "utf8")).toBe(stored);

    const fresh = tempDir();
    expect(decode(loadConfig({ DATA_DIR: fresh, TOKEN_SECRET: secret }).tokenSecret)).toBe(secret);
    expect(existsSync(join(fresh, "token-secret"))).toBe(false);
  });

  test("a stored secret that is empty or too short is refused, not used", () => {
    for (const content of ["", "\n", "short\n"]) {
      const dir = tempDir();
      writeFileSync(join(dir, "token-secret"), content, { mode: 0o600 });
      const error = (() => {
        try {
          loadConfig({ DATA_DIR: dir });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain("TOKEN_SECRET");
      expect((error as Error).message).toContain(join(dir, "token-secret"));
    }
  });
});

test("`bun server/main.ts` with PORT=abc exits 1 and names PORT on stderr", async () => {
  const dir = tempDir();
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "main.ts")], {
    cwd: join(import.meta.dir, ".."),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, PORT: "abc", DATA_DIR: dir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  expect(code).toBe(1);
  expect(stderr).toContain("PORT:");
  expect(stderr).toContain('"abc"');
  expect(stderr).not.toContain("    at "); // a message, not a stack trace
  expect(stdout).not.toContain("listening");
});
