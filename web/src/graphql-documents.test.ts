/**
 * Every GraphQL document in the web app is valid against schema.graphql: a field the schema
 * lacks, a wrong argument or a missing variable fails here (tsc then types the results from the
 * same schema through gql.tada). Documents are read from the source text, fragments resolved by
 * name across files.
 */
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { buildSchema, Kind, parse, validate, type DefinitionNode, type FragmentDefinitionNode } from "graphql";

const root = new URL("../../", import.meta.url).pathname;
const schema = buildSchema(await Bun.file(`${root}schema.graphql`).text());

type Found = { file: string; text: string };
const documents: Found[] = [];
for await (const file of new Glob("web/src/**/*.{ts,tsx}").scan(root)) {
  if (file.endsWith(".d.ts") || file.endsWith("graphql-documents.test.ts")) continue;
  const source = await Bun.file(`${root}${file}`).text();
  // graphql(`...`, [fragments]) and any older gql`...` template; fragments are found by name below.
  for (const match of source.matchAll(/(?:graphql\(\s*|gql)`([^`]*)`/g)) documents.push({ file, text: match[1]!.replace(/\$\{\w+\}/g, "") });
}

const fragments = new Map<string, FragmentDefinitionNode>();
const parsed = documents.map(({ file, text }) => {
  try {
    return { file, definitions: parse(text).definitions };
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}\n${text}`);
  }
});
for (const { definitions } of parsed) {
  for (const definition of definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
}

/** The fragments a definition spreads, and theirs, by name. */
function spreadFragments(definition: DefinitionNode, seen = new Set<string>()): Set<string> {
  for (const name of JSON.stringify(definition).matchAll(/"kind":"FragmentSpread","name":\{"kind":"Name","value":"(\w+)"/g)) {
    if (seen.has(name[1]!)) continue;
    seen.add(name[1]!);
    const fragment = fragments.get(name[1]!);
    if (fragment) spreadFragments(fragment, seen);
  }
  return seen;
}

describe("web GraphQL documents", () => {
  test("there are documents to check (the scan works)", () => {
    expect(documents.length).toBeGreaterThan(60);
  });

  test("each operation, with the fragments it spreads, is valid against schema.graphql", () => {
    const problems: string[] = [];
    for (const { file, definitions } of parsed) {
      for (const definition of definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        const used = [...spreadFragments(definition)].map((name) => fragments.get(name)).filter((f): f is FragmentDefinitionNode => f !== undefined);
        const errors = validate(schema, { kind: Kind.DOCUMENT, definitions: [definition, ...used] });
        for (const error of errors) problems.push(`${file} ${definition.name?.value ?? "(anonymous)"}: ${error.message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("a field the schema lacks is caught", () => {
    const errors = validate(schema, parse("query Broken { dealershipLeads { unread noSuchField } }"));
    expect(errors.map((e) => e.message)).toEqual(['Cannot query field "noSuchField" on type "DealershipLeadList".']);
  });
});
