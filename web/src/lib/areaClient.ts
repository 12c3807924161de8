/**
 * One GraphQL client stack for the three areas (customer, admin, dealership): urql with
 * graphcache, the area's own bearer token read on every request, the lists each change makes
 * stale declared once per area, and the session rules. Every area has its own client, token
 * and cache, so one area's session never shows in another's.
 *
 * Data fetching (SPEC 9): no retries, no refetch on focus or on an interval. urql adds none of
 * those unless their exchanges are installed, and these are not.
 *
 * Sessions: an error that means "this token no longer opens the area" (each area says which
 * errors those are) ends the session, except on the sign-in and sign-out operations. Whenever
 * the token goes or changes (here or in another tab), the whole client and its cache are replaced,
 * so no cached result of one session is ever shown to the next.
 */
import { cacheExchange, type Cache, type KeyingConfig, type UpdateResolver } from "@urql/exchange-graphcache";
import { Client, fetchExchange, mapExchange, type CombinedError, type Operation, type RequestPolicy } from "urql";
import { fetchWithEarlyAnswers, noteClientStarted } from "./earlyAnswer.ts";

/** Drops every cached Query field of these names, whatever their arguments. */
export function invalidateQueryFields(cache: Cache, names: readonly string[]): void {
  for (const field of cache.inspectFields("Query")) {
    if (names.includes(field.fieldName)) cache.invalidate("Query", field.fieldName, field.arguments ?? undefined);
  }
}

/** The operation's name ("AdminSignIn"), if it has one. */
export function operationName(operation: Operation): string | undefined {
  for (const definition of operation.query.definitions) {
    if (definition.kind === "OperationDefinition") return definition.name?.value;
  }
  return undefined;
}

export interface AreaClientConfig {
  /** The area's bearer token, read on every request. */
  token: () => string | null;
  requestPolicy: RequestPolicy;
  /** Types without an id: embedded in their parent, never normalised. */
  keys: KeyingConfig;
  /** For each mutation, the Query fields it makes stale. */
  invalidates?: Readonly<Record<string, readonly string[]>>;
  /** For each deleting mutation, the type of the entity it removes (its `id` argument). */
  deletes?: Readonly<Record<string, string>>;
  /** Further mutation updaters (e.g. writing the signed-in user from a sign-in's answer). */
  updates?: Readonly<Record<string, UpdateResolver>>;
  /** Whether an error on a request sent with a token means the session is over. */
  isSessionError: (error: CombinedError) => boolean;
  /** Operations whose errors never end a session (a wrong password, signing out). */
  sessionOperations?: ReadonlySet<string>;
}

function mutationUpdates(config: AreaClientConfig): Record<string, UpdateResolver> {
  const updates: Record<string, UpdateResolver> = {};
  const names = new Set([...Object.keys(config.invalidates ?? {}), ...Object.keys(config.deletes ?? {})]);
  for (const name of names) {
    updates[name] = (_result, args, cache) => {
      const deleted = config.deletes?.[name];
      if (deleted && args.id !== undefined) cache.invalidate({ __typename: deleted, id: String(args.id) });
      invalidateQueryFields(cache, config.invalidates?.[name] ?? []);
    };
  }
  for (const [name, update] of Object.entries(config.updates ?? {})) {
    const invalidate = updates[name];
    updates[name] = invalidate
      ? (result, args, cache, info) => {
          update(result, args, cache, info);
          invalidate(result, args, cache, info);
        }
      : update;
  }
  return updates;
}

/** A new client for the area; `onSessionOver` runs when the server no longer accepts its token. */
export function createGraphQLClient(config: AreaClientConfig, onSessionOver: () => void): Client {
  noteClientStarted();
  return new Client({
    url: "/graphql",
    // A request a route's loader made before this code had loaded is answered from there (./earlyAnswer.ts).
    fetch: fetchWithEarlyAnswers as typeof fetch,
    requestPolicy: config.requestPolicy,
    // POST only: answers carry personal data and must not sit in any HTTP cache.
    preferGetMethod: false,
    fetchOptions: () => {
      const token = config.token();
      return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
    },
    exchanges: [
      cacheExchange({ keys: config.keys, updates: { Mutation: mutationUpdates(config) } }),
      mapExchange({
        onError(error, operation) {
          if (config.sessionOperations?.has(operationName(operation) ?? "")) return;
          // Only a request sent WITH a token means "your session is gone".
          if (config.token() !== null && config.isSessionError(error)) onSessionOver();
        },
      }),
      fetchExchange,
    ],
  });
}

export interface AreaClient {
  /** The area's current client (created on first use). */
  get: () => Client;
  /** Drops every cached result by starting over with a new client. */
  reset: () => void;
  /** Told whenever the client is replaced (for useSyncExternalStore). */
  subscribe: (listener: () => void) => () => void;
}

/**
 * The area's client for the whole app: one shared cache for its screens, replaced when the token
 * changes as `resetWhen` says (by default on any change), and `endSession` run (once, after the
 * failing request settles) when the server refuses the token.
 */
export function createAreaClient(
  config: AreaClientConfig & {
    subscribeToken: (listener: () => void) => unknown;
    endSession: () => void;
    resetWhen?: (previous: string | null, next: string | null) => boolean;
  },
): AreaClient {
  const create = () => createGraphQLClient(config, () => queueMicrotask(config.endSession));
  let client: Client | null = null;
  const listeners = new Set<() => void>();
  const reset = () => {
    client = create();
    for (const listener of [...listeners]) listener();
  };
  const resetWhen = config.resetWhen ?? ((previous, next) => previous !== next);
  let lastToken = config.token();
  config.subscribeToken(() => {
    const previous = lastToken;
    lastToken = config.token();
    if (resetWhen(previous, lastToken)) reset();
  });
  return {
    get: () => {
      client ??= create();
      return client;
    },
    reset,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
