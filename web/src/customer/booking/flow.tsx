/**
 * Which flow the booking steps serve. The same step screens (car, dates, delivery, return) make a
 * new booking and change an existing one (issue 13): a new booking walks them in order and ends
 * at the confirmation; a change opens one step from the change summary (/bookings/{id}/change)
 * and returns to it. A change has its own draft (draft.ts changeDraftStore), so a new booking in
 * progress is never touched.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { bookingDraftStore, useDraftStore, type DraftStore, type WebBookingDraft } from "./draft.ts";

export type FlowStep = "car" | "dates" | "delivery" | "return";

export type BookingFlow = {
  mode: "new" | "change";
  draft: WebBookingDraft;
  update: DraftStore["update"];
  /** Where a step lives. */
  path(step: FlowStep): string;
  /** Where a step's back link and its main button lead. */
  back(step: FlowStep): string;
  next(step: FlowStep): string;
};

const NEW_PATHS: Record<FlowStep, string> = {
  car: "/booking/category",
  dates: "/booking/datetime",
  delivery: "/booking/delivery-location",
  return: "/booking/return-location",
};
const NEW_BACK: Record<FlowStep, string> = {
  car: "/home",
  dates: "/booking/category?view=vehicles",
  delivery: "/booking/datetime",
  return: "/booking/delivery-location",
};
const NEW_NEXT: Record<FlowStep, string> = {
  car: "/booking/datetime",
  dates: "/booking/delivery-location",
  delivery: "/booking/return-location",
  return: "/booking/confirmation",
};

const ChangeFlowContext = createContext<{ store: DraftStore; bookingId: string } | null>(null);

/** The steps inside it change booking `bookingId` through `store`. */
export function ChangeFlowProvider({ store, bookingId, children }: { store: DraftStore; bookingId: string; children: ReactNode }) {
  const value = useMemo(() => ({ store, bookingId }), [store, bookingId]);
  return <ChangeFlowContext.Provider value={value}>{children}</ChangeFlowContext.Provider>;
}

/** The flow the current step serves: a change inside ChangeFlowProvider, else a new booking. */
export function useBookingFlow(): BookingFlow {
  const change = useContext(ChangeFlowContext);
  const store = change?.store ?? bookingDraftStore;
  const draft = useDraftStore(store);
  return useMemo<BookingFlow>(() => {
    if (!change) return { mode: "new", draft, update: store.update, path: (s) => NEW_PATHS[s], back: (s) => NEW_BACK[s], next: (s) => NEW_NEXT[s] };
    const summary = `/bookings/${change.bookingId}/change`;
    return { mode: "change", draft, update: store.update, path: (s) => `${summary}/${s}`, back: () => summary, next: () => summary };
  }, [change, draft, store]);
}
