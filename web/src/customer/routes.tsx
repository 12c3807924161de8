import type { RouteObject } from "react-router";
import { NotFound } from "../ui/NotFound.tsx";
import { RouteErrorContent } from "../ui/RouteError.tsx";
import { CustomerLayout } from "./CustomerLayout.tsx";
import { CustomerScreen } from "./CustomerScreen.tsx";
import { Landing } from "./Landing.tsx";

/**
 * Customer area (SPEC 2, "Customer routes"), inside the phone-width frame.
 *
 * Later screens slot into `screens` below, each as a lazy route module so it is downloaded only
 * when visited, e.g.
 *   { path: "signin", lazy: () => import("./screens/SignIn.tsx") }
 * where the module exports `Component` (and optionally `loader`, `ErrorBoundary`, ...).
 * The landing screen is the entry point and tiny, so it ships in the main bundle.
 * Paths not listed here show the 404 page.
 */
const screens: RouteObject[] = [
  { index: true, Component: Landing },
  // /signup, /signin, /reset-password, /home, /profile, /profile-completion,
  // /booking/category, /booking/datetime, /booking/delivery-location,
  // /booking/return-location, /booking/confirmation, /booking/success,
  // /bookings, /cars-for-sale: to come.
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
