// rentals-cli db: see `rentals-cli db --help`.
import type { Command } from "commander";
import { backupSqlite, pgDumpAdvice } from "../../server/db/backup";
import { migrationStatus } from "../../server/db/migrate";
import { cliConfig, describeDatabase, reaching, withServices } from "../context";
import { interruptible, io, print, printJson, Refused } from "../io";
import { examples, jsonOption, type Json } from "./shared";

export function registerDbCommands(program: Command): void {
  const db = program
    .command("db")
    .description("the database: migrations and backups")
    .addHelpText("after", examples("rentals-cli db status", "rentals-cli db migrate", "rentals-cli db backup backups/capedrive-$(date +%F).db"));
  db.command("migrate")
    .description("apply pending migrations (the server also does at start)")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli db migrate", "DATABASE_URL=postgres://capedrive@db.internal:5432/capedrive rentals-cli db migrate"))
    .action(async (o: Json) => {
      const config = cliConfig();
      // Each migration is named as it is applied (one on a large table may take a while), not all at the end.
      const { applied, status } = await withServices(async (_services, _actor, applied) => ({ applied, status: await migrationStatus(config.database) }), {
        quiet: true,
        migrate: true,
        onApplied: o.json ? undefined : (name) => void print(`applied ${name}`),
      });
      if (o.json) return printJson({ database: describeDatabase(config.database), appliedNow: applied, ...status });
      await print(
        [
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
      const config = cliConfig({ existing: true });
      const status = await reaching(config.database, () => migrationStatus(config.database));
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
      const config = cliConfig({ existing: true });
      if (config.database.provider === "postgresql") {
        await print(pgDumpAdvice(config.database, file));
        throw new Refused("db backup copies SQLite databases only; for PostgreSQL use the pg_dump command above");
      }
      const target = config.database;
      const { stderr, stderrIsTerminal } = io();
      const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(0);
      // On a terminal, how far the copy is (a large database takes a while); never into a pipe or a log.
      const onProgress = stderrIsTerminal
        ? (copied: number, total: number) =>
            void stderr(`\rBacking up: ${Math.min(99, Math.floor((copied / total) * 100))}% (${megabytes(copied)} of ${megabytes(total)} MB)`)
        : undefined;
      const result = await interruptible("rentals-cli: interrupted: no backup written (the partial copy was removed)", (signal) =>
        reaching(target, () => backupSqlite(target, file, { force: o.force, signal, onProgress })).finally(() => {
          if (onProgress) void stderr("\r\u001b[K");
        }),
      );
      if (o.json) return printJson({ database: describeDatabase(config.database), ...result });
      await print(`Backed up ${describeDatabase(config.database)} to ${result.file} (${result.bytes} bytes)`);
    });
}
