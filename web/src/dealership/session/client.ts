/**
 * The dealership portal's GraphQL client (web/src/lib/areaClient.ts), separate from the
 * customer's: it sends only the dealership token, and its cache holds only dealership data.
 * Cache-first (SPEC 9).
 *
 * SPEC 4: a 401 or 403 on a request sent with the dealership token means the session is over
 * (expired, signed out elsewhere, account deactivated): the token and info are cleared, and the
 * portal's guard sends the user to /dealership/signin.
 */
import type { Client, CombinedError } from "urql";
import { createAreaClient, createGraphQLClient, type AreaClientConfig } from "../../lib/areaClient.ts";
import { notifyError } from "../../ui/toast.tsx";
import { clearDealershipSession, dealershipToken, dealershipTokenStore } from "./store.ts";

const SESSION_CODES = new Set(["UNAUTHENTICATED", "FORBIDDEN"]);

/** Whether an error means "this dealership token no longer opens the portal". */
export function isSessionError(error: CombinedError): boolean {
  const status = error.response?.status;
  if (status === 401 || status === 403) return true;
  return error.graphQLErrors.some((e) => SESSION_CODES.has(String(e.extensions?.code ?? "")));
}

const config: AreaClientConfig = {
  token: dealershipToken,
  requestPolicy: "cache-first",
  keys: {
    DealershipAuthPayload: () => null,
    DealershipVehicleStats: () => null,
    DealershipLeadList: () => null,
    PublicConfig: () => null,
    SupportContact: () => null,
    UploadTicket: () => null,
  },
  invalidates: {
    createDealershipVehicle: ["dealershipVehicles", "dealershipVehicleStats"],
    updateDealershipVehicle: ["dealershipVehicleStats"],
    // The lead list shows whether each car has been sold.
    markDealershipVehicleSold: ["dealershipVehicleStats", "dealershipLeads"],
    markDealershipVehicleAvailable: ["dealershipVehicleStats", "dealershipLeads"],
    // A deleted car's enquiries go with it.
    deleteDealershipVehicle: ["dealershipVehicles", "dealershipVehicleStats", "dealershipLeads"],
    markDealershipLeadRead: ["dealershipLeads"],
  },
  deletes: { deleteDealershipVehicle: "DealershipVehicle" },
  isSessionError,
  // A wrong code or password is not a session ending; signing out ends it anyway.
  sessionOperations: new Set(["DealershipSignIn", "DealershipSignOut"]),
};

export function createDealershipClient(onSessionOver: () => void): Client {
  return createGraphQLClient(config, onSessionOver);
}

const area = createAreaClient({
  ...config,
  subscribeToken: (listener) => dealershipTokenStore.subscribe(listener),
  endSession: () => {
    if (dealershipToken() === null) return;
    clearDealershipSession();
    notifyError("Session ended", "Please sign in again.");
  },
});

export const getDealershipClient = area.get;
export const resetDealershipClient = area.reset;
export const subscribeDealershipClient = area.subscribe;
