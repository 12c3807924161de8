// Generates both Prisma clients (and the Pothos types) fully offline.
import { $ } from "bun";
import { prismaDir, providers, syncSqliteModels } from "./models";

await syncSqliteModels();
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true", CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
for (const provider of providers) {
  await $`bunx prisma generate --schema ${prismaDir}/${provider}`.env(env).quiet();
}
console.log("prisma: generated clients for", providers.join(" and "));
