/**
 * The customer area's GraphQL client (web/src/lib/areaClient.ts), one per signed-in session.
 *
 * SPEC 9 data fetching: results are served from the normalised cache (cache-first, never stale),
 * no automatic retries, no refetch on focus or on an interval (urql adds none of those unless
 * their exchanges are installed, and these are not). The bearer token is read on every request.
 * Signing out throws the whole client away (`resetCustomerClient`), so no cached result of the
 * previous customer survives; a 401 from the server does the same.
 */
import type { Cache } from "@urql/exchange-graphcache";
import type { Client } from "urql";
import { customerToken, dropCustomerToken, subscribeCustomerToken } from "../../lib/session.ts";
import { createAreaClient, createGraphQLClient, type AreaClientConfig } from "../../lib/areaClient.ts";
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

const config: AreaClientConfig = {
  token: customerToken,
  requestPolicy: "cache-first",
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
    // The condition report of a booking (its records, photos and vehicle have ids of their own).
    ConditionReport: () => null,
    HandoverCharges: () => null,
    // A change's quote and what it alters (the changes themselves have ids).
    BookingChangeQuote: () => null,
    ChangedField: () => null,
    OwnBookingLimits: () => null,
  },
  updates: {
    signUp: authUpdater("signUp"),
    signIn: authUpdater("signIn"),
    signInWithGoogle: authUpdater("signInWithGoogle"),
  },
  // A new booking: the bookings list and the free vehicles change (SPEC 4: "invalidates the
  // booking list"). A cancellation updates its booking in place and frees the car.
  invalidates: {
    createBooking: ["myBookings", "vehicles", "myBookingLimits"],
    cancelBooking: ["vehicles", "myBookingLimits"],
    // A change or an extension moves the booking (its order in the list), the free cars and its tax notes.
    changeBooking: ["myBookings", "vehicles", "bookingReceipt"],
    extendTrip: ["myBookings", "vehicles", "bookingReceipt"],
  },
  // The server answers 401 for a token that is expired, signed out or tampered with.
  isSessionError: (error) => error.response?.status === 401,
};

export function createCustomerClient(onUnauthorized: () => void): Client {
  return createGraphQLClient(config, onUnauthorized);
}

// One client for every customer screen (and the Home screen shown on "/"), so they share one
// cache. Whenever the stored token goes away or is replaced (sign-out here, a 401, a sign-out or
// another sign-in in another tab), every cached result of the previous session goes with it.
// Signing in from signed out keeps the cache: it holds nothing personal, plus the new `me`.
const area = createAreaClient({
  ...config,
  subscribeToken: subscribeCustomerToken,
  // A 401 on a request that carried a token: the session is over (the client resets with it).
  endSession: dropCustomerToken,
  resetWhen: (previous, next) => previous !== null && next !== previous,
});

export const getCustomerClient = area.get;
/** Drops every cached result by starting over with a new client. */
export const resetCustomerClient = area.reset;
export const subscribeCustomerClient = area.subscribe;
