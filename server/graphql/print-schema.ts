// `bun run schema:print` writes schema.graphql and the web app's typed view of it
// (web/src/graphql-env.d.ts, read by gql.tada); `--check` exits 1 when either is out of date.
import { join } from "node:path";
import { minifyIntrospection, outputIntrospectionFile } from "@gql.tada/internal";
import { buildSchema, introspectionFromSchema } from "graphql";
import { printedSchema } from "./schema";

const root = join(import.meta.dir, "..", "..");
const next = printedSchema();
const outputs = [
  { path: join(root, "schema.graphql"), text: next },
  {
    path: join(root, "web", "src", "graphql-env.d.ts"),
    text: outputIntrospectionFile(minifyIntrospection(introspectionFromSchema(buildSchema(next))), { fileType: ".d.ts" }),
  },
];
const check = process.argv.includes("--check");
let stale = false;
for (const { path, text } of outputs) {
  const current = await Bun.file(path)
    .text()
    .catch(() => "");
  if (current === text) continue;
  if (check) {
    console.error(`${path.slice(root.length + 1)} is out of date: run \`bun run schema:print\``);
    stale = true;
  } else {
    await Bun.write(path, text);
    console.log(`wrote ${path.slice(root.length + 1)}`);
  }
}
if (stale) process.exit(1);
if (check) console.log("schema.graphql and web/src/graphql-env.d.ts are up to date");
