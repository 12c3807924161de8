/**
 * GraphQL answers asked for before the code that shows them has loaded (render as you fetch).
 *
 * On a first visit to a screen whose code is split off (a shared /cars-for-sale link), the screen
 * would ask for its data only once all of its code had arrived and run: two waits in a row on a
 * phone's network. A route's loader, in the main bundle, asks for the same data at once instead,
 * and the area's GraphQL client (./areaClient.ts) takes that answer when it sends exactly the same
 * request (the same body, byte for byte, and the same token) within a few seconds. Anything else
 * goes to the network as before, so an early request that no longer matches costs one unused answer
 * and never shows the wrong data.
 *
 * Part of the main bundle: keep it small.
 */

/** How long an early answer waits to be taken: the screen's code has arrived by then, or will ask again itself. */
export const EARLY_ANSWER_MS = 15_000;

// What urql's fetch exchange sends for a query, besides the body and the token.
const ACCEPT = "application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed";

type EarlyAnswer = { body: string; authorization: string | null; answer: Promise<Response>; until: number };

let waiting: EarlyAnswer[] = [];
let clientStarted = false;

/**
 * JSON as urql writes a request's body and variables (its `stringifyVariables`): every object's
 * keys sorted, undefined values left out. Only for plain JSON values (strings, numbers, booleans,
 * null, arrays and plain objects).
 */
export function sortedJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  const record = value as Record<string, unknown>;
  const fields = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${sortedJson(record[key])}`);
  return `{${fields.join(",")}}`;
}

/** The body urql sends for a query: its name, its text as printed with graphcache's `__typename`s, and its variables. */
export function queryBody(operationName: string, query: string, variables: Record<string, unknown>): string {
  return sortedJson({ operationName, query, variables });
}

/**
 * Starts the request `body` now (with the customer's `token`, as the client would send it),
 * unless a GraphQL client is already running: it answers from its cache and asks for itself.
 */
export function askEarly(body: string, token: string | null): void {
  if (clientStarted || typeof fetch !== "function") return;
  const now = Date.now();
  const authorization = token ? `Bearer ${token}` : null;
  waiting = waiting.filter((early) => early.until > now && !(early.body === body && early.authorization === authorization));
  const headers: Record<string, string> = { accept: ACCEPT, "content-type": "application/json" };
  if (authorization) headers.authorization = authorization;
  const answer = fetch("/graphql", { method: "POST", headers, body });
  // A failed early request is the client's to meet again: it is simply not used.
  answer.catch(() => {});
  waiting.push({ body, authorization, answer, until: now + EARLY_ANSWER_MS });
}

// urql's fetch exchange passes its headers as a plain object, names in lower case.
const authorizationOf = (headers: HeadersInit | undefined): string | null => (headers as Record<string, string> | undefined)?.authorization ?? null;

/** The early answer to exactly this request, taken (each is used once), or undefined. */
function takeEarly(init: RequestInit | undefined): Promise<Response> | undefined {
  if (waiting.length === 0 || typeof init?.body !== "string") return undefined;
  const now = Date.now();
  const authorization = authorizationOf(init.headers);
  const index = waiting.findIndex((early) => early.until > now && early.body === init.body && early.authorization === authorization);
  const early = index === -1 ? undefined : waiting[index];
  waiting = waiting.filter((other, at) => at !== index && other.until > now);
  return early?.answer;
}

/** The GraphQL clients' fetch: an early answer to this very request if one waits, else the network. */
export function fetchWithEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const early = takeEarly(init);
  // An early request that failed on the way: the client's own request stands in for it.
  return early ? early.catch(() => fetch(input, init)) : fetch(input, init);
}

/** A GraphQL client exists from now on: later screens ask through it (and its cache), not early. */
export function noteClientStarted(): void {
  clientStarted = true;
}

/** For tests: forget every early answer and started client. */
export function resetEarlyAnswers(): void {
  waiting = [];
  clientStarted = false;
}
