/**
 * The admin area's GraphQL client (web/src/lib/areaClient.ts), separate from the customer's and the
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
import type { Client, CombinedError } from "urql";
import { createAreaClient, createGraphQLClient, type AreaClientConfig } from "../../lib/areaClient.ts";
import { adminToken, adminTokenStore, clearAdminSession } from "./store.ts";

/** Whether an error means "this admin token no longer opens the back office". */
export function isSessionError(error: CombinedError): boolean {
  if (error.response?.status === 401) return true;
  return error.graphQLErrors.some((e) => e.extensions?.code === "UNAUTHENTICATED" || /unauthori[sz]ed/i.test(e.message));
}

/** What each change makes stale (every change also adds to the audit log). */
export const INVALIDATES: Readonly<Record<string, readonly string[]>> = {
  createAdminVehicle: ["adminVehicles", "adminDashboard", "assignableVehicles"],
  updateAdminVehicle: ["adminVehicles", "adminDashboard", "assignableVehicles"],
  deleteAdminVehicle: ["adminVehicles", "adminDashboard", "assignableVehicles"],
  // The booking's car follows its status (rented on the road, available again after): the fleet list too.
  updateBookingStatus: ["adminBookings", "adminDashboard", "adminVehicles", "assignableVehicles", "dispatchDay", "conditionReport"],
  assignBookingVehicle: ["adminBookings", "adminDashboard", "assignableVehicles", "dispatchDay", "conditionReport"],
  setBookingLocation: ["dispatchDay", "conditionReport"],
  // Dates, places and car of a booking: its card (the answer), the lists, the board and the customer's page.
  adminChangeBooking: ["adminBookings", "adminDashboard", "assignableVehicles", "dispatchDay", "conditionReport", "adminCustomerActivity"],
  createServiceArea: ["serviceAreas"],
  updateServiceArea: ["serviceAreas"],
  deleteServiceArea: ["serviceAreas"],
  // A customer's holdings (their page) change with the bookings and limits they hold.
  cancelCustomerBookings: ["adminCustomerActivity", "adminCustomers", "adminBookings", "adminDashboard", "assignableVehicles", "dispatchDay"],
  setCustomerLimits: ["adminCustomerActivity"],
  // Drivers and the dispatch board: who delivers and collects what (the booking cards show it too).
  adminCreateDriver: ["adminDrivers"],
  adminSetDriverActive: ["adminDrivers", "dispatchDay"],
  adminResetDriverPassword: ["adminDrivers"],
  assignHandoverDriver: ["dispatchDay", "adminBookings", "conditionReport"],
  issueApiKey: ["apiKeys"],
  revokeApiKey: ["apiKeys"],
};

const config: AreaClientConfig = {
  token: adminToken,
  requestPolicy: "cache-and-network",
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
    DriverPasswordPayload: () => null,
    DispatchDay: () => null,
    DispatchCounts: () => null,
    HandoverCharges: () => null,
    ConditionReport: () => null,
    BookingChangeQuote: () => null,
    ChangedField: () => null,
  },
  // Every change also adds to the audit log.
  invalidates: Object.fromEntries(Object.entries(INVALIDATES).map(([name, fields]) => [name, [...fields, "auditLog"]])),
  deletes: { deleteAdminVehicle: "AdminVehicle", deleteServiceArea: "ServiceArea" },
  isSessionError,
  // A wrong password is not a session ending; signing out ends it anyway.
  sessionOperations: new Set(["AdminSignIn", "AdminSignUp", "AdminSignOut"]),
};

export function createAdminClient(onSessionOver: () => void): Client {
  return createGraphQLClient(config, onSessionOver);
}

const area = createAreaClient({
  ...config,
  subscribeToken: (listener) => adminTokenStore.subscribe(listener),
  endSession: () => {
    if (adminToken() !== null) clearAdminSession();
  },
});

export const getAdminClient = area.get;
/** Drops every cached result by starting over with a new client. */
export const resetAdminClient = area.reset;
export const subscribeAdminClient = area.subscribe;
