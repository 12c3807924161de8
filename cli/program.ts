// rentals-cli: operator tooling on the server host. Every command calls the services (never SQL)
// over the database the server uses. Exit codes: 0 done, 1 refused (a one-line reason on stderr),
// 2 bad usage. Secrets (generated passwords, API keys) are printed once, on stdout, when made.
import { runHousekeeping } from "../server/services/housekeeping";
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { Command, CommanderError, Option } from "commander";
import { API_KEY_PERMISSIONS, adminSignUpSchema } from "../server/domain";
import { backupSqlite, BackupRefused, pgDumpAdvice } from "../server/db/backup";
import { migrationStatus } from "../server/db/migrate";
import { AppError } from "../server/errors";
import { createServiceAreaAs, listAllServiceAreas } from "../server/services/admin-service-areas";
import { issueApiKeyAs, listAllApiKeys, revokeApiKeyAs } from "../server/services/api-keys";
import { listDealershipsForOperator, onboardDealership, resetDealershipPassword, setDealershipActive } from "../server/services/dealership-auth";
import { isDatabaseEmpty, seedDemo } from "../server/services/demo";
import { createAdmin, listAdmins, recordOperatorEvent, setAdminActive } from "../server/services/operators";
import { parseInput } from "../server/services/validation";
import { cliConfig, describeDatabase, withServices } from "./context";
import { Interrupted, print, printError, printJson, readNewPassword, readOptionalPassword, Refused, table, UsageError } from "./io";

type Json = { json?: boolean };

