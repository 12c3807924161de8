// Hardening for a public GraphQL endpoint: a token limit at parse time, depth and alias limits at
// validation, and no "Did you mean ...?" hints that would map the schema for a stranger. (The Guild's
// graphql-armor loads graphql's CommonJS build beside yoga's ESM one here, so its errors were not
// recognised as GraphQL errors; these few rules do the same job with one graphql instance.)
import {
  GraphQLError,
  Kind,
  parse,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { readableLiteralEnumError } from "./enum-errors";
import { LRUCache } from "lru-cache";

export const GRAPHQL_LIMITS = { maxTokens: 2000, maxDepth: 8, maxAliases: 15 } as const;

function selectionDepth(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!set) return 0;
  let deepest = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, selection.selectionSet ? 1 + selectionDepth(selection.selectionSet, fragments, seen) : 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, selectionDepth(selection.selectionSet, fragments, seen));
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (fragment && !seen.has(name)) deepest = Math.max(deepest, selectionDepth(fragment.selectionSet, fragments, new Set([...seen, name])));
    }
  }
  return deepest;
}

export function limitsRule(context: ValidationContext): ASTVisitor {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias) aliases++;
    },
    OperationDefinition: {
      enter(node) {
        const depth = selectionDepth(node.selectionSet, fragments, new Set());
        if (depth > GRAPHQL_LIMITS.maxDepth) {
          context.reportError(new GraphQLError(`Query is too deep: ${depth} levels, at most ${GRAPHQL_LIMITS.maxDepth} allowed.`, { nodes: [node] }));
        }
      },
    },
    Document: {
      leave() {
        if (aliases > GRAPHQL_LIMITS.maxAliases) {
          context.reportError(new GraphQLError(`Too many aliases: ${aliases}, at most ${GRAPHQL_LIMITS.maxAliases} allowed.`));
        }
      },
    },
  };
}

/** graphql's parser with the token limit: past it, parsing stops with a syntax error. */
export const parseWithLimits: typeof parse = (source, options) => parse(source, { ...options, maxTokens: GRAPHQL_LIMITS.maxTokens });

/**
 * What a kept document costs, roughly, in bytes: its text (the key, and any string in it) twice,
 * and about 450 bytes of syntax tree for each token (measured: 380-450; a document at the
 * 2,000-token limit is some 770 KB of tree, whatever the length of its text).
 */
export function documentCost(text: string, document: DocumentNode): number {
  let tokens = 0;
  for (let token = document.loc?.startToken ?? null; token; token = token.next) tokens++;
  return 2 * text.length + 450 * tokens;
}

/**
 * What the parsed documents a process keeps may cost (by documentCost), in each cache that keeps
 * them: clients choose the texts. The web app's 115 documents come to about 1.4 MiB.
 */
export const DOCUMENT_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * yoga's caches of parsed documents and of parse errors, with bounds in bytes: its own keep 1,024
 * of each whatever their size, so GET requests of large distinct documents could make a process
 * hold 1,024 syntax trees of up to 770 KB each. The lean path (./lean-path.ts) shares the documents.
 */
export function parseCaches() {
  return {
    documentCache: new LRUCache<string, DocumentNode>({
      max: 1024,
      maxSize: DOCUMENT_CACHE_BYTES,
      sizeCalculation: (document, text) => documentCost(text, document),
    }),
    errorCache: new LRUCache<string, object>({ max: 1024, maxSize: 2 * 1024 * 1024, sizeCalculation: (_error, text) => Math.max(1, 2 * text.length) }),
  };
}
export type ParseCaches = ReturnType<typeof parseCaches>;

export function limitsPlugin(): Plugin {
  return {
    onParse({ setParseFn }) {
      setParseFn(parseWithLimits);
    },
    onValidate({ addValidationRule, params }) {
      addValidationRule(limitsRule);
      return ({ valid, result, setResult }) => {
        if (valid) return;
        setResult(
          result.map(
            (error) =>
              // A wrong enum value says what the field takes (./enum-errors.ts), without a hint.
              readableLiteralEnumError(error, params.schema, params.documentAST) ??
              (/Did you mean/.test(error.message)
                ? new GraphQLError(error.message.replace(/\s*Did you mean .+\?$/, ""), { nodes: error.nodes, extensions: error.extensions })
                : error),
          ),
        );
      };
    },
  };
}
