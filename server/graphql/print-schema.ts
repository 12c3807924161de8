// `bun run schema:print` writes schema.graphql; `--check` exits 1 when it is out of date.
import { join } from "node:path";
import { printedSchema } from "./schema";

const path = join(import.meta.dir, "..", "..", "schema.graphql");
const current = await Bun.file(path)
  .text()
  .catch(() => "");
const next = printedSchema();
if (process.argv.includes("--check")) {
  if (current !== next) {
    console.error("schema.graphql is out of date: run `bun run schema:print`");
    process.exit(1);
  }
  console.log("schema.graphql is up to date");
} else if (current !== next) {
  await Bun.write(path, next);
  console.log("wrote schema.graphql");
}
