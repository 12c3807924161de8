/**
 * The admin area's GraphQL client (urql + graphcache), separate from the customer's and the
 * dealership's: it sends only the admin token, and its cache holds only back-office data.
 *
 * Data fetching: no retries, no refetch on focus or interval (those exchanges are not installed).
 * Screens ask for "cache-and-network", so an admin always sees the latest figures while the
 * cached ones show at once. Every change invalidates the lists it affects (and the audit log).
 *
 * SPEC 4: a 401 or an "Unauthorized" answer to a request sent with the admin token means the
 * session is over: the token and admin are cleared and the guard sends the admin to
 * /admin/signin. Whenever the token goes or changes, the whole client (and its cache) is replaced.
 */
import { cacheExchange, type Cache } from "@urql/exchange-graphcache";
import { Client, fetchExchange, mapExchange, type CombinedError, type Operation } from "urql";
import { adminToken, adminTokenStore, clearAdminSession } from "./store.ts";

/** Whether an error means "this admin token no longer opens the back office". */
export function isSessionError(error: CombinedError): boolean {
  if (error.response?.status === 401) return true;
  return error.graphQLErrors.some((e) => e.extensions?.code === "UNAUTHENTICATED" || /unauthori[sz]ed/i.test(e.message));
}

function operationName(operation: Operation): string | undefined {
  for (const definition of operation.query.definitions) {
    if (definition.kind === "OperationDefinition") return definition.name?.value;
  }
  return undefined;
}

/** Drops every cached Query field of these names, whatever their arguments. */
export function invalidateQueryFields(cache: Cache, names: readonly string[]): void {
  for (const field of cache.inspectFields("Query")) {
    if (names.includes(field.fieldName)) cache.invalidate("Query", field.fieldName, field.arguments ?? undefined);
  }
}

/** What each change makes stale (every change also adds to the audit log). */
export const INVALIDATES: Readonly<Record<string, readonly string[]>> = {
  createAdminVehicle: ["adminVehicles", "adminDashboard", "assignableVehicles"],
  updateAdminVehicle: ["adminVehicles", "adminDashboard", "assignableVehicles"],
  deleteAdminVehicle: ["adminVehicles", "adminDashboard", "assignableVehicles"],
  updateBookingStatus: ["adminBookings", "adminDashboard", "assignableVehicles"],
  assignBookingVehicle: ["adminBookings", "adminDashboard", "assignableVehicles"],
  createServiceArea: ["serviceAreas"],
  updateServiceArea: ["serviceAreas"],
  deleteServiceArea: ["serviceAreas"],
  // A customer's holdings (their page) change with the bookings and limits they hold.
  cancelCustomerBookings: ["adminCustomerActivity", "adminCustomers", "adminBookings", "adminDashboard", "assignableVehicles"],
  setCustomerLimits: ["adminCustomerActivity"],
  issueApiKey: ["apiKeys"],
  revokeApiKey: ["apiKeys"],
};

const DELETED_TYPES: Readonly<Record<string, string>> = {
  deleteAdminVehicle: "AdminVehicle",
  deleteServiceArea: "ServiceArea",
};

function mutationUpdates() {
  const updates: Record<string, (result: Record<string, unknown>, args: Record<string, unknown>, cache: Cache) => void> = {};
  for (const [name, fields] of Object.entries(INVALIDATES)) {
    updates[name] = (_result, args, cache) => {
      const deleted = DELETED_TYPES[name];
      if (deleted && args.id !== undefined) cache.invalidate({ __typename: deleted, id: String(args.id) });
      invalidateQueryFields(cache, [...fields, "auditLog"]);
    };
  }
  return updates;
}

const SESSION_OPERATIONS = new Set(["AdminSignIn", "AdminSignUp", "AdminSignOut"]);

export function createAdminClient(onSessionOver: () => void): Client {
  return new Client({
    url: "/graphql",
    requestPolicy: "cache-and-network",
    // POST only: answers carry personal data and must not sit in any HTTP cache.
    preferGetMethod: false,
    fetchOptions: () => {
      const token = adminToken();
      return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
    },
    exchanges: [
      cacheExchange({
        // Types without an id are embedded in their parent, never normalised.
        keys: {
          AdminAuthPayload: () => null,
          AdminDashboard: () => null,
          AdminVehiclePage: () => null,
          AdminBookingPage: () => null,
          AdminCustomerPage: () => null,
          AuditLogPage: () => null,
          CustomerStats: () => null,
          CustomerActivity: () => null,
          CustomerLimitOverrides: () => null,
          BookingLimits: () => null,
          UploadUsage: () => null,
          CancelCustomerBookingsResult: () => null,
          IssuedApiKey: () => null,
          UploadTicket: () => null,
        },
        updates: { Mutation: mutationUpdates() },
      }),
      mapExchange({
        onError(error, operation) {
          // A wrong password is not a session ending; signing out ends it anyway.
          if (SESSION_OPERATIONS.has(operationName(operation) ?? "")) return;
          if (adminToken() !== null && isSessionError(error)) onSessionOver();
        },
      }),
      fetchExchange,
    ],
  });
}

let client: Client | null = null;
const listeners = new Set<() => void>();

function sessionOver(): void {
  if (adminToken() === null) return;
  clearAdminSession();
}

export function getAdminClient(): Client {
  client ??= createAdminClient(() => queueMicrotask(sessionOver));
  return client;
}

/** Drops every cached result by starting over with a new client. */
export function resetAdminClient(): void {
  client = createAdminClient(() => queueMicrotask(sessionOver));
  for (const listener of [...listeners]) listener();
}

export function subscribeAdminClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// A new or dropped token (here or in another tab) starts a new client: no cached result of one
// admin's session is ever shown to the next.
let lastToken = adminToken();
adminTokenStore.subscribe(() => {
  const previous = lastToken;
  lastToken = adminToken();
  if (lastToken !== previous) resetAdminClient();
});
