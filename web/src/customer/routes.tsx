import type { RouteObject } from "react-router";
import { NotFound } from "../ui/NotFound.tsx";
import { RouteErrorContent } from "../ui/RouteError.tsx";
import { CustomerLayout } from "./CustomerLayout.tsx";
import { CustomerScreen } from "./CustomerScreen.tsx";
import { askForCarEarly, askForCarsEarly } from "./forsale/early.ts";
import { IndexScreen } from "./IndexScreen.tsx";
import { CustomerScreenLoading } from "./ScreenLoading.tsx";

/**
 * Customer area (SPEC 2, "Customer routes"), inside the phone-width frame.
 *
 * "/" is the landing screen (main bundle, tiny) or, for a customer with a stored token, the
 * lazily loaded Home screen (see IndexScreen). Every other screen is a lazy route module under
 * one lazy, pathless layout route (session/SessionRoot.tsx) that brings the GraphQL client, the
 * auth state and the toasts; so the landing page downloads none of urql, graphcache, Ark UI,
 * react-hook-form or zod. Each module exports `Component`. Paths not listed show the 404 page.
 */
const sessionScreens: RouteObject[] = [
  // Cars for Sale: public (no sign-in needed), filters in the URL; /cars-for-sale/{id} is a car's details.
  // A public listing uses the screen's width on a desktop (issue 15): the frame widens for these two.
  // Their data is asked for at once, while the screen's code loads (forsale/early.ts); a change of
  // filters on the screen is the screen's own query, so the loader does not run again for it.
  {
    path: "cars-for-sale",
    loader: askForCarsEarly,
    shouldRevalidate: () => false,
    lazy: () => import("./forsale/CarsForSale.tsx"),
    handle: { wideFrame: true },
  },
  {
    path: "cars-for-sale/:id",
    loader: askForCarEarly,
    shouldRevalidate: () => false,
    lazy: () => import("./forsale/CarDetails.tsx"),
    handle: { wideFrame: true },
  },
  { path: "signup", lazy: () => import("./screens/SignUp.tsx") },
  { path: "signin", lazy: () => import("./screens/SignIn.tsx") },
  { path: "reset-password", lazy: () => import("./screens/ResetPassword.tsx") },
  // The two screens whose header has no back link: the loading shell leaves no room for one (ScreenLoading.tsx).
  { path: "home", lazy: () => import("./screens/Home.tsx"), handle: { noBackLink: true } },
  { path: "profile", lazy: () => import("./screens/Profile.tsx") },
  { path: "profile-completion", lazy: () => import("./screens/ProfileCompletion.tsx") },
  { path: "booking/category", lazy: () => import("./screens/booking/Category.tsx") },
  { path: "booking/datetime", lazy: () => import("./screens/booking/DateTime.tsx") },
  { path: "booking/delivery-location", lazy: () => import("./screens/booking/DeliveryLocation.tsx") },
  { path: "booking/return-location", lazy: () => import("./screens/booking/ReturnLocation.tsx") },
  { path: "booking/confirmation", lazy: () => import("./screens/booking/Confirmation.tsx") },
  { path: "booking/success", lazy: () => import("./screens/booking/Success.tsx"), handle: { noBackLink: true } },
  { path: "bookings", lazy: () => import("./screens/MyBookings.tsx") },
  { path: "bookings/:id", lazy: () => import("./screens/BookingDetails.tsx") },
  // Changing a booking (issue 13): a summary, and the booking flow's own steps, each returning to it.
  {
    path: "bookings/:id/change",
    lazy: () => import("./screens/change/ChangeBooking.tsx"),
    children: [
      { index: true, lazy: () => import("./screens/change/ChangeBooking.tsx").then((m) => ({ Component: m.ChangeSummary })) },
      { path: "car", lazy: () => import("./screens/booking/Category.tsx") },
      { path: "dates", lazy: () => import("./screens/booking/DateTime.tsx") },
      { path: "delivery", lazy: () => import("./screens/booking/DeliveryLocation.tsx") },
      { path: "return", lazy: () => import("./screens/booking/ReturnLocation.tsx") },
    ],
  },
  { path: "bookings/:id/extend", lazy: () => import("./screens/change/ExtendTrip.tsx") },
  // The condition report puts delivery and collection side by side on a desktop: a wide frame.
  { path: "bookings/:id/report", lazy: () => import("./screens/ConditionReport.tsx"), handle: { wideFrame: true } },
  // The tax invoice and its notes, printable on A4.
  { path: "bookings/:id/receipt", lazy: () => import("./screens/Receipt.tsx"), handle: { wideFrame: true } },
];

const screens: RouteObject[] = [
  { index: true, Component: IndexScreen },
  // On a first visit the frame and header paint while the session code and the screen load.
  { id: "customer-session", lazy: () => import("./session/SessionRoot.tsx"), HydrateFallback: CustomerScreenLoading, children: sessionScreens },
];

function CustomerNotFound() {
  return (
    <CustomerScreen footer>
      <NotFound homeHref="/" />
    </CustomerScreen>
  );
}

function CustomerError() {
  return (
    <CustomerScreen>
      <RouteErrorContent homeHref="/" />
    </CustomerScreen>
  );
}

export const customerRoutes: RouteObject = {
  path: "/",
  Component: CustomerLayout,
  children: [
    {
      // Pathless route: errors render inside the phone frame.
      ErrorBoundary: CustomerError,
      children: [...screens, { path: "*", Component: CustomerNotFound }],
    },
  ],
};
