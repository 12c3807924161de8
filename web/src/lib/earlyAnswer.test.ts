import { afterAll, beforeEach, expect, mock, setSystemTime, test } from "bun:test";
import { askEarly, EARLY_ANSWER_MS, fetchWithEarlyAnswers, noteClientStarted, queryBody, resetEarlyAnswers, sortedJson } from "./earlyAnswer.ts";

const realFetch = globalThis.fetch;
type Call = { body: string; authorization: string | null };
let calls: Call[] = [];
let failNext = false;

beforeEach(() => {
  resetEarlyAnswers();
  setSystemTime();
  calls = [];
  failNext = false;
  globalThis.fetch = mock(async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push({ body: String(init?.body), authorization: new Headers(init?.headers).get("authorization") });
    if (failNext) {
      failNext = false;
      throw new TypeError("Failed to fetch");
    }
    return Response.json({ data: { call: calls.length } });
  }) as unknown as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
  setSystemTime();
  resetEarlyAnswers();
});

const BODY = queryBody("Cars", "query Cars { cars }", { b: 1, a: null, c: undefined });
const asClient = (body: string, token?: string): RequestInit => ({
  method: "POST",
  body,
  headers: token ? { accept: "application/json", authorization: `Bearer ${token}` } : { accept: "application/json" },
});
const callNumber = async (response: Promise<Response>) => ((await (await response).json()) as { data: { call: number } }).data.call;

test("bodies are written as urql writes them: keys sorted, undefined left out", () => {
  expect(BODY).toBe('{"operationName":"Cars","query":"query Cars { cars }","variables":{"a":null,"b":1}}');
  expect(sortedJson({ z: [{ y: 1, x: 'é"' }], a: true })).toBe('{"a":true,"z":[{"x":"é\\"","y":1}]}');
});

test("the same request with the same token takes the early answer, once", async () => {
  askEarly(BODY, "t1");
  expect(calls).toEqual([{ body: BODY, authorization: "Bearer t1" }]);
  expect(await callNumber(fetchWithEarlyAnswers("/graphql", asClient(BODY, "t1")))).toBe(1);
  // Used once: asking again goes to the network.
  expect(await callNumber(fetchWithEarlyAnswers("/graphql", asClient(BODY, "t1")))).toBe(2);
});

test("another body or another token goes to the network", async () => {
  askEarly(BODY, "t1");
  expect(await callNumber(fetchWithEarlyAnswers("/graphql", asClient(BODY, "t2")))).toBe(2);
  expect(await callNumber(fetchWithEarlyAnswers("/graphql", asClient(BODY)))).toBe(3);
  expect(await callNumber(fetchWithEarlyAnswers("/graphql", asClient(queryBody("Cars", "query Cars { cars }", { b: 2 }), "t1")))).toBe(4);
  // The early answer still waits for its own request.
  expect(await callNumber(fetchWithEarlyAnswers("/graphql", asClient(BODY, "t1")))).toBe(1);
});

test("an early answer not taken in time is dropped", async () => {
  setSystemTime(new Date("2026-11-29T10:00:00Z"));
  askEarly(BODY, null);
  setSystemTime(new Date(Date.parse("2026-11-29T10:00:00Z") + EARLY_ANSWER_MS + 1));
  expect(await callNumber(fetchWithEarlyAnswers("/graphql", asClient(BODY)))).toBe(2);
});

test("an early request that failed is made again by the client", async () => {
  failNext = true;
  askEarly(BODY, null);
  expect(await callNumber(fetchWithEarlyAnswers("/graphql", asClient(BODY)))).toBe(2);
  expect(calls).toHaveLength(2);
});

test("once a client runs, nothing is asked early: it answers from its cache or asks itself", () => {
  noteClientStarted();
  askEarly(BODY, null);
  expect(calls).toEqual([]);
});
