// GraphQL over HTTP's common case answered without yoga's pipeline: a POSTed JSON body holding a
// query or mutation whose document is valid. yoga's request parsing, plugin hooks and response
// adapter cost 56-61 KB and 50-72 µs a request (bench/layers.ts), a sixth of a signed-in list
// (issue 16). The steps that decide the answer are yoga's own (its parser with our token limit,
// validation with our rules, the same executor, error masking, status and body, CORS headers), so
// the two paths answer alike; lean-path.test.ts sends the same requests to both and compares
// status, headers and body. Anything else (GET, batches, form bodies, parameters of the wrong kind,
// a document that does not parse or validate, an Accept without JSON) goes to yoga, which also
// words the errors.
import { normalizedExecutor } from "@graphql-tools/executor";
import { getCORSHeadersByRequestAndOptions } from "@whatwg-node/server";
import { type DocumentNode, type ExecutionArgs, type ExecutionResult, getOperationAST, specifiedRules, validate } from "graphql";
import { isAsyncIterable, processRegularResult, type YogaServerInstance } from "graphql-yoga";
import type { Services } from "../services/context";
import type { GraphQLContext, Viewer } from "./context";
import { limitsRule, type ParseCaches, parseWithLimits } from "./limits";
import { schema } from "./schema";
import { corsFor, maskErrorFor } from "./yoga";
import { largeResponse } from "../http-send";

/**
 * A plugin that watches executions (metrics, bench/layers.ts): yoga runs its onExecute hook, and so
 * does the lean path, with the execution's arguments; onExecuteDone gets the result before masking.
 */
export type ExecutionPlugin = {
  onExecute?(payload: { args: ExecutionArgs }): void | { onExecuteDone?(payload: { result: ExecutionResult | AsyncIterable<ExecutionResult> }): void };
};

/** The answer, or the request for yoga to answer: the same one, or a copy when its body was read. */
export type LeanPath = (request: Request, viewer: Viewer) => Promise<Response | Request>;

const REGULAR_MEDIA_TYPES = ["application/graphql-response+json", "application/json"] as const;

/**
 * The media type yoga would answer a single (not streamed) result in, or null when it would not
 * answer in JSON (406, or a stream). yoga walks the Accept header's types from last to first and
 * keeps the last match, so the earliest JSON type the client lists wins (any type, or none, means
 * application/json).
 */
export function acceptedJsonMediaType(accept: string | null): string | null {
  let accepted: string | null = null;
  const listed = (accept || "*/*").replace(/\s/g, "").toLowerCase().split(",");
  for (let index = listed.length - 1; index >= 0; index--) {
    const [mediaType = "", ...params] = listed[index]!.split(";");
    const charset = params.find((param) => param.includes("charset=")) ?? "charset=utf-8";
    if (charset !== "charset=utf-8") continue;
    const [askedType, askedSubtype] = mediaType.split("/");
    for (const candidate of REGULAR_MEDIA_TYPES) {
      const [type, subtype] = candidate.split("/");
      if ((askedType === "*" || askedType === type) && (askedSubtype === "*" || askedSubtype === subtype)) accepted = candidate;
    }
  }
  return accepted;
}

/** yoga's test for a JSON body: the Content-Type (its first entry, if a client lists several) is application/json. */
function isJsonBody(request: Request): boolean {
  const contentType = request.headers.get("content-type")?.split(",")[0];
  return contentType === "application/json" || !!contentType?.startsWith("application/json;");
}

type Params = { query: string; variables?: Record<string, unknown> | null; operationName?: string | null };

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The body's parameters when they are the plain kind, else null: query, variables, operationName,
 * and extensions as an object (some clients send an empty one), which yoga checks and then ignores,
 * as nothing of ours reads them (no persisted queries).
 */
function plainParams(body: unknown): Params | null {
  if (!isObject(body)) return null;
  const params = body as Record<string, unknown>;
  for (const key in params) {
    if (params[key] == null) continue;
    if (key !== "query" && key !== "variables" && key !== "operationName" && key !== "extensions") return null;
  }
  const { query, variables, operationName, extensions } = params;
  if (typeof query !== "string") return null;
  if (variables != null && !isObject(variables)) return null;
  if (operationName != null && typeof operationName !== "string") return null;
  if (extensions != null && !isObject(extensions)) return null;
  return params as Params;
}

