// rentals-cli as operators run it, against a temporary database (SQLite, or a fresh PostgreSQL
// database when TEST_DATABASE_URL is set), with the real server on the same database to check
// each command's effect over HTTP. Most runs call the program in-process (runCli with its own
// streams, stdin and environment: a fresh program each time); a few run the real binary in a
// subprocess, for what only a process shows: its exit code, real standard input, a terminal.
// Every run is recorded so the last test can prove that secrets appear exactly once on stdout
// and never anywhere else.
import { createClient } from "@libsql/client";
import pg from "pg";
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "../server/boot";
import { ADMIN_ROLES, API_KEY_PERMISSIONS } from "#domain";
import type { CliIo } from "./io";
import { runCli } from "./program";
import { createTestDatabase, startTestServer, testConfig, type TestDatabase, type TestServer } from "../server/testing/harness";

setDefaultTimeout(60_000); // password hashing and a server, on a machine that may be busy

const root = join(import.meta.dir, "..");
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const migrationCount = readdirSync(join(root, "prisma", onPostgres ? "postgresql" : "sqlite", "migrations"), { withFileTypes: true }).filter((e) =>
  e.isDirectory(),
).length;
const geojson = join(root, "prisma", "seed", "cape-town-service-area.geojson");

type Run = { args: string[]; code: number; stdout: string; stderr: string };
const runs: Run[] = [];
/** Secrets the CLI made or was given, with how often each must be on stdout (given ones: never). */
const secrets: { value: string; onStdout: 0 | 1 }[] = [];

let server: TestServer;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer();
  scratch = server.database.dataDir;
});
afterAll(async () => {
  await server?.close();
});

/** The CLI's environment: the server's database, a talkative LOG_LEVEL, nothing else from the test runner. */
function envFor(database: TestDatabase, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? scratch,
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    LOG_LEVEL: "debug",
    ...extra,
  };
}

type CliOptions = {
  stdin?: string;
  database?: TestDatabase;
  env?: Record<string, string>;
  /** Run the real binary (cli/main.ts) in a subprocess rather than the program in-process. */
  subprocess?: boolean;
  /** In-process only: more of the run's io (a terminal on stdin, the account's uid...). */
  io?: Partial<CliIo>;
};

async function cli(args: string[], options: CliOptions = {}): Promise<Run> {
  const env = envFor(options.database ?? server.database, options.env);
  const run = options.subprocess ? await inSubprocess(args, env, options.stdin) : await inProcess(args, env, options.stdin, options.io);
  runs.push(run);
  return run;
}

async function inProcess(args: string[], env: Record<string, string>, stdin = "", io: Partial<CliIo> = {}): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    ...io,
    stdout: async (text) => {
      stdout += text;
    },
    stderr: async (text) => {
      stderr += text;
    },
    readStdin: async () => stdin,
    env,
  });
  return { args, code, stdout, stderr };
}