const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`;
const jsonOption = () => new Option("--json", "print the result as JSON (for scripts)");
const date = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 16) : null);

function buildProgram(): Command {
  const program = new Command("rentals-cli")
    .description(
      "CapeDrive operator tooling: admins, dealerships, API keys, service areas and the database.\nUses the server's configuration (DATA_DIR, DATABASE_URL...) and writes every change to the audit log.",
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => process.stdout.write(text),
      writeErr: (text) => process.stderr.write(text),
    })
    .showHelpAfterError("(add --help for usage)")
    .helpCommand(false)
    .addHelpText(
      "after",
      examples(
        "rentals-cli admin create --email ops@capedrive.co.za --first-name Ada --last-name Lovelace",
        "rentals-cli dealership onboard --help",
        "rentals-cli db status --json",
      ) + "\nExit codes: 0 done, 1 refused (the reason on stderr), 2 bad usage.\n",
    );

  // admin ----------------------------------------------------------------------------------------
  const admin = program.command("admin").description("admin accounts of the back office");
  admin
    .command("create")
    .description("create an admin account (the password is asked for without echo, or read from stdin)")
    .requiredOption("--email <email>", "sign-in email")
    .requiredOption("--first-name <name>", "first name")
    .requiredOption("--last-name <name>", "last name")
    .option("--role <role>", "role", "admin")
    .option("--password-stdin", "read the password from standard input instead of asking")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        "rentals-cli admin create --email ada@capedrive.co.za --first-name Ada --last-name Lovelace",
        "printf '%s' \"$ADMIN_PASSWORD\" | rentals-cli admin create --email ops@capedrive.co.za --first-name Ops --last-name Team --password-stdin --json",
      ) + "\nThe password needs at least 8 characters. It is never taken from a flag and never printed.\n",
    )
    .action(async (o: { email: string; firstName: string; lastName: string; role: string; passwordStdin?: boolean } & Json) => {
      const fields = { email: o.email, firstName: o.firstName, lastName: o.lastName, role: o.role };
      // Check the other fields before asking for a password.
      parseInput(adminSignUpSchema.omit({ password: true }), fields);
      const password = await readNewPassword(o);
      const created = await withServices((services, actor) => createAdmin(services, actor, { ...fields, password }));
      if (o.json) return printJson(created);
      await print(`Admin created: ${created.email} (${created.firstName} ${created.lastName}, role ${created.role}, id ${created.id})`);
    });
  admin
    .command("list")
    .description("list admin accounts")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli admin list", "rentals-cli admin list --json"))
    .action(async (o: Json) => {
      const admins = await withServices((services) => listAdmins(services));
      if (o.json) return printJson(admins);
      if (admins.length === 0) return print("No admins yet: create one with `rentals-cli admin create`.");
      await print(
        table(
          ["EMAIL", "NAME", "ROLE", "ACTIVE", "CREATED"],
          admins.map((a) => [a.email, `${a.firstName} ${a.lastName}`, a.role, a.isActive, date(a.createdAt)]),
        ),
      );
    });
  for (const [name, active] of [
    ["disable", false],
    ["enable", true],
  ] as const) {
    admin
      .command(name)
      .description(active ? "let a disabled admin sign in again" : "stop an admin from signing in (their sessions end at once)")
      .argument("<email>", "the admin's email")
      .addOption(jsonOption())
      .addHelpText("after", examples(`rentals-cli admin ${name} ada@capedrive.co.za`))
      .action(async (email: string, o: Json) => {
        const result = await withServices((services, actor) => setAdminActive(services, actor, email, active));
        if (o.json) return printJson(result);
        const state = active ? "enabled" : "disabled";
        await print(
          result.changed ? `Admin ${result.admin.email} ${state}${active ? "" : "; their sessions ended"}` : `Admin ${result.admin.email} was already ${state}`,
        );
      });
  }

  // dealership -----------------------------------------------------------------------------------
  const dealership = program.command("dealership").description("dealership accounts of the dealership portal");
  dealership
    .command("onboard")
    .description("create a dealership account; prints its generated initial password once")
    .requiredOption("--code <code>", "dealership code it signs in with (2-32 letters, digits, - or _; unique in any case)")
    .requiredOption("--company <name>", "company name")
    .requiredOption("--contact-person <name>", "contact person")
    .requiredOption("--email <email>", "contact email (unique)")
    .option("--phone <phone>", "contact phone")
    .option("--address <address>", "street address")
    .option("--city <city>", "city")
    .option("--password-stdin", "read the initial password from standard input instead of generating one")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        'rentals-cli dealership onboard --code ATLANTIC01 --company "Atlantic Motors" --contact-person "Sam Jacobs" --email sales@atlanticmotors.co.za --city "Cape Town"',
        "printf '%s' \"$PASSWORD\" | rentals-cli dealership onboard --code WL02 --company Winelands --contact-person Lee --email lee@winelands.co.za --password-stdin",
      ) + '\nThe generated password is shown once (also in --json as "password"); a password from stdin needs at least 8 characters and is never printed.\n',
    )
    .action(
      async (
        o: {
          code: string;
          company: string;
          contactPerson: string;
          email: string;
          phone?: string;
          address?: string;
          city?: string;
          passwordStdin?: boolean;
        } & Json,
      ) => {
        const password = await readOptionalPassword(o);
        const input = {
          dealershipCode: o.code,
          companyName: o.company,
          contactPerson: o.contactPerson,
          contactEmail: o.email,
          contactPhone: o.phone,
          address: o.address,
          city: o.city,
        };
        const result = await withServices((services, actor) => onboardDealership(services, actor, input, password));
        if (o.json) return printJson({ dealership: result.dealership, ...(result.generated ? { password: result.password } : {}) });
        const d = result.dealership;
        await print(
          [
            `Dealership onboarded: ${d.dealershipCode} (${d.companyName}, id ${d.id})`,
            `Contact: ${d.contactPerson} <${d.contactEmail}>`,
            result.generated
              ? `Initial password (shown only now; give it to the dealership): ${result.password}`
              : "Password: the one from standard input (not shown)",
            "Sign-in: /dealership/signin with the dealership code and this password",
          ].join("\n"),
        );
      },
    );
  dealership
    .command("list")
    .description("list dealerships")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli dealership list", "rentals-cli dealership list --json"))
    .action(async (o: Json) => {
      const rows = await withServices((services) => listDealershipsForOperator(services));
      if (o.json) return printJson(rows);
      if (rows.length === 0) return print("No dealerships yet: onboard one with `rentals-cli dealership onboard`.");
      await print(
        table(
          ["CODE", "COMPANY", "CONTACT", "EMAIL", "CITY", "ACTIVE"],
          rows.map((d) => [d.dealershipCode, d.companyName, d.contactPerson, d.contactEmail, d.city, d.isActive]),
        ),
      );
    });
  dealership
    .command("reset-password")
    .description("give a dealership a new password (generated and printed once, or from stdin); its sessions end")
    .argument("<code>", "dealership code (any case)")
    .option("--password-stdin", "read the new password from standard input instead of generating one")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli dealership reset-password ATLANTIC01", "rentals-cli dealership reset-password atlantic01 --json"))
    .action(async (code: string, o: { passwordStdin?: boolean } & Json) => {
      const password = await readOptionalPassword(o);
      const result = await withServices((services, actor) => resetDealershipPassword(services, actor, code, password));
      if (o.json) return printJson({ dealership: result.dealership, ...(result.generated ? { password: result.password } : {}) });
      await print(
        [
          `Password reset for ${result.dealership.dealershipCode}; its sessions ended`,
          result.generated ? `New password (shown only now): ${result.password}` : "Password: the one from standard input (not shown)",
        ].join("\n"),
      );
    });
  for (const [name, active] of [
    ["deactivate", false],
    ["activate", true],
  ] as const) {
    dealership
      .command(name)
      .description(active ? "let a deactivated dealership sign in again" : "stop a dealership from signing in (403), end its sessions, hide its cars for sale")
      .argument("<code>", "dealership code (any case)")
      .addOption(jsonOption())
      .addHelpText("after", examples(`rentals-cli dealership ${name} ATLANTIC01`))
      .action(async (code: string, o: Json) => {
        const result = await withServices((services, actor) => setDealershipActive(services, actor, code, active));
        if (o.json) return printJson(result);
        const state = active ? "activated" : "deactivated";
        const code_ = result.dealership.dealershipCode;
        await print(result.changed ? `Dealership ${code_} ${state}${active ? "" : "; its sessions ended"}` : `Dealership ${code_} was already ${state}`);
      });
  }

  // api-key --------------------------------------------------------------------------------------
  const apiKey = program.command("api-key").description("API keys for other systems");
  apiKey
    .command("issue")
    .description("issue an API key; prints the key once (only its hash is stored)")
    .requiredOption("--name <name>", "what the key is for")
    .addOption(new Option("--permission <permission...>", "what the key may do (one or more)").choices(API_KEY_PERMISSIONS).makeOptionMandatory())
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        'rentals-cli api-key issue --name "Fleet tracker" --permission vehicles:read bookings:read',
        "rentals-cli api-key issue --name Billing --permission bookings:read --json",
      ) + `\nPermissions: ${API_KEY_PERMISSIONS.join(", ")}.\nSend the key as "Authorization: Bearer rk_..." or "X-API-Key: rk_...".\n`,
    )
    .action(async (o: { name: string; permission: string[] } & Json) => {
      const { key, apiKey: row } = await withServices((services, actor) => issueApiKeyAs(services, actor, { name: o.name, permissions: o.permission }));
      if (o.json) return printJson({ key, apiKey: row });
      await print(
        [
          `API key issued: ${row.name} (id ${row.id})`,
          `Permissions: ${row.permissions.join(", ")}`,
          `Key (shown only now; it cannot be recovered): ${key}`,
        ].join("\n"),
      );
    });
  apiKey
    .command("list")
    .description("list API keys (never the keys themselves: their first characters only)")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli api-key list", "rentals-cli api-key list --json"))
    .action(async (o: Json) => {
      const keys = await withServices((services) => listAllApiKeys(services));
      if (o.json) return printJson(keys);
      if (keys.length === 0) return print("No API keys yet: issue one with `rentals-cli api-key issue`.");
      await print(
        table(
          ["ID", "NAME", "PREFIX", "PERMISSIONS", "ACTIVE", "LAST USED", "CREATED"],
          keys.map((k) => [k.id, k.name, `${k.prefix}…`, k.permissions.join(","), k.isActive, date(k.lastUsed), date(k.createdAt)]),
        ),
      );
    });
  apiKey
    .command("revoke")
    .description("revoke an API key: it stops working at once")
    .argument("<id>", "the key's id (from `api-key list`)")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli api-key revoke 3f2c9a1e-8d4b-4c1a-9f7e-2b6d5e4a1c30"))
    .action(async (id: string, o: Json) => {
      const row = await withServices((services, actor) => revokeApiKeyAs(services, actor, id));
      if (o.json) return printJson(row);
      await print(`API key ${row.name} (${row.id}) revoked`);
    });

  // service-area ---------------------------------------------------------------------------------
  const area = program.command("service-area").description("where cars are delivered and collected");
  area
    .command("import")
    .description("add a service area from a GeoJSON file (a Polygon, a Feature with one, or a FeatureCollection of one)")
    .argument("<file>", "a .geojson file")
    .option("--name <name>", "its name (default: the Feature's properties.name)")
    .option("--inactive", "import it switched off")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        "rentals-cli service-area import prisma/seed/cape-town-service-area.geojson",
        'rentals-cli service-area import stellenbosch.geojson --name "Stellenbosch" --json',
      ),
    )
    .action(async (file: string, o: { name?: string; inactive?: boolean } & Json) => {
      const { polygon, name } = readGeoJson(file);
      const areaName = o.name ?? name;
      if (!areaName?.trim()) throw new Refused(`Name is required: pass --name, or give the Feature a properties.name`);
      const created = await withServices((services, actor) => createServiceAreaAs(services, actor, { name: areaName, isActive: !o.inactive, polygon }));
      if (o.json) return printJson(created);
      await print(
        `Service area imported: ${created.name} (id ${created.id}, ${created.isActive ? "active" : "inactive"}, ${pointCount(created.polygon)} points)`,
      );
    });
  area
    .command("list")
    .description("list service areas")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli service-area list", "rentals-cli service-area list --json"))
    .action(async (o: Json) => {
      const areas = await withServices((services) => listAllServiceAreas(services));
      if (o.json) return printJson(areas);
      if (areas.length === 0) return print("No service areas: bookings are accepted anywhere. Import one with `rentals-cli service-area import`.");
      await print(
        table(
          ["ID", "NAME", "ACTIVE", "POINTS", "UPDATED"],
          areas.map((a) => [a.id, a.name, a.isActive, pointCount(a.polygon), date(a.updatedAt)]),
        ),
      );
    });

  // db -------------------------------------------------------------------------------------------
  const db = program.command("db").description("the database: migrations and backups");
  db.command("migrate")
    .description("apply pending migrations (the server also does at start)")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli db migrate", "DATABASE_URL=postgres://capedrive@db.internal:5432/capedrive rentals-cli db migrate"))
    .action(async (o: Json) => {
      const config = cliConfig();
      const { applied, status } = await withServices(async (_services, _actor, applied) => ({ applied, status: await migrationStatus(config.database) }), {
        quiet: true,
        migrate: true,
      });
      if (o.json) return printJson({ database: describeDatabase(config.database), appliedNow: applied, ...status });
      await print(
        [
          ...applied.map((name) => `applied ${name}`),
          `${describeDatabase(config.database)}: ${applied.length} applied now, ${status.applied.length} in total, ${status.pending.length} pending`,
          ...status.modified.map((name) => `warning: ${name} was changed after it was applied (not re-applied)`),
        ].join("\n"),
      );
    });
  db.command("status")
    .description("list applied, pending and modified migrations")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli db status", "rentals-cli db status --json"))
    .action(async (o: Json) => {
      const config = cliConfig();
      const status = await migrationStatus(config.database);
      if (o.json) return printJson({ database: describeDatabase(config.database), ...status });
      const list = (names: string[]) => (names.length ? names.map((n) => `\n  ${n}`).join("") : " none");
      await print(
        [
          `Database: ${describeDatabase(config.database)}`,
          `Applied (${status.applied.length}):${list(status.applied)}`,
          `Pending (${status.pending.length}):${list(status.pending)}`,
          `Modified after being applied (${status.modified.length}):${list(status.modified)}`,
        ].join("\n"),
      );
    });
  db.command("backup")
    .description("copy the SQLite database to <file> while the server runs (for PostgreSQL: how to use pg_dump)")
    .argument("<file>", "where to write the copy")
    .option("--force", "overwrite <file> if it exists")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples("rentals-cli db backup backups/capedrive-$(date +%F).db", "rentals-cli db backup /var/backups/capedrive.db --force") +
        "\nSQLite: a consistent online copy (VACUUM INTO), safe while the server is running; an existing file is kept unless --force.\nPostgreSQL: prints the pg_dump command for the configured database (without its password) and exits with 1.\n",
    )
    .action(async (file: string, o: { force?: boolean } & Json) => {
      const config = cliConfig();
      if (config.database.provider === "postgresql") {
        await print(pgDumpAdvice(config.database, file));
        throw new Refused("db backup copies SQLite databases only; for PostgreSQL use the pg_dump command above");
      }
      const result = await backupSqlite(config.database, file, { force: o.force });
      if (o.json) return printJson({ database: describeDatabase(config.database), ...result });
      await print(`Backed up ${describeDatabase(config.database)} to ${result.file} (${result.bytes} bytes)`);
    });

  // maintenance ----------------------------------------------------------------------------------
  const maintenance = program.command("maintenance").description("housekeeping: expired upload links, stuck uploads, unused photos");
  maintenance
    .command("run")
    .description("run the housekeeping job now (the server also runs it every hour); on PostgreSQL one instance at a time")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli maintenance run", "rentals-cli maintenance run --json"))
    .action(async (o: Json) => {
      const result = await withServices((services) => runHousekeeping(services));
      if (o.json) return printJson(result);
      if (!result.ran) return print("Housekeeping is running on another instance right now; nothing done.");
      await print(
        `Housekeeping done: ${result.expiredLinks} expired upload links, ${result.stuckUploads} stuck uploads and ${result.unusedPhotos} unused photos removed (${(result.bytesFreed / 1_048_576).toFixed(1)} MB freed).`,
      );
    });

  // seed -----------------------------------------------------------------------------------------
  const seed = program.command("seed").description("demo data");
  seed
    .command("demo")
    .description("seed the demo fleet, dealerships, admin and service area into an EMPTY database; prints the sign-in details")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples("rentals-cli seed demo", "DATA_DIR=/tmp/capedrive-demo rentals-cli seed demo --json") +
        "\nRefused (exit 1) when the database already holds vehicles, admins or dealerships.\n",
    )
    .action(async (o: Json) => {
      const { credentials, file } = await withServices(async (services, actor) => {
        if (!(await isDatabaseEmpty(services))) throw new Refused("The database is not empty: demo data goes only into an empty database");
        const seeded = await seedDemo(services);
        if (!seeded) throw new Refused("The database is not empty: demo data goes only into an empty database");
        const { admin, dealership, otherDealerships } = seeded.credentials;
        await recordOperatorEvent(services, actor, {
          action: "demo.seed",
          entity: "database",
          after: { admin: admin.email, dealerships: [dealership, ...otherDealerships].map((d) => d.dealershipCode) },
        });
        return seeded;
      });
      if (o.json) return printJson({ ...credentials, file });
      await print(
        [
          `Demo data created. Sign-in details (shown once; also saved in ${file}):`,
          `  Admin       ${credentials.admin.email} / ${credentials.admin.password}   (/admin/signin)`,
          `  Customer    ${credentials.customer.email} / ${credentials.customer.password}   (/signin)`,
          ...[credentials.dealership, ...credentials.otherDealerships].map((d) => `  Dealership  ${d.dealershipCode} / ${d.password}   (/dealership/signin)`),
        ].join("\n"),
      );
    });

  return program;
}

function pointCount(polygon: unknown): number {
  const rings = (polygon as { coordinates?: unknown[][] } | null)?.coordinates;
  return Array.isArray(rings) ? rings.reduce((sum, ring) => sum + (Array.isArray(ring) ? ring.length : 0), 0) : 0;
}

/** The polygon and name of a GeoJSON file; a FeatureCollection may hold exactly one Feature. */
function readGeoJson(file: string): { polygon: unknown; name?: string } {
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new Refused(`No such file: ${path}`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Refused(`${file} is not valid JSON (${(error as Error).message})`);
  }
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "FeatureCollection") {
    const features = (value as { features?: unknown }).features;
    if (!Array.isArray(features) || features.length !== 1)
      throw new Refused(`${file} must hold exactly one Feature (it is a FeatureCollection of ${Array.isArray(features) ? features.length : 0})`);
    value = features[0];
  }
  const properties = (value as { properties?: { name?: unknown } } | null)?.properties;
  return { polygon: value, name: typeof properties?.name === "string" ? properties.name : undefined };
}

/** One line, without secrets: connection URLs lose their password. */
function oneLine(text: string): string {
  const line = text
    .replace(/(\w+:\/\/[^:/@\s]*:)[^@\s]*@/g, "$1***@")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join(" ");
  return line.length > 400 ? `${line.slice(0, 397)}...` : line;
}

/** Runs the CLI with these arguments; resolves to the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2; // commander printed it
    if (error instanceof UsageError) {
      await printError(`rentals-cli: ${oneLine(error.message)}`);
      return 2;
    }
    if (error instanceof Interrupted) return 130;
    if (error instanceof AppError || error instanceof Refused || error instanceof BackupRefused) {
      await printError(`rentals-cli: ${oneLine(error.message)}`);
      return 1;
    }
    await printError(`rentals-cli: failed: ${oneLine(error instanceof Error ? error.message : String(error))}`);
    return 1;
  }
}