const validationRules = [...specifiedRules, limitsRule];

/**
 * A text's document if it parses and validates, else null. The parsed documents are yoga's own cache
 * (one per process, bounded in ./limits.ts `parseCaches`), so a text is parsed once whichever path
 * sees it first; beside it, whether each document passed validation. A text that does not validate
 * is not added (yoga keeps it if it answers it).
 */
export function validDocuments(documents: ParseCaches["documentCache"]): (text: string) => DocumentNode | null {
  const validity = new WeakMap<DocumentNode, boolean>();
  return (text) => {
    let document = documents.get(text);
    const known = document !== undefined;
    if (!document) {
      try {
        document = parseWithLimits(text);
      } catch {
        return null;
      }
    }
    let valid = validity.get(document);
    if (valid === undefined) {
      valid = validate(schema, document, validationRules).length === 0;
      validity.set(document, valid);
    }
    if (!valid) return null;
    if (!known) documents.set(text, document);
    return document;
  };
}

/** Request bodies this path read but does not answer go to yoga in a request of their own. */
const forYoga = (request: Request, text: string) =>
  new Request(request.url, { method: request.method, headers: request.headers, body: text, signal: request.signal });

/**
 * The answer of a result with data alone (no errors, extensions or stream), as yoga's
 * processRegularResult writes it (status 200, the JSON of the result, the media type with its
 * charset), made by `largeResponse` so that a large one made after a PostgreSQL round trip leaves
 * in one piece (../http-send.ts). Anything else is yoga's to write.
 */
function plainAnswer(result: ExecutionResult | AsyncIterable<ExecutionResult>, mediaType: string): Response | null {
  if (isAsyncIterable(result) || result.errors?.length || result.extensions || "stringify" in result) return null;
  return largeResponse(JSON.stringify(result), { status: 200, headers: { "Content-Type": `${mediaType}; charset=utf-8` } });
}

export function createLeanPath(
  services: Services,
  yoga: Pick<YogaServerInstance<object, object>, "fetchAPI">,
  documents: ParseCaches["documentCache"],
  plugins: ExecutionPlugin[] = [],
): LeanPath {
  const validDocument = validDocuments(documents);
  const maskError = maskErrorFor(services);
  const cors = corsFor(services);
  const watchers = plugins.filter((plugin) => plugin.onExecute);
  return async (request, viewer) => {
    if (request.method !== "POST" || !isJsonBody(request)) return request;
    const mediaType = acceptedJsonMediaType(request.headers.get("accept"));
    if (!mediaType) return request;
    const text = await request.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return forYoga(request, text);
    }
    const params = plainParams(body);
    const document = params && validDocument(params.query);
    if (!params || !document) return forYoga(request, text);
    const operation = getOperationAST(document, params.operationName ?? undefined);
    if (!operation || operation.operation === "subscription") return forYoga(request, text);

    const contextValue: GraphQLContext = { services, request, viewer };
    const args: ExecutionArgs = {
      schema,
      document,
      contextValue,
      variableValues: params.variables ?? undefined,
      operationName: params.operationName ?? undefined,
    };
    const done = watchers.map((plugin) => plugin.onExecute!({ args }));
    let result = await normalizedExecutor(args);
    for (const hooks of done) hooks?.onExecuteDone?.({ result });
    if (!isAsyncIterable(result) && result.errors?.length) {
      result = { ...result, errors: result.errors.map((error) => maskError(error, "Unexpected error.")) as unknown as ExecutionResult["errors"] };
    }
    const response = plainAnswer(result, mediaType) ?? processRegularResult(result, yoga.fetchAPI, mediaType);
    const corsHeaders = getCORSHeadersByRequestAndOptions(request, cors(request));
    if (corsHeaders) for (const name in corsHeaders) response.headers.set(name, corsHeaders[name]!);
    return response;
  };
}