async function inSubprocess(args: string[], env: Record<string, string>, stdin?: string): Promise<Run> {
  const proc = Bun.spawn([process.execPath, "cli/main.ts", ...args], {
    cwd: root,
    env,
    stdin: stdin === undefined ? "ignore" : new Blob([stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { args, code, stdout, stderr };
}

/** A run that must succeed. */
async function ok(args: string[], options: CliOptions = {}): Promise<Run> {
  const run = await cli(args, options);
  if (run.code !== 0) throw new Error(`rentals-cli ${args.join(" ")} exited ${run.code}: ${run.stderr}`);
  return run;
}

/** A refusal: exit 1 with exactly one line on stderr, naming the reason. */
async function refused(args: string[], reason: string | RegExp, options: CliOptions = {}) {
  const run = await cli(args, options);
  expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  if (typeof reason === "string") expect(lines[0]).toBe(`rentals-cli: ${reason}`);
  else expect(lines[0]).toMatch(reason);
  return run;
}

async function usage(args: string[], mentions: string, options: CliOptions = {}) {
  const run = await cli(args, options);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr).toContain(mentions);
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
const dealerSignIn = (dealershipCode: string, password: string) => post("/api/dealership/signin", { dealershipCode, password });
const adminSignIn = (email: string, password: string) => post("/api/admin/signin", { email, password });

let n = 0;
const unique = () => `${++n}${crypto.randomUUID().replaceAll("-", "").slice(0, 6)}`;

/** An admin made by the CLI and signed in over HTTP, for reading the admin API. */
let adminAuth: Record<string, string> | undefined;
async function asAdmin(): Promise<Record<string, string>> {
  if (adminAuth) return adminAuth;
  const email = `reader-${unique()}@capedrive.example`;
  const password = `reader password ${unique()}`;
  secrets.push({ value: password, onStdout: 0 });
  await ok(["admin", "create", "--email", email, "--first-name", "Rita", "--last-name", "Reader", "--password-stdin"], { stdin: password });
  const response = await adminSignIn(email, password);
  expect(response.status).toBe(200);
  adminAuth = { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
  return adminAuth;
}

describe("dealerships", () => {
  test("onboard prints a password once that signs in over HTTP; reset-password replaces it; deactivate gives 403; activate restores", async () => {
    const code = `ATL${unique()}`;
    const onboard = await ok(
      [
        "dealership",
        "onboard",
        "--code",
        code,
        "--company",
        "Atlantic Motors",
        "--contact-person",
        "Sam Jacobs",
        "--email",
        `${code.toLowerCase()}@dealer.example`,
        "--phone",
        "021 555 0100",
        "--city",
        "Cape Town",
      ],
      { env: { PUBLIC_URL: "https://rentals.example" } },
    );
    // The whole address to hand on with the password, not a bare path.
    expect(onboard.stdout).toContain("Sign-in: https://rentals.example/dealership/signin with the dealership code and this password");
    const first = /Initial password \(shown only now; give it to the dealership\): (\S+)/.exec(onboard.stdout)?.[1];
    expect(first).toBeDefined();
    secrets.push({ value: first!, onStdout: 1 });
    expect(onboard.stdout).toContain(`Dealership onboarded: ${code} (Atlantic Motors`);

    const signedIn = await dealerSignIn(code.toLowerCase(), first!);
    expect(signedIn.status).toBe(200);
    const { token, dealership } = (await signedIn.json()) as { token: string; dealership: { companyName: string; dealershipCode: string } };
    expect(dealership).toMatchObject({ companyName: "Atlantic Motors", dealershipCode: code });

    const reset = await ok(["dealership", "reset-password", code.toLowerCase(), "--json"]);
    const resetJson = JSON.parse(reset.stdout) as { password: string; dealership: { dealershipCode: string } };
    expect(resetJson.dealership.dealershipCode).toBe(code);
    expect(resetJson.password).not.toBe(first);
    secrets.push({ value: resetJson.password, onStdout: 1 });
    expect((await get("/api/dealership/me", { authorization: `Bearer ${token}` })).status).toBe(401); // its sessions ended
    expect((await dealerSignIn(code, first!)).status).toBe(401);
    expect((await dealerSignIn(code, resetJson.password)).status).toBe(200);

    const off = await ok(["dealership", "deactivate", code]);
    expect(off.stdout.trim()).toBe(`Dealership ${code} deactivated; its sessions ended`);
    const forbidden = await dealerSignIn(code, resetJson.password);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { message: string }).message).toBe("This dealership account is not active");
    expect((await ok(["dealership", "deactivate", code])).stdout.trim()).toBe(`Dealership ${code} was already deactivated`);

    const list = JSON.parse((await ok(["dealership", "list", "--json"])).stdout) as { dealershipCode: string; isActive: boolean; contactPhone: string }[];
    expect(list.find((d) => d.dealershipCode === code)).toMatchObject({ isActive: false, contactPhone: "021 555 0100" });
    expect((await ok(["dealership", "list"])).stdout).toMatch(new RegExp(`^${code}\\s+Atlantic Motors\\s+Sam Jacobs\\s+\\S+\\s+Cape Town\\s+no$`, "m"));

    await ok(["dealership", "activate", code]);
    expect((await dealerSignIn(code, resetJson.password)).status).toBe(200);
  });

  test("onboard --json, and --password-stdin (the password never appears in any output)", async () => {
    const code = `WL${unique()}`;
    const json = JSON.parse(
      (await ok(["dealership", "onboard", "--code", code, "--company", "Winelands", "--contact-person", "Lee", "--email", `${code}@dealer.example`, "--json"]))
        .stdout,
    );
    secrets.push({ value: json.password, onStdout: 1 });
    expect(json.password).toMatch(/^[A-Za-z2-9]{5}-[A-Za-z2-9]{5}-[A-Za-z2-9]{5}$/);
    expect(json.dealership).toMatchObject({
      dealershipCode: code,
      companyName: "Winelands",
      contactEmail: `${code.toLowerCase()}@dealer.example`,
      isActive: true,
    });
    expect(json.dealership).not.toHaveProperty("passwordHash");
    expect((await dealerSignIn(code, json.password)).status).toBe(200);

    const own = `Own${unique()}`;
    const chosen = `chosen dealer password ${unique()}`;
    secrets.push({ value: chosen, onStdout: 0 });
    const run = await ok(
      ["dealership", "onboard", "--code", own, "--company", "Own Motors", "--contact-person", "Kim", "--email", `${own}@dealer.example`, "--password-stdin"],
      { stdin: `${chosen}\n` },
    );
    expect(run.stdout).toContain("Password: the one from standard input (not shown)");
    expect((await dealerSignIn(own, chosen)).status).toBe(200);

    const again = `chosen reset password ${unique()}`;
    secrets.push({ value: again, onStdout: 0 });
    const reset = await ok(["dealership", "reset-password", own, "--password-stdin", "--json"], { stdin: again });
    expect(JSON.parse(reset.stdout)).not.toHaveProperty("password");
    expect((await dealerSignIn(own, chosen)).status).toBe(401);
    expect((await dealerSignIn(own, again)).status).toBe(200);
  });

  test("refusals: duplicate code (any case) or email, unknown code, short password, bad code: exit 1 with one line", async () => {
    const code = `DUP${unique()}`;
    await ok(["dealership", "onboard", "--code", code, "--company", "Dup", "--contact-person", "D", "--email", `${code}@dealer.example`, "--json"]).then((r) =>
      secrets.push({ value: JSON.parse(r.stdout).password, onStdout: 1 }),
    );
    await refused(
      ["dealership", "onboard", "--code", code.toLowerCase(), "--company", "Other", "--contact-person", "O", "--email", `other-${code}@dealer.example`],
      "A dealership with this code already exists",
    );
    await refused(
      ["dealership", "onboard", "--code", `X${code}`, "--company", "Other", "--contact-person", "O", "--email", `${code.toUpperCase()}@DEALER.EXAMPLE`],
      "A dealership with this contact email already exists",
    );
    await refused(
      ["dealership", "onboard", "--code", "has space", "--company", "Other", "--contact-person", "O", "--email", `o-${code}@dealer.example`],
      /Dealership code must be 2 to 32 letters/,
    );
    await refused(
      ["dealership", "onboard", "--code", `S${code}`, "--company", "S", "--contact-person", "S", "--email", `s-${code}@dealer.example`, "--password-stdin"],
      "Password must be at least 8 characters",
      { stdin: "short" },
    );
    // The real binary exits 1 too.
    for (const command of ["reset-password", "deactivate", "activate"])
      await refused(["dealership", command, "NO-SUCH-CODE"], "No dealership has this code", { subprocess: command === "reset-password" });
    const list = JSON.parse((await ok(["dealership", "list", "--json"])).stdout) as { dealershipCode: string }[];
    expect(list.filter((d) => d.dealershipCode.toLowerCase() === code.toLowerCase() || d.dealershipCode === "has space")).toHaveLength(1);
  });
});

describe("drivers", () => {
  const driverSignIn = (email: string, password: string) =>
    fetch(`${server.url}/api/driver/signin`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });

  test("create prints a password once that signs in to the driver app; disable ends it; reset-password replaces it", async () => {
    const email = `sipho-${unique().toLowerCase()}@capedrive.example`;
    const created = await ok(["driver", "create", "--name", "Sipho Mokoena", "--email", email, "--phone", "082 555 0142"], {
      env: { PUBLIC_URL: "https://rentals.example" },
    });
    expect(created.stdout).toContain("Sign-in: https://rentals.example/driver/signin with this email and password");
    const password = /Initial password \(shown only now; give it to the driver\): (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    secrets.push({ value: password!, onStdout: 1 });
    const signedIn = await driverSignIn(email, password!);
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    expect((await get("/api/driver/jobs", { authorization: `Bearer ${token}` })).status).toBe(200);

    expect((await ok(["driver", "list"])).stdout).toMatch(new RegExp(`^Sipho Mokoena\\s+${email.replace(".", "\\.")}\\s+082 555 0142\\s+yes`, "m"));
    expect((await ok(["driver", "disable", email])).stdout.trim()).toBe(`Driver ${email} disabled; their sessions ended`);
    expect((await get("/api/driver/jobs", { authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await driverSignIn(email, password!)).status).toBe(403);
    expect((await ok(["driver", "disable", email])).stdout.trim()).toBe(`Driver ${email} was already disabled`);
    await ok(["driver", "enable", email]);

    const reset = JSON.parse((await ok(["driver", "reset-password", email, "--json"])).stdout) as { password: string; driver: { email: string } };
    secrets.push({ value: reset.password, onStdout: 1 });
    expect(reset.driver.email).toBe(email);
    expect((await driverSignIn(email, password!)).status).toBe(401);
    expect((await driverSignIn(email, reset.password)).status).toBe(200);
    const listed = JSON.parse((await ok(["driver", "list", "--json"])).stdout) as { email: string; isActive: boolean }[];
    expect(listed.find((d) => d.email === email)).toMatchObject({ isActive: true });
  });

  test("refusals: a taken email, a bad phone, an unknown driver: exit 1 with the reason", async () => {
    const email = `lerato-${unique().toLowerCase()}@capedrive.example`;
    await ok(["driver", "create", "--name", "Lerato Khumalo", "--email", email, "--phone", "082 555 0143", "--password-stdin"], {
      stdin: "long enough password",
    });
    secrets.push({ value: "long enough password", onStdout: 0 });
    await refused(["driver", "create", "--name", "Other", "--email", email, "--phone", "082 555 0144"], "A driver with this email already exists");
    await refused(["driver", "create", "--name", "Other", "--email", `x${email}`, "--phone", "12"], /Please enter a valid phone number/);
    await refused(["driver", "disable", "nobody@capedrive.example"], "Driver not found");
  });

  test("reset-password --password-stdin, as for a dealership: the operator's password signs in, is never printed; a short one is refused and changes nothing", async () => {
    const email = `thabo-${unique().toLowerCase()}@capedrive.example`;
    await ok(["driver", "create", "--name", "Thabo Nkosi", "--email", email, "--phone", "082 555 0145", "--password-stdin"], {
      stdin: "first driver password",
    });
    secrets.push({ value: "first driver password", onStdout: 0 });
    await refused(["driver", "reset-password", email, "--password-stdin"], "Password must be at least 8 characters", { stdin: "short", subprocess: true });
    expect((await driverSignIn(email, "first driver password")).status).toBe(200);
    // The real binary, the password on its real standard input.
    const reset = await ok(["driver", "reset-password", email, "--password-stdin", "--json"], { stdin: "second driver password\n", subprocess: true });
    secrets.push({ value: "second driver password", onStdout: 0 });
    expect(JSON.parse(reset.stdout)).toEqual({ driver: expect.objectContaining({ email }) });
    expect((await driverSignIn(email, "first driver password")).status).toBe(401);
    expect((await driverSignIn(email, "second driver password")).status).toBe(200);
    const words = await ok(["driver", "reset-password", email, "--password-stdin"], { stdin: "third driver password" });
    secrets.push({ value: "third driver password", onStdout: 0 });
    expect(words.stdout).toBe(`Password reset for ${email}; their sessions ended\nPassword: the one from standard input (not shown)\n`);
    expect((await driverSignIn(email, "third driver password")).status).toBe(200);
  });
});

describe("admins", () => {
  test("create with --password-stdin signs in over HTTP; disable: sign-in 403 and its token stops; enable restores", async () => {
    const email = `ada-${unique()}@capedrive.example`;
    const password = `ada's password ${unique()}`;
    secrets.push({ value: password, onStdout: 0 });
    // The real binary, its password on real standard input (the line break is not part of it).
    const created = await ok(
      ["admin", "create", "--email", email.toUpperCase(), "--first-name", "Ada", "--last-name", "Lovelace", "--password-stdin", "--json"],
      { stdin: `${password}\n`, subprocess: true },
    );
    expect(JSON.parse(created.stdout)).toMatchObject({ admin: { email, firstName: "Ada", lastName: "Lovelace", role: "admin", isActive: true } });
    const signIn = await adminSignIn(email, password);
    expect(signIn.status).toBe(200);
    const token = ((await signIn.json()) as { token: string }).token;
    expect((await get("/api/admin/me", { authorization: `Bearer ${token}` })).status).toBe(200);

    expect((await ok(["admin", "disable", email])).stdout.trim()).toBe(`Admin ${email} disabled; their sessions ended`);
    expect((await get("/api/admin/dashboard", { authorization: `Bearer ${token}` })).status).toBe(401);
    const disabled = await adminSignIn(email, password);
    expect(disabled.status).toBe(403);
    expect(((await disabled.json()) as { message: string }).message).toBe("This account is disabled");
    const list = JSON.parse((await ok(["admin", "list", "--json"])).stdout) as { email: string; isActive: boolean }[];
    expect(list.find((a) => a.email === email)?.isActive).toBe(false);
    expect(JSON.stringify(list)).not.toContain("argon2");

    expect(JSON.parse((await ok(["admin", "enable", email, "--json"])).stdout)).toMatchObject({ changed: true, admin: { email, isActive: true } });
    expect((await adminSignIn(email, password)).status).toBe(200);
    expect((await ok(["admin", "list"])).stdout).toMatch(new RegExp(`^${email.replace(/[.]/g, "\\.")}\\s+Ada Lovelace\\s+admin\\s+yes\\s+\\d{4}-`, "m"));
  });

  test("create on a terminal: the password is asked twice and never echoed", async () => {
    const email = `tty-${unique()}@capedrive.example`;
    const password = `typed password ${unique()}`;
    secrets.push({ value: password, onStdout: 0 });
    // `script` (util-linux, in every Debian) gives the CLI a pseudo-terminal.
    const command = [process.execPath, "cli/main.ts", "admin", "create", "--email", email, "--first-name", "Tia", "--last-name", "Typist"]
      .map((a) => `'${a}'`)
      .join(" ");
    const proc = Bun.spawn(["script", "-qec", command, "/dev/null"], {
      cwd: root,
      env: envFor(server.database),
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    const reader = proc.stdout.getReader();
    let screen = "";
    const waitFor = async (text: string) => {
      while (!screen.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the CLI ended before "${text}": ${screen}`);
        screen += new TextDecoder().decode(value);
      }
    };
    await waitFor("Password: ");
    proc.stdin.write(`${password}\r`);
    await proc.stdin.flush();
    await waitFor("Repeat password: ");
    proc.stdin.write(`${password}\r`);
    await proc.stdin.flush();
    await waitFor("Admin created");
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      screen += new TextDecoder().decode(value);
    }
    proc.stdin.end();
    expect(await proc.exited).toBe(0);
    runs.push({ args: ["(terminal) admin create"], code: 0, stdout: screen, stderr: await new Response(proc.stderr).text() });
    expect(screen).not.toContain(password);
    expect((await adminSignIn(email, password)).status).toBe(200);
  });

  test("refusals and bad usage: duplicate email, unknown email, short password, no terminal, empty stdin", async () => {
    const email = `dup-${unique()}@capedrive.example`;
    secrets.push({ value: "duplicate pass 1", onStdout: 0 });
    await ok(["admin", "create", "--email", email, "--first-name", "D", "--last-name", "U", "--password-stdin"], { stdin: "duplicate pass 1" });
    await refused(
      ["admin", "create", "--email", email, "--first-name", "D", "--last-name", "U", "--password-stdin"],
      "An admin with this email already exists",
      { stdin: "duplicate pass 1" },
    );
    await refused(
      ["admin", "create", "--email", `short-${unique()}@capedrive.example`, "--first-name", "S", "--last-name", "P", "--password-stdin"],
      "Password must be at least 8 characters",
      { stdin: "1234567" },
    );
    await refused(["admin", "create", "--email", "not-an-email", "--first-name", "S", "--last-name", "P", "--password-stdin"], "Invalid email address", {
      stdin: "long enough pass",
    });
    await refused(
      ["admin", "create", "--email", `empty-${unique()}@capedrive.example`, "--first-name", "E", "--last-name", "S", "--password-stdin"],
      "No password on standard input",
      { stdin: "" },
    );
    for (const command of ["disable", "enable"]) await refused(["admin", command, "nobody@capedrive.example"], "No admin has this email");
    const noTty = await cli(["admin", "create", "--email", `notty-${unique()}@capedrive.example`, "--first-name", "N", "--last-name", "T"]);
    expect(noTty.code).toBe(2);
    expect(noTty.stderr.trim()).toBe("rentals-cli: No terminal to ask for the password on: pipe it in with --password-stdin");
    // No password flag exists at all.
    await usage(
      ["admin", "create", "--email", `flag-${unique()}@capedrive.example`, "--first-name", "F", "--last-name", "L", "--password", "in the clear"],
      "unknown option '--password'",
    );
  });
});

describe("passwords and roles", () => {
  test("onboard, create and both reset-passwords answer alike: the generated password once after its label, or a line saying stdin's is not shown; --json adds it as password", async () => {
    const code = `PW${unique()}`.toUpperCase();
    const email = `pw-${unique().toLowerCase()}@capedrive.example`;
    const publicUrl = "https://rentals.example";
    const generated = (stdout: string, label: string) => {
      const password = new RegExp(`^${label.replace(/[()]/g, "\\$&")}: (\\S+)$`, "m").exec(stdout)?.[1];
      expect({ label, found: password !== undefined }).toEqual({ label, found: true });
      secrets.push({ value: password!, onStdout: 1 });
      return password!;
    };
    const given = (password: string) => {
      secrets.push({ value: password, onStdout: 0 });
      return { stdin: password };
    };

    const onboard = await ok(["dealership", "onboard", "--code", code, "--company", "Pw Motors", "--contact-person", "Sam", "--email", `d-${email}`], {
      env: { PUBLIC_URL: publicUrl },
    });
    const dealership = JSON.parse((await ok(["dealership", "list", "--all", "--json"])).stdout).find(
      (d: { dealershipCode: string }) => d.dealershipCode === code,
    );
    const initial = generated(onboard.stdout, "Initial password (shown only now; give it to the dealership)");
    expect(onboard.stdout).toBe(
      [
        `Dealership onboarded: ${code} (Pw Motors, id ${dealership.id})`,
        `Contact: Sam <d-${email}>`,
        `Initial password (shown only now; give it to the dealership): ${initial}`,
        `Sign-in: ${publicUrl}/dealership/signin with the dealership code and this password`,
        "At its first sign-in the portal asks the dealership to choose its own password.",
        "",
      ].join("\n"),
    );
    const reset = await ok(["dealership", "reset-password", code]);
    expect(reset.stdout).toBe(
      `Password reset for ${code}; its sessions ended\nNew password (shown only now): ${generated(reset.stdout, "New password (shown only now)")}\n`,
    );
    expect((await ok(["dealership", "reset-password", code, "--password-stdin"], given("dealer stdin password"))).stdout).toBe(
      `Password reset for ${code}; its sessions ended\nPassword: the one from standard input (not shown)\n`,
    );
    const resetJson = JSON.parse((await ok(["dealership", "reset-password", code, "--json"])).stdout);
    expect(Object.keys(resetJson)).toEqual(["dealership", "password"]);
    secrets.push({ value: resetJson.password, onStdout: 1 });
    expect(JSON.parse((await ok(["dealership", "reset-password", code, "--json", "--password-stdin"], given("dealer stdin password 2"))).stdout)).toEqual({
      dealership: expect.objectContaining({ dealershipCode: code }),
    });

    const created = await ok(["driver", "create", "--name", "Pat Word", "--email", email, "--phone", "082 555 0199"], { env: { PUBLIC_URL: publicUrl } });
    const driver = JSON.parse((await ok(["driver", "list", "--all", "--json"])).stdout).find((d: { email: string }) => d.email === email);
    const first = generated(created.stdout, "Initial password (shown only now; give it to the driver)");
    expect(created.stdout).toBe(
      [
        `Driver created: Pat Word <${email}> (id ${driver.id})`,
        `Initial password (shown only now; give it to the driver): ${first}`,
        `Sign-in: ${publicUrl}/driver/signin with this email and password`,
        "At their first sign-in the app asks the driver to choose their own password.",
        "",
      ].join("\n"),
    );
    const driverReset = await ok(["driver", "reset-password", email]);
    expect(driverReset.stdout).toBe(
      `Password reset for ${email}; their sessions ended\nNew password (shown only now): ${generated(driverReset.stdout, "New password (shown only now)")}\n`,
    );
    const driverJson = JSON.parse((await ok(["driver", "reset-password", email, "--json"])).stdout);
    expect(Object.keys(driverJson)).toEqual(["driver", "password"]);
    secrets.push({ value: driverJson.password, onStdout: 1 });
    const fromStdin = await ok(["driver", "create", "--name", "Stdin Word", "--email", `s-${email}`, "--phone", "082 555 0198", "--password-stdin"], {
      ...given("driver stdin password"),
      env: { PUBLIC_URL: publicUrl },
    });
    expect(fromStdin.stdout).toMatch(
      new RegExp(
        `^Driver created: Stdin Word <s-${email.replace(/\./g, "\\.")}> \\(id \\S+\\)\nPassword: the one from standard input \\(not shown\\)\nSign-in: ${publicUrl.replace(/\./g, "\\.")}/driver/signin with this email and password\nAt their first sign-in the app asks the driver to choose their own password\\.\n$`,
      ),
    );
  });

  test("--password-stdin with a terminal on stdin: exit 2 and how to do it instead, before reading anything", async () => {
    const terminal = { stdinIsTerminal: true, readStdin: () => Promise.reject(new Error("standard input was read")) };
    const email = `typist-${unique()}@capedrive.example`;
    const admin = await cli(["admin", "create", "--email", email, "--first-name", "T", "--last-name", "Y", "--password-stdin"], { io: terminal });
    expect({ code: admin.code, stdout: admin.stdout }).toEqual({ code: 2, stdout: "" });
    expect(admin.stderr).toBe(
      "rentals-cli: --password-stdin reads a piped password, but standard input is a terminal: pipe the password in, or leave out --password-stdin to be asked for it without echo\n",
    );
    const code = `TTY${unique()}`;
    for (const args of [
      ["dealership", "onboard", "--code", code, "--company", "Tty", "--contact-person", "T", "--email", `${code}@dealer.example`, "--password-stdin"],
      ["dealership", "reset-password", code, "--password-stdin"],
      ["driver", "create", "--name", "Tia Typist", "--email", email, "--phone", "082 555 0199", "--password-stdin"],
    ]) {
      const run = await cli(args, { io: terminal });
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 2, stdout: "" });
      expect(run.stderr).toBe(
        "rentals-cli: --password-stdin reads a piped password, but standard input is a terminal: pipe the password in, or leave out --password-stdin to have one generated\n",
      );
    }
    expect(JSON.parse((await ok(["admin", "list", "--json"])).stdout).map((a: { email: string }) => a.email)).not.toContain(email);
    expect(JSON.parse((await ok(["driver", "list", "--json"])).stdout).map((d: { email: string }) => d.email)).not.toContain(email);
  });

  test("a password of only spaces is refused like a short one, on every command that takes one", async () => {
    const spaces = " ".repeat(12);
    const id = unique();
    const code = `SP${id}`;
    await ok(["dealership", "onboard", "--code", code, "--company", "Spaces", "--contact-person", "S", "--email", `${code}@dealer.example`, "--json"]).then(
      (r) => secrets.push({ value: JSON.parse(r.stdout).password, onStdout: 1 }),
    );
    for (const args of [
      ["admin", "create", "--email", `spaces-${id}@capedrive.example`, "--first-name", "S", "--last-name", "P", "--password-stdin"],
      ["dealership", "onboard", "--code", `X${code}`, "--company", "S", "--contact-person", "S", "--email", `x${code}@dealer.example`, "--password-stdin"],
      ["dealership", "reset-password", code, "--password-stdin"],
      ["driver", "create", "--name", "Sam Spaces", "--email", `spaces-${id}@capedrive.example`, "--phone", "082 555 0198", "--password-stdin"],
    ])
      await refused(args, "Password must be at least 8 characters", { stdin: spaces });
  });

  test("--role: only the roles the product knows; another is bad usage naming them, and the help lists them", async () => {
    const email = `role-${unique()}@capedrive.example`;
    await usage(
      ["admin", "create", "--email", email, "--first-name", "R", "--last-name", "O", "--role", "god mode", "--password-stdin"],
      `Allowed choices are ${ADMIN_ROLES.join(", ")}`,
      { stdin: "a long enough password" },
    );
    expect(JSON.parse((await ok(["admin", "list", "--json"])).stdout).map((a: { email: string }) => a.email)).not.toContain(email);
    const help = (await ok(["admin", "create", "--help"])).stdout;
    expect(help).toContain(`(choices: ${ADMIN_ROLES.map((r) => `"${r}"`).join(", ")}, default: "admin")`);
  });
});

describe("API keys", () => {
  test("an issued key works over HTTP within its permission; list never shows it; a revoked key stops", async () => {
    const issued = await ok(["api-key", "issue", "--name", "Fleet tracker", "--permission", "bookings:read"]);
    const key = /Key \(shown only now; it cannot be recovered\): (rk_\S+)/.exec(issued.stdout)?.[1];
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    secrets.push({ value: key!, onStdout: 1 });
    const id = /API key issued: Fleet tracker \(id (\S+)\)/.exec(issued.stdout)?.[1];

    const bookings = await get("/api/admin/bookings", { authorization: `Bearer ${key}` });
    expect(bookings.status).toBe(200);
    expect(Array.isArray(await bookings.json())).toBe(true);
    expect((await get("/api/admin/bookings", { "x-api-key": key! })).status).toBe(200);
    expect((await get("/api/admin/customers", { authorization: `Bearer ${key}` })).status).toBe(403);

    const listed = await ok(["api-key", "list"]);
    expect(listed.stdout).toContain(`${key!.slice(0, 11)}…`);
    const listJson = JSON.parse((await ok(["api-key", "list", "--json"])).stdout) as { id: string; prefix: string; permissions: string[]; isActive: boolean }[];
    expect(listJson.find((k) => k.id === id)).toMatchObject({ prefix: key!.slice(0, 11), permissions: ["bookings:read"], isActive: true });

    expect((await ok(["api-key", "revoke", id!])).stdout.trim()).toBe(`API key Fleet tracker (${id}) revoked`);
    const revoked = await get("/api/admin/bookings", { authorization: `Bearer ${key}` });
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { message: string }).message).toBe("This API key is not valid or has been revoked");
    expect(JSON.parse((await ok(["api-key", "list", "--json"])).stdout).find((k: { id: string }) => k.id === id).isActive).toBe(false);
  });

  test("the operator without $USER (docker exec, systemd) is the uid's account in /etc/passwd, not unknown", async () => {
    const uid = 4242;
    const passwd = join(scratch, "passwd");
    writeFileSync(passwd, `root:x:0:0:root:/root:/bin/sh\nfleetops:x:${uid}:${uid}:Fleet ops:/home/fleetops:/bin/sh\nother:x:4243:4243::/:/bin/sh\n`);
    // envFor passes no USER or SUDO_USER.
    const inProcess = await ok(["api-key", "issue", "--name", "No USER", "--permission", "vehicles:read", "--json"], { io: { uid, passwdFile: passwd } });
    const real = await ok(["api-key", "issue", "--name", "No USER either", "--permission", "vehicles:read", "--json"], { subprocess: true });
    for (const run of [inProcess, real]) secrets.push({ value: JSON.parse(run.stdout).key, onStdout: 1 });
    const entries = (await (await get("/api/admin/audit-log?limit=100", await asAdmin())).json()) as { actorName: string; after: { name?: string } | null }[];
    const by = (name: string) => entries.find((e) => e.after?.name === name)?.actorName;
    expect(by("No USER")).toBe(`Operator fleetops@${hostname()} (rentals-cli)`);
    expect(by("No USER either")).toMatch(new RegExp(`^Operator [^@\\s]+@${hostname().replace(/\./g, "\\.")} \\(rentals-cli\\)$`));
    expect(by("No USER either")).not.toMatch(/^Operator unknown@/);
  });

  test("--json issue with several permissions; refusals and bad usage", async () => {
    const json = JSON.parse(
      (await ok(["api-key", "issue", "--name", "Reporting", "--permission", "vehicles:read", "service-areas:read", "--json"])).stdout,
    ) as { key: string; apiKey: { permissions: string[]; name: string } };
    secrets.push({ value: json.key, onStdout: 1 });
    expect(json.apiKey).toMatchObject({ name: "Reporting", permissions: ["vehicles:read", "service-areas:read"] });
    expect((await get("/api/admin/vehicles", { "x-api-key": json.key })).status).toBe(200);
    expect((await get("/api/admin/bookings", { "x-api-key": json.key })).status).toBe(403);

    await refused(["api-key", "revoke", "00000000-0000-0000-0000-000000000000"], "API key not found");
    await usage(["api-key", "issue", "--name", "Bad", "--permission", "everything"], `Allowed choices are ${API_KEY_PERMISSIONS.join(", ")}`);
    await usage(["api-key", "issue", "--name", "No permission"], "required option '--permission <permission...>' not specified");
    await usage(["api-key", "revoke"], "missing required argument 'id'");
  });
});

describe("service areas", () => {
  test("import the Cape Town GeoJSON, then list shows it (CLI and HTTP)", async () => {
    const imported = await ok(["service-area", "import", geojson]);
    expect(imported.stdout).toMatch(/^Service area imported: Cape Town metro and Stellenbosch \(id \S+, active, 7 points\)$/m);
    const named = JSON.parse((await ok(["service-area", "import", geojson, "--name", "Renamed area", "--inactive", "--json"])).stdout);
    expect(named).toMatchObject({ serviceArea: { name: "Renamed area", isActive: false, polygon: { type: "Polygon" } } });

    const list = JSON.parse((await ok(["service-area", "list", "--json"])).stdout) as { name: string; isActive: boolean }[];
    expect(list.map((a) => [a.name, a.isActive])).toEqual(
      expect.arrayContaining([
        ["Cape Town metro and Stellenbosch", true],
        ["Renamed area", false],
      ]),
    );
    expect((await ok(["service-area", "list"])).stdout).toMatch(/Cape Town metro and Stellenbosch\s+yes\s+7/);
    const overHttp = (await (await get("/api/admin/service-areas", await asAdmin())).json()) as { name: string }[];
    expect(overHttp.map((a) => a.name)).toEqual(expect.arrayContaining(["Cape Town metro and Stellenbosch", "Renamed area"]));
    // The same file again would make a second area of the same name: refused, nothing added.
    await refused(["service-area", "import", geojson], "A service area with this name already exists");
    expect(JSON.parse((await ok(["service-area", "list", "--json"])).stdout)).toHaveLength(list.length);
  });

  test("bad GeoJSON, no name, not JSON, no file: exit 1 with the reason, nothing stored", async () => {
    const before = JSON.parse((await ok(["service-area", "list", "--json"])).stdout).length;
    const file = (name: string, content: unknown) => {
      const path = join(scratch, name);
      writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
      return path;
    };
    const open = file("open.geojson", {
      type: "Feature",
      properties: { name: "Open ring" },
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [18, -33],
            [19, -33],
            [19, -34],
            [18, -34],
          ],
        ],
      },
    });
    await refused(["service-area", "import", open], "The outer ring must be closed: its last point must equal its first");
    const point = file("point.geojson", { type: "Feature", properties: { name: "A point" }, geometry: { type: "Point", coordinates: [18, -33] } });
    await refused(["service-area", "import", point], "The Feature's geometry must be a Polygon");
    const latitude = file("lat.geojson", {
      type: "Polygon",
      coordinates: [
        [
          [18, -95],
          [19, -33],
          [19, -34],
          [18, -95],
        ],
      ],
    });
    await refused(["service-area", "import", latitude, "--name", "Off the globe"], "Latitude must be between -90 and 90 (the outer ring, point 1)");
    const nameless = file("nameless.geojson", {
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
    await refused(["service-area", "import", nameless], "Name is required: pass --name, or give the Feature a properties.name");
    await refused(["service-area", "import", file("broken.geojson", "{ not json")], /^rentals-cli: .*broken\.geojson is not valid JSON/);
    await refused(["service-area", "import", join(scratch, "missing.geojson")], /^rentals-cli: No such file: .*missing\.geojson$/);
    const two = file("two.geojson", { type: "FeatureCollection", features: [{}, {}] });
    await refused(["service-area", "import", two], /must hold exactly one Feature \(it is a FeatureCollection of 2\)/);
    expect(JSON.parse((await ok(["service-area", "list", "--json"])).stdout)).toHaveLength(before);
  });
});

describe("the database", () => {
  test("status, migrate and seed demo on a new database; seed demo refuses a database with data", async () => {
    const database = await createTestDatabase();
    let demoServer: RunningServer | undefined;
    try {
      let pendingAtStart: string[];
      // PostgreSQL: an empty database shows every migration pending, and commands refuse until
      // `db migrate`, so a mistyped DATABASE_URL never gets our tables. SQLite: there is no file
      // yet; status and listings say so and create nothing, `db migrate` creates it.
      if (onPostgres) {
        const before = JSON.parse((await ok(["db", "status", "--json"], { database })).stdout);
        expect(before).toMatchObject({ applied: [], modified: [] });
        expect(before.pending).toHaveLength(migrationCount);
        expect(before.database).toMatch(/^PostgreSQL 127\.0\.0\.1:5432\/capedrive_test_/);
        expect(before.database).not.toContain("postgres:postgres");
        pendingAtStart = before.pending;
        await refused(
          ["admin", "list"],
          /^rentals-cli: PostgreSQL 127\.0\.0\.1:5432\/capedrive_test_\w+ has \d+ pending migrations?: apply with `rentals-cli db migrate` \(or start the server\) first$/,
          { database },
        );
        const migrated = await ok(["db", "migrate"], { database });
        expect(migrated.stdout).toContain(`${migrationCount} applied now, ${migrationCount} in total, 0 pending`);
      } else {
        const missing = `No database at ${join(database.dataDir, "capedrive.db")}: check DATA_DIR (the server creates it on its first start, as does \`rentals-cli db migrate\`)`;
        await refused(["db", "status", "--json"], missing, { database });
        await refused(["admin", "list"], missing, { database });
        expect(readdirSync(database.dataDir)).toEqual([]);
        const migrated = JSON.parse((await ok(["db", "migrate", "--json"], { database })).stdout);
        expect(migrated.database).toMatch(/^SQLite .*capedrive\.db$/);
        expect(migrated.appliedNow).toHaveLength(migrationCount);
        pendingAtStart = migrated.appliedNow;
        expect((await ok(["db", "migrate"], { database })).stdout).toContain(`0 applied now, ${migrationCount} in total, 0 pending`);
      }
      const after = JSON.parse((await ok(["db", "status", "--json"], { database })).stdout);
      expect(after).toMatchObject({ pending: [], modified: [] });
      expect(after.applied).toHaveLength(migrationCount);
      expect((await ok(["db", "status"], { database })).stdout).toContain("Pending (0): none");
      expect((await ok(["db", "migrate", "--json"], { database })).stdout).toContain('"appliedNow": []');

      const seeded = await ok(["seed", "demo"], { database });
      // The details are saved in the file (not "shown once"), and every sign-in the file has is printed.
      const file = join(database.dataDir, "demo-credentials.txt");
      expect(seeded.stdout.split("\n")[0]).toBe(`Demo data created. Sign-in details (saved in ${file}):`);
      const adminLine = /Admin\s+(\S+) \/ (\S+)/.exec(seeded.stdout);
      const driverLine = /Driver\s+(\S+) \/ (\S+)\s+\(\/driver\/signin\)/.exec(seeded.stdout);
      const dealerLine = /Dealership\s+(\S+) \/ (\S+)/.exec(seeded.stdout);
      expect(adminLine && driverLine && dealerLine).toBeTruthy();
      secrets.push({ value: adminLine![2]!, onStdout: 1 }, { value: driverLine![2]!, onStdout: 1 }, { value: dealerLine![2]!, onStdout: 1 });
      const saved = readFileSync(file, "utf8");
      for (const line of [adminLine!, driverLine!, dealerLine!]) expect(saved).toContain(`${line[1]} / ${line[2]}`);
      await refused(["seed", "demo"], "The database is not empty: demo data goes only into an empty database", { database });

      // The printed details sign in to a server on that database.
      demoServer = await startServer(testConfig(database), { print: () => {} });
      const admin = await fetch(`${demoServer.url}/api/admin/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: adminLine![1], password: adminLine![2] }),
      });
      expect(admin.status).toBe(200);
      const { token } = (await admin.json()) as { token: string };
      const audit = (await (await fetch(`${demoServer.url}/api/admin/audit-log`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        actorType: string;
        action: string;
        after: unknown;
      }[];
      expect(audit.map((e) => [e.actorType, e.action]).reverse()).toEqual([
        ["operator", "database.migrate"],
        ["operator", "demo.seed"],
      ]);
      expect(audit[1]!.after).toEqual({ applied: pendingAtStart });
      expect(JSON.stringify(audit)).not.toContain(adminLine![2]!);
      const dealer = await fetch(`${demoServer.url}/api/dealership/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ dealershipCode: dealerLine![1], password: dealerLine![2] }),
      });
      expect(dealer.status).toBe(200);
      const driver = await fetch(`${demoServer.url}/api/driver/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: driverLine![1], password: driverLine![2] }),
      });
      expect(driver.status).toBe(200);
    } finally {
      await demoServer?.stop();
      await database.drop();
    }
  });

  test("seed demo refuses a database holding only a driver (the demo's own) or only a service area: one line, nothing added", async () => {
    const database = await createTestDatabase();
    try {
      await ok(["db", "migrate"], { database });
      await ok(["driver", "create", "--name", "Sipho Mokoena", "--email", "sipho@capedrive.example", "--phone", "082 555 0142", "--json"], {
        database,
      }).then((r) => secrets.push({ value: JSON.parse(r.stdout).password, onStdout: 1 }));
      await refused(["seed", "demo"], "The database is not empty: demo data goes only into an empty database", { database });
      expect(JSON.parse((await ok(["admin", "list", "--json"], { database })).stdout)).toEqual([]);
    } finally {
      await database.drop();
    }
    const other = await createTestDatabase();
    try {
      await ok(["db", "migrate"], { database: other });
      await ok(["service-area", "import", geojson], { database: other });
      await refused(["seed", "demo"], "The database is not empty: demo data goes only into an empty database", { database: other });
      expect(JSON.parse((await ok(["service-area", "list", "--json"], { database: other })).stdout)).toHaveLength(1);
    } finally {
      await other.drop();
    }
  });

  test("an unexpected database error is one short line: no Prisma invocation text, no source path", async () => {
    const database = await createTestDatabase();
    try {
      await ok(["db", "migrate"], { database });
      // A table gone from under the CLI (a bad manual change): Prisma's message names the call and
      // quotes our source file before saying what went wrong.
      if (database.databaseUrl) {
        const client = new pg.Client({ connectionString: database.databaseUrl });
        await client.connect();
        await client.query(`DROP TABLE "drivers" CASCADE`);
        await client.end();
      } else {
        // bun:sqlite, the CLI's own SQLite: a second SQLite library in one process would not share its
        // locks. It waits for the last run's checkpointer, which may still be finishing.
        const sqlite = new Database(join(database.dataDir, "capedrive.db"));
        sqlite.run("PRAGMA busy_timeout = 10000");
        sqlite.run(`DROP TABLE "drivers"`);
        sqlite.close();
      }
      const run = await cli(["driver", "list"], { database });
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
      const lines = run.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^rentals-cli: failed: .*drivers.* does not exist/);
      expect(lines[0]).not.toMatch(/invocation|\.ts:\d|\//);
    } finally {
      await database.drop();
    }
  });

  test("listings, status and changes to what exists refuse a SQLite database that does not exist, creating nothing; setup commands create it", async () => {
    const dataDir = join(scratch, `no-such-dir-${unique()}`, "data");
    // DATABASE_URL left empty: the SQLite file under DATA_DIR, in the PostgreSQL run too.
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    const missing = `No database at ${join(dataDir, "capedrive.db")}: check DATA_DIR (the server creates it on its first start, as does \`rentals-cli db migrate\`)`;
    for (const command of [
      ["admin", "list"],
      ["dealership", "list"],
      ["driver", "list"],
      ["api-key", "list"],
      ["service-area", "list"],
      ["db", "status"],
      ["db", "backup", join(scratch, "never.db")],
      ["maintenance", "run"],
      ["admin", "disable", "ada@capedrive.example"],
      ["dealership", "reset-password", "ATLANTIC01"],
      ["driver", "reset-password", "sipho@capedrive.example"],
      ["api-key", "revoke", "00000000-0000-0000-0000-000000000000"],
    ])
      await refused(command, missing, { env });
    expect(existsSync(join(dataDir, ".."))).toBe(false);
    const elsewhere = join(scratch, `elsewhere-${unique()}.db`);
    await refused(
      ["admin", "list"],
      `No database at ${elsewhere}: check DATABASE_URL (the server creates it on its first start, as does \`rentals-cli db migrate\`)`,
      {
        env: { DATABASE_URL: `file:${elsewhere}` },
      },
    );
    expect(existsSync(elsewhere)).toBe(false);

    // A new installation: admin create makes the database (as README promises), then listings work.
    const email = `first-${unique()}@capedrive.example`;
    const created = await ok(["admin", "create", "--email", email, "--first-name", "First", "--last-name", "Admin", "--password-stdin"], {
      env,
      stdin: "first admin password",
    });
    secrets.push({ value: "first admin password", onStdout: 0 });
    expect(created.stderr).toMatch(/^Applied \d+ pending migrations? to SQLite .*capedrive\.db\n$/); // SQLite's migrations, in the PostgreSQL run too
    expect(JSON.parse((await ok(["admin", "list", "--json"], { env })).stdout).map((a: { email: string }) => a.email)).toEqual([email]);
  });

  test("status on the server's database: nothing pending", async () => {
    const status = JSON.parse((await ok(["db", "status", "--json"])).stdout);
    expect(status).toMatchObject({ pending: [], modified: [] });
    expect(status.applied).toHaveLength(migrationCount);
  });

  if (onPostgres) {
    test("backup on PostgreSQL: how to use pg_dump (no password), exit 1", async () => {
      const run = await cli(["db", "backup", join(scratch, "capedrive.dump")]);
      expect(run.code).toBe(1);
      const url = new URL(server.database.databaseUrl!);
      expect(run.stdout).toContain(
        `pg_dump --host=${url.hostname} --port=${url.port} --username=${url.username} --dbname=${url.pathname.slice(1)} --format=custom --file=${join(scratch, "capedrive.dump")}`,
      );
      expect(run.stdout + run.stderr).not.toContain(`:${url.password}@`);
      expect(run.stdout + run.stderr).not.toContain(`PGPASSWORD=${url.password}`);
      expect(run.stderr.trimEnd().split("\n")).toEqual(["rentals-cli: db backup copies SQLite databases only; for PostgreSQL use the pg_dump command above"]);
      expect(existsSync(join(scratch, "capedrive.dump"))).toBe(false);
    });
  } else {
    test("backup on SQLite: a consistent copy that opens and holds the data; an existing file is kept unless --force", async () => {
      const code = `BK${unique()}`;
      await ok([
        "dealership",
        "onboard",
        "--code",
        code,
        "--company",
        "Backup Motors",
        "--contact-person",
        "B",
        "--email",
        `${code}@dealer.example`,
        "--json",
      ]).then((r) => secrets.push({ value: JSON.parse(r.stdout).password, onStdout: 1 }));
      const file = join(scratch, "backup.db");
      const run = await ok(["db", "backup", file]);
      expect(run.stdout).toMatch(/^Backed up SQLite .*capedrive\.db to .*backup\.db \(\d+ bytes\)$/m);

      const copy = createClient({ url: `file:${file}` });
      try {
        const dealers = await copy.execute({ sql: `SELECT count(*) AS n FROM "dealerships" WHERE "dealershipCode" = ?`, args: [code] });
        expect(Number(dealers.rows[0]!.n)).toBe(1);
        const migrations = await copy.execute(`SELECT count(*) AS n FROM "_prisma_migrations"`);
        expect(Number(migrations.rows[0]!.n)).toBe(migrationCount);
        expect((await copy.execute("PRAGMA integrity_check")).rows[0]![0]).toBe("ok");
      } finally {
        copy.close();
      }

      await refused(["db", "backup", file], `${file} already exists (use --force to overwrite it)`);
      const later = `BL${unique()}`;
      await ok([
        "dealership",
        "onboard",
        "--code",
        later,
        "--company",
        "Later Motors",
        "--contact-person",
        "L",
        "--email",
        `${later}@dealer.example`,
        "--json",
      ]).then((r) => secrets.push({ value: JSON.parse(r.stdout).password, onStdout: 1 }));
      expect(JSON.parse((await ok(["db", "backup", file, "--force", "--json"])).stdout)).toMatchObject({ file, bytes: expect.any(Number) });
      const fresh = createClient({ url: `file:${file}` });
      try {
        expect(Number((await fresh.execute({ sql: `SELECT count(*) AS n FROM "dealerships" WHERE "dealershipCode" = ?`, args: [later] })).rows[0]!.n)).toBe(1);
      } finally {
        fresh.close();
      }
      await refused(["db", "backup", join(scratch, "no-such-folder", "x.db")], /^rentals-cli: The folder .*no-such-folder does not exist$/);
      expect(readdirSync(scratch).filter((name) => name.endsWith(".partial"))).toEqual([]);
    });
  }
});

describe("usage", () => {
  test("unknown command, unknown option, missing argument or option: exit 2", async () => {
    await usage(["frobnicate"], "unknown command 'frobnicate'");
    await usage(["admin", "promote"], "unknown command 'promote'");
    await usage(["admin", "list", "--verbose"], "unknown option '--verbose'");
    await usage(["admin", "disable"], "missing required argument 'email'");
    await usage(["dealership", "onboard", "--code", "X1", "--company", "X"], "required option '--contact-person <name>' not specified");
    await usage(["service-area", "import"], "missing required argument 'file'");
    await usage(["db", "backup"], "missing required argument 'file'");
    await usage(["admin", "list", "extra"], "too many arguments");
    const bare = await cli([]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain("Usage: rentals-cli");
    // The real binary exits 2 too, its configuration read from its own environment.
    const badConfig = await cli(["admin", "list"], { env: { DATABASE_URL: "mysql://nope" }, subprocess: true });
    expect(badConfig.code).toBe(2);
    expect(badConfig.stderr.trim()).toBe("rentals-cli: Invalid configuration: DATABASE_URL: must start with postgres://, postgresql:// or file:");
    // A mistyped SMTP_URL is named without its password.
    const badSmtp = await cli(["admin", "list"], { env: { SMTP_URL: "smtp//ops:hunter2@mail.example:587" } });
    expect(badSmtp.code).toBe(2);
    expect(badSmtp.stderr).toContain("SMTP_URL: must start with smtp:// or smtps://");
    expect(badSmtp.stderr).not.toContain("hunter2");
  });

  test("sslmode in DATABASE_URL means what it means to psql: no security warning from pg on stderr, one line when the server has no SSL", async () => {
    // A PostgreSQL stand-in that answers the client's SSL request as a server without SSL does.
    const noSsl = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data: (socket) => void socket.write("N") } });
    try {
      const run = await cli(["db", "status"], { env: { DATABASE_URL: `postgres://u:p@127.0.0.1:${noSsl.port}/rentals?sslmode=require` }, subprocess: true });
      expect(run.stderr.trim()).toBe(`rentals-cli: PostgreSQL 127.0.0.1:${noSsl.port}/rentals: The server does not support SSL connections`);
      expect(run.code).toBe(1);
    } finally {
      noSsl.stop(true);
    }
  });

  test("help [command] shows what --help shows; --version and -V print the package's version", async () => {
    for (const command of [[], ["admin"], ["admin", "create"], ["maintenance", "run"]]) {
      const help = await cli(["help", ...command]);
      expect({ command, code: help.code, stderr: help.stderr }).toEqual({ command, code: 0, stderr: "" });
      expect(help.stdout).toBe((await ok([...command, "--help"])).stdout);
    }
    await usage(["help", "frobnicate"], "unknown command 'frobnicate'");
    await usage(["help", "admin", "promote"], "unknown command 'promote'");
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    for (const flag of ["--version", "-V"]) expect(await ok([flag])).toMatchObject({ stdout: `${version}\n`, stderr: "" });
  });

  test("README's CLI section and the program's description cover every command", async () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Operator CLI"), readme.indexOf("\n## ", readme.indexOf("## Operator CLI") + 1));
    const commandsOf = (help: string) => [...help.slice(help.indexOf("Commands:")).matchAll(/^ {2}([a-z-]+)/gm)].map((m) => m[1]!).filter((c) => c !== "help");
    const top = (await ok(["--help"])).stdout;
    const groups = commandsOf(top);
    expect(groups.length).toBeGreaterThan(5);
    for (const group of groups)
      for (const command of commandsOf((await ok([group, "--help"])).stdout))
        expect({ group, command, inReadme: section.includes(`${group} ${command}`) }).toEqual({ group, command, inReadme: true });
    // The description names what the groups are about, each group's own subject included.
    for (const subject of ["admins", "dealerships", "drivers", "API keys", "service areas", "database", "housekeeping", "demo data"])
      expect(top.replace(/\s+/g, " ")).toContain(subject);
  });

  test("--help on every command, with examples", async () => {
    const commands = [
      [],
      ["admin", "create"],
      ["admin", "list"],
      ["admin", "disable"],
      ["admin", "enable"],
      ["dealership", "onboard"],
      ["dealership", "list"],
      ["dealership", "reset-password"],
      ["dealership", "deactivate"],
      ["dealership", "activate"],
      ["driver", "create"],
      ["driver", "list"],
      ["driver", "disable"],
      ["driver", "enable"],
      ["driver", "reset-password"],
      ["api-key", "issue"],
      ["api-key", "list"],
      ["api-key", "revoke"],
      ["service-area", "import"],
      ["service-area", "list"],
      ["db", "migrate"],
      ["db", "status"],
      ["db", "backup"],
      ["maintenance", "run"],
      ["seed", "demo"],
      ["help"],
    ];
    for (const command of commands) {
      const run = await cli([...command, "--help"]);
      expect({ command, code: run.code, stderr: run.stderr }).toEqual({ command, code: 0, stderr: "" });
      expect(run.stdout).toContain(`Usage: rentals-cli ${command.join(" ")}`.trimEnd());
      expect(run.stdout).toContain("Examples:");
      expect(run.stdout).toContain(`$ rentals-cli ${command.join(" ")}`.trimEnd());
    }
    for (const group of ["admin", "dealership", "driver", "api-key", "service-area", "db", "maintenance", "seed"]) {
      const run = await cli([group, "--help"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: rentals-cli ${group}`);
    }
  });
});

describe("audit and secrets", () => {
  test("every change made by the CLI is in the audit log, by the operator", async () => {
    const response = await get("/api/admin/audit-log?limit=100", await asAdmin());
    expect(response.status).toBe(200);
    const entries = (await response.json()) as { actorType: string; actorName: string | null; action: string }[];
    const byOperator = entries.filter((e) => e.actorType === "operator");
    expect(new Set(byOperator.map((e) => e.action))).toEqual(
      new Set([
        "admin.create",
        "admin.disable",
        "admin.enable",
        "dealership.onboard",
        "dealership.reset_password",
        "dealership.deactivate",
        "dealership.activate",
        "driver.create",
        "driver.disable",
        "driver.enable",
        "driver.reset_password",
        "api_key.issue",
        "api_key.revoke",
        "service_area.create",
      ]),
    );
    expect(entries.length).toBe(byOperator.length); // nothing else changed anything
    expect(byOperator.every((e) => /^Operator \S+@\S+ \(rentals-cli\)$/.test(e.actorName ?? ""))).toBe(true);
    const body = JSON.stringify(entries);
    for (const secret of secrets) expect(body).not.toContain(secret.value);
  });

  test("secrets: printed once on stdout when made, never on stderr, never in listings, never echoed when given", async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(12);
    expect(secrets.filter((s) => typeof s.value !== "string" || s.value.length < 8).map((s) => `${s.value}`)).toEqual([]);
    const stdout = runs.map((r) => r.stdout).join("\n");
    const stderr = runs.map((r) => r.stderr).join("\n");
    for (const secret of secrets) {
      expect({ secret: secret.value, onStdout: stdout.split(secret.value).length - 1 }).toEqual({ secret: secret.value, onStdout: secret.onStdout });
      expect(stderr).not.toContain(secret.value);
    }
    // LOG_LEVEL=debug made no log lines (time, level, message) on either stream.
    expect((stdout + stderr).match(/^\d{4}-\d\d-\d\dT\S+ (debug|info |warn |error)/m)).toBeNull();
  });
});
