/**
 * The customer area's GraphQL client (urql + graphcache), one per signed-in session.
 *
 * SPEC 9 data fetching: results are served from the normalised cache (cache-first, never stale),
 * no automatic retries, no refetch on focus or on an interval (urql adds none of those unless
 * their exchanges are installed, and these are not). The bearer token is read on every request.
 * Signing out throws the whole client away (`resetCustomerClient`), so no cached result of the
 * previous customer survives; a 401 from the server does the same.
 */
import { cacheExchange, type Cache } from "@urql/exchange-graphcache";
import { Client, fetchExchange, mapExchange } from "urql";
import { customerToken, dropCustomerToken, subscribeCustomerToken } from "../../lib/session.ts";
import { ME_QUERY, type MeData, type User } from "./user.ts";

type AuthResult = { token: string; user: User };

/** Sign-up, sign-in and Google sign-in set the current user from their own answer. */
function writeMe(cache: Cache, user: User | undefined): void {
  if (!user) return;
  cache.updateQuery<MeData>({ query: ME_QUERY }, () => ({ me: user }));
}

function authUpdater(field: "signUp" | "signIn" | "signInWithGoogle") {
  return (result: Record<string, unknown>, _args: unknown, cache: Cache) => {
    const payload = result[field] as AuthResult | null | undefined;
    writeMe(cache, payload?.user);
  };
}

/** Drops every cached Query field of these names, whatever their arguments. */
function invalidateQueryFields(cache: Cache, names: readonly string[]): void {
  for (const field of cache.inspectFields("Query")) {
    if (names.includes(field.fieldName)) cache.invalidate("Query", field.fieldName, field.arguments ?? undefined);
  }
}

export function createCustomerClient(onUnauthorized: () => void): Client {
  return new Client({
    url: "/graphql",
    requestPolicy: "cache-first",
    // POST only: answers carry personal data and must not sit in any HTTP cache.
    preferGetMethod: false,
    fetchOptions: () => {
      const token = customerToken();
      return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
    },
    exchanges: [
      cacheExchange({
        // Types without an id are embedded in their parent, never normalised.
        keys: {
          AuthPayload: () => null,
          GoogleAuthPayload: () => null,
          PublicConfig: () => null,
          UploadTicket: () => null,
          Quote: () => null,
          GeocodeResult: () => null,
          GeocodeAddress: () => null,
          // Cars for Sale: a page of results, the seller as buyers see it, an enquiry's receipt.
          ForSalePage: () => null,
          ForSaleSeller: () => null,
          ContactSellerResult: () => null,
        },
        updates: {
          Mutation: {
            signUp: authUpdater("signUp"),
            signIn: authUpdater("signIn"),
            signInWithGoogle: authUpdater("signInWithGoogle"),
            // A new booking: the bookings list and the free vehicles change (SPEC 4: "invalidates
            // the booking list"). A cancellation updates its booking in place and frees the car.
            createBooking: (_result, _args, cache) => invalidateQueryFields(cache, ["myBookings", "vehicles"]),
            cancelBooking: (_result, _args, cache) => invalidateQueryFields(cache, ["vehicles"]),
          },
        },
      }),
      mapExchange({
        onError(error) {
          // The server answers 401 for a token that is expired, signed out or tampered with.
          // Only a request sent WITH a token means "your session is gone".
          if (error.response?.status === 401 && customerToken() !== null) onUnauthorized();
        },
      }),
      fetchExchange,
    ],
  });
}

// The client lives at module level so every customer screen (and the Home screen shown on "/")
// shares one cache; `resetCustomerClient` replaces it.
let client: Client | null = null;
const listeners = new Set<() => void>();

/** A 401 on a request that carried a token: the session is over (the client resets below). */
function signOutLocally(): void {
  dropCustomerToken();
}

export function getCustomerClient(): Client {
  client ??= createCustomerClient(() => queueMicrotask(signOutLocally));
  return client;
}

/** Drops every cached result by starting over with a new client. */
export function resetCustomerClient(): void {
  client = createCustomerClient(() => queueMicrotask(signOutLocally));
  for (const listener of [...listeners]) listener();
}

// Whenever the stored token goes away or is replaced (sign-out here, a 401, a sign-out or another
// sign-in in another tab), every cached result of the previous session goes with it. Signing
// in from signed out keeps the cache: it holds nothing personal, plus the new `me`.
let lastToken = customerToken();
subscribeCustomerToken(() => {
  const previous = lastToken;
  lastToken = customerToken();
  if (previous !== null && lastToken !== previous) resetCustomerClient();
});

export function subscribeCustomerClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
