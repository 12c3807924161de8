/**
 * The driver app's GraphQL client (web/src/lib/areaClient.ts): only the driver token, its own
 * cache. Jobs change under the driver (the office assigns and reassigns), so the job list is read
 * cache-and-network. A 401 or 403 on a request sent with the driver token ends the session.
 */
import type { CombinedError } from "urql";
import { createAreaClient } from "../../lib/areaClient.ts";
import { notifyError } from "../../ui/toast.tsx";
import { clearDriverSession, driverToken, driverTokenStore } from "./store.ts";

const SESSION_CODES = new Set(["UNAUTHENTICATED", "FORBIDDEN"]);

function isSessionError(error: CombinedError): boolean {
  const status = (error.response as { status?: number } | undefined)?.status;
  if (status === 401 || status === 403) return true;
  return error.graphQLErrors.some((e) => SESSION_CODES.has(String(e.extensions?.code ?? "")));
}

const area = createAreaClient({
  token: driverToken,
  requestPolicy: "cache-and-network",
  keys: {
    DriverAuthPayload: () => null,
    DriverJobCustomer: () => null,
    DriverJobVehicle: () => null,
    DeliveryRecord: () => null,
    HandoverCharges: () => null,
    HandoverChecklistResult: () => null,
    PublicConfig: () => null,
    SupportContact: () => null,
    UploadTicket: () => null,
  },
  invalidates: {
    startHandover: ["driverJobs"],
    failHandover: ["driverJobs"],
    submitHandoverChecklist: ["driverJobs"],
  },
  isSessionError,
  sessionOperations: new Set(["DriverSignIn", "DriverSignOut"]),
  subscribeToken: (listener) => driverTokenStore.subscribe(listener),
  endSession: () => {
    if (driverToken() === null) return;
    clearDriverSession();
    notifyError("Session ended", "Please sign in again.");
  },
});

export const getDriverClient = area.get;
export const subscribeDriverClient = area.subscribe;
