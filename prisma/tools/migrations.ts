// The migrations folders (Prisma's own layout, so `prisma migrate deploy` reads the same history).
import { readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { prismaDir, type Provider } from "./models";

export function migrationsDir(provider: Provider): string {
  return join(prismaDir, provider, "migrations");
}

export type MigrationSource = { name: string; sql: string };

export async function readMigrations(provider: Provider): Promise<MigrationSource[]> {
  const dir = migrationsDir(provider);
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await Bun.file(join(dir, name, "migration.sql")).text() })));
}

/** The migration list the schema engine expects. */
export async function engineMigrationList(provider: Provider) {
  const dir = migrationsDir(provider);
  const lockPath = join(dir, "migration_lock.toml");
  const migrations = await readMigrations(provider);
  return {
    baseDir: dir,
    lockfile: { path: lockPath, content: existsSync(lockPath) ? await Bun.file(lockPath).text() : null },
    shadowDbInitScript: "",
    migrationDirectories: migrations.map((m) => ({
      path: join(dir, m.name),
      migrationFile: { path: "migration.sql", content: { tag: "ok", value: m.sql } },
    })),
  };
}
