// The shared model file carries PostgreSQL's native types (money as @db.Decimal(10, 2)); SQLite
// rejects native type attributes, so its copy is the same text with them removed.
import { join } from "node:path";

export const prismaDir = join(import.meta.dir, "..");
export const providers = ["sqlite", "postgresql"] as const;
export type Provider = (typeof providers)[number];

const header = "// GENERATED from prisma/models.prisma by prisma/tools/models.ts: edit that file instead.\n";

export async function modelsFor(provider: Provider): Promise<string> {
  const shared = await Bun.file(join(prismaDir, "models.prisma")).text();
  if (provider === "postgresql") return shared;
  return header + shared.replace(/[ \t]*@db\.\w+(\([^)]*\))?/g, "");
}

/** Schema files of one provider, as the schema engine wants them: [path, text][]. */
export async function schemaFiles(provider: Provider): Promise<[string, string][]> {
  const schemaPath = join(prismaDir, provider, "schema.prisma");
  return [
    [schemaPath, await Bun.file(schemaPath).text()],
    [join(prismaDir, provider, "models.prisma"), await modelsFor(provider)],
  ];
}

/** Writes prisma/sqlite/models.prisma; returns true when it changed. */
export async function syncSqliteModels(): Promise<boolean> {
  const target = join(prismaDir, "sqlite", "models.prisma");
  const text = await modelsFor("sqlite");
  const file = Bun.file(target);
  if ((await file.exists()) && (await file.text()) === text) return false;
  await Bun.write(target, text);
  return true;
}
