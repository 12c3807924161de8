// The depth, alias and token rules of limits.ts, on a small recursive schema of our own so the
// limits are exercised however deep the product's schema happens to be (no HTTP, no database).
import { describe, expect, test } from "bun:test";
import { createSchema, createYoga } from "graphql-yoga";
import { GRAPHQL_LIMITS, limitsPlugin } from "./limits";

const node = { id: "1", name: "n" };
const schema = createSchema({
  typeDefs: `
    type Node { id: ID!  name: String  child: Node  children: [Node!]! }
    type Query { node: Node  hello(list: [Int!]): String }
  `,
  resolvers: {
    Query: { node: () => node, hello: () => "hi" },
    Node: { child: () => node, children: () => [node] },
  },
});

const yoga = createYoga({ schema, plugins: [limitsPlugin()], logging: false, graphiql: false, landingPage: false });

async function run(query: string, operationName?: string) {
  const response = await yoga.fetch("http://localhost/graphql", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, operationName }),
  });
  return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
}
const messages = (body: { errors?: { message: string }[] }) => (body.errors ?? []).map((e) => e.message);

/** `node { child { child { ... { id } } } }`: depth is `levels` + 1 (the id leaf). */
const chain = (levels: number) => `{ ${"node { ".concat("child { ".repeat(levels - 1))} id ${"} ".repeat(levels)}}`;

describe("depth", () => {
  test(`${GRAPHQL_LIMITS.maxDepth} levels run, ${GRAPHQL_LIMITS.maxDepth + 1} are refused`, async () => {
    const ok = await run(chain(GRAPHQL_LIMITS.maxDepth - 1));
    expect(ok.errors).toBeUndefined();
    expect(JSON.stringify(ok.data)).toBe(`{"node":${'{"child":'.repeat(GRAPHQL_LIMITS.maxDepth - 2)}{"id":"1"}${"}".repeat(GRAPHQL_LIMITS.maxDepth - 2)}}`);
    const deep = await run(chain(GRAPHQL_LIMITS.maxDepth));
    expect(deep.data).toBeUndefined();
    expect(messages(deep)).toEqual([`Query is too deep: ${GRAPHQL_LIMITS.maxDepth + 1} levels, at most ${GRAPHQL_LIMITS.maxDepth} allowed.`]);
  });

  test("named fragments count toward depth", async () => {
    const body = await run(`{ node { child { ...F } } } fragment F on Node { child { child { child { child { child { child { id } } } } } } }`);
    expect(messages(body)).toEqual(["Query is too deep: 9 levels, at most 8 allowed."]);
  });

  test("inline fragments add no level of their own", async () => {
    const body = await run(`{ node { ... on Node { child { ... { child { child { child { child { child { id } } } } } } } } } }`);
    expect(body.errors).toBeUndefined();
  });

  test("every operation in the document is measured, not only the one that runs", async () => {
    const document = `query A { hello } query B { node { children { child { child { child { child { child { child { id } } } } } } } } }`;
    for (const operationName of ["A", "B"]) {
      expect(messages(await run(document, operationName))).toEqual(["Query is too deep: 9 levels, at most 8 allowed."]);
    }
  });
});

describe("aliases", () => {
  const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: hello`).join(" ")} }`;

  test(`${GRAPHQL_LIMITS.maxAliases} run, ${GRAPHQL_LIMITS.maxAliases + 1} are refused`, async () => {
    expect((await run(aliased(GRAPHQL_LIMITS.maxAliases))).errors).toBeUndefined();
    expect(messages(await run(aliased(GRAPHQL_LIMITS.maxAliases + 1)))).toEqual([
      `Too many aliases: ${GRAPHQL_LIMITS.maxAliases + 1}, at most ${GRAPHQL_LIMITS.maxAliases} allowed.`,
    ]);
  });

  test("aliases inside fragments and nested fields are counted too", async () => {
    const inner = Array.from({ length: 10 }, (_, i) => `b${i}: id`).join(" ");
    const outer = Array.from({ length: 6 }, (_, i) => `c${i}: hello`).join(" ");
    const body = await run(`{ ${outer} node { ...F } } fragment F on Node { ${inner} }`);
    expect(messages(body)).toEqual([`Too many aliases: 16, at most ${GRAPHQL_LIMITS.maxAliases} allowed.`]);
  });
});

describe("tokens and hints", () => {
  test(`a document over ${GRAPHQL_LIMITS.maxTokens} tokens is not parsed`, async () => {
    const body = await run(`{ node { ${"id ".repeat(GRAPHQL_LIMITS.maxTokens)} } }`);
    expect(body.data).toBeUndefined();
    expect(messages(body).join(" ")).toContain(`more than ${GRAPHQL_LIMITS.maxTokens} tokens`);
    // Just under the limit is fine: `{ hello(list: [...]) }` is 9 tokens plus one per number.
    const under = await run(`{ hello(list: [${Array.from({ length: GRAPHQL_LIMITS.maxTokens - 9 }, (_, i) => i).join(",")}]) }`);
    expect(under.errors).toBeUndefined();
    expect(under.data).toEqual({ hello: "hi" });
    const over = await run(`{ hello(list: [${Array.from({ length: GRAPHQL_LIMITS.maxTokens - 8 }, (_, i) => i).join(",")}]) }`);
    expect(messages(over).join(" ")).toContain(`more than ${GRAPHQL_LIMITS.maxTokens} tokens`);
  });

  test("validation messages carry no 'Did you mean' hints", async () => {
    const body = await run(`{ nod { id } node { nam } }`);
    expect(messages(body)).toEqual(['Cannot query field "nod" on type "Query".', 'Cannot query field "nam" on type "Node".']);
  });
});
