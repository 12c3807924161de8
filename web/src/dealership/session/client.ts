/**
 * The dealership portal's GraphQL client (urql + graphcache), separate from the customer's: it
 * sends only the dealership token, and its cache holds only dealership data. Same data-fetching
 * rules as the rest of the product (SPEC 9): cache-first, no retries, no refetch on focus.
 *
 * SPEC 4: a 401 or 403 on a request sent with the dealership token means the session is over
 * (expired, signed out elsewhere, account deactivated): the token and info are cleared, and the
 * portal's guard sends the user to /dealership/signin. Whenever the token goes or changes, the
 * whole client (and its cache) is replaced.
 */
import { cacheExchange, type Cache } from "@urql/exchange-graphcache";
import { Client, fetchExchange, mapExchange, type CombinedError, type Operation } from "urql";
import { notifyError } from "../../ui/toast.tsx";
import { clearDealershipSession, dealershipToken, dealershipTokenStore } from "./store.ts";

const SESSION_CODES = new Set(["UNAUTHENTICATED", "FORBIDDEN"]);

/** Whether an error means "this dealership token no longer opens the portal". */
export function isSessionError(error: CombinedError): boolean {
  const status = error.response?.status;
  if (status === 401 || status === 403) return true;
  return error.graphQLErrors.some((e) => SESSION_CODES.has(String(e.extensions?.code ?? "")));
}

function operationName(operation: Operation): string | undefined {
  for (const definition of operation.query.definitions) {
    if (definition.kind === "OperationDefinition") return definition.name?.value;
  }
  return undefined;
}

function invalidateField(cache: Cache, fieldName: string): void {
  for (const field of cache.inspectFields("Query")) {
    if (field.fieldName === fieldName) cache.invalidate("Query", field.fieldName, field.arguments ?? undefined);
  }
}

export function createDealershipClient(onSessionOver: () => void): Client {
  return new Client({
    url: "/graphql",
    requestPolicy: "cache-first",
    preferGetMethod: false,
    fetchOptions: () => {
      const token = dealershipToken();
      return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
    },
    exchanges: [
      cacheExchange({
        keys: {
          DealershipAuthPayload: () => null,
          DealershipVehicleStats: () => null,
          DealershipLeadList: () => null,
          UploadTicket: () => null,
        },
        updates: {
          Mutation: {
            createDealershipVehicle: (_result, _args, cache) => {
              invalidateField(cache, "dealershipVehicles");
              invalidateField(cache, "dealershipVehicleStats");
            },
            updateDealershipVehicle: (_result, _args, cache) => {
              invalidateField(cache, "dealershipVehicleStats");
            },
            deleteDealershipVehicle: (_result, args, cache) => {
              cache.invalidate({ __typename: "DealershipVehicle", id: String(args.id) });
              invalidateField(cache, "dealershipVehicles");
              invalidateField(cache, "dealershipVehicleStats");
              invalidateField(cache, "dealershipLeads"); // a deleted car's enquiries go with it
            },
            markDealershipLeadRead: (_result, _args, cache) => {
              invalidateField(cache, "dealershipLeads");
            },
          },
        },
      }),
      mapExchange({
        onError(error, operation) {
          // A wrong code or password is not a session ending; signing out ends it anyway.
          const name = operationName(operation);
          if (name === "DealershipSignIn" || name === "DealershipSignOut") return;
          if (dealershipToken() !== null && isSessionError(error)) onSessionOver();
        },
      }),
      fetchExchange,
    ],
  });
}

let client: Client | null = null;
const listeners = new Set<() => void>();

function sessionOver(): void {
  if (dealershipToken() === null) return;
  clearDealershipSession();
  notifyError("Session ended", "Please sign in again.");
}

export function getDealershipClient(): Client {
  client ??= createDealershipClient(() => queueMicrotask(sessionOver));
  return client;
}

export function resetDealershipClient(): void {
  client = createDealershipClient(() => queueMicrotask(sessionOver));
  for (const listener of [...listeners]) listener();
}

export function subscribeDealershipClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// A new or dropped token (here or in another tab) starts a new client: no cached result of one
// session is ever shown to the next.
let lastToken = dealershipToken();
dealershipTokenStore.subscribe(() => {
  const previous = lastToken;
  lastToken = dealershipToken();
  if (lastToken !== previous) resetDealershipClient();
});
