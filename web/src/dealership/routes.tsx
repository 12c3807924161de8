import { Navigate, type RouteObject } from "react-router";
import { AppLoading } from "../ui/AppRoot.tsx";
import { NotFound } from "../ui/NotFound.tsx";
import { RootError, RouteErrorContent } from "../ui/RouteError.tsx";

/**
 * Dealership area (SPEC 2, "Dealership routes"), full width, under /dealership.
 *
 * Only a route table lives here (it is part of the main bundle); the layout and every screen are
 * lazy route modules. /dealership/signin is open; the other screens sit under RequireDealership
 * (no token -> sign-in). /dealership/vehicles/{id}/edit is the edit screen SPEC 2 points to
 * without a route; /dealership/leads lists Contact Seller enquiries; /dealership/account changes the password. Unknown /dealership/* paths
 * show the 404 page inside the dealership layout.
 */
const signedInScreens: RouteObject[] = [
  { path: "dashboard", lazy: () => import("./screens/Dashboard.tsx") },
  { path: "vehicles/add", lazy: () => import("./screens/AddVehicle.tsx") },
  { path: "vehicles/:id/edit", lazy: () => import("./screens/EditVehicle.tsx") },
  { path: "leads", lazy: () => import("./screens/Leads.tsx") },
  {
    path: "account",
    // One chunk for every area's Account screen (see ../ui/AccountScreen.tsx).
    lazy: async () => {
      const { AccountScreen } = await import("../ui/AccountScreen.tsx");
      return { Component: () => <AccountScreen owner="dealership" /> };
    },
  },
];

const screens: RouteObject[] = [
  { index: true, element: <Navigate to="/dealership/dashboard" replace /> },
  { path: "signin", lazy: () => import("./screens/SignIn.tsx") },
  {
    lazy: { Component: async () => (await import("./DealershipLayout.tsx")).RequireDealership },
    children: signedInScreens,
  },
];

function DealershipNotFound() {
  return <NotFound homeHref="/dealership/dashboard" homeLabel="Go to the dashboard" />;
}

function DealershipError() {
  return <RouteErrorContent homeHref="/dealership/dashboard" />;
}

export const dealershipRoutes: RouteObject = {
  path: "/dealership",
  lazy: { Component: async () => (await import("./DealershipLayout.tsx")).DealershipLayout },
  HydrateFallback: AppLoading,
  ErrorBoundary: RootError,
  children: [
    {
      ErrorBoundary: DealershipError,
      children: [...screens, { path: "*", Component: DealershipNotFound }],
    },
  ],
};
