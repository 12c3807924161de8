import type { RouteObject } from "react-router";
import { AppLoading } from "../ui/AppRoot.tsx";
import { NotFound } from "../ui/NotFound.tsx";
import { RootError, RouteErrorContent } from "../ui/RouteError.tsx";

/**
 * Dealership area (SPEC 2, "Dealership routes"), full width, under /dealership.
 *
 * Only a route table lives here; the layout and every screen are lazy route modules, e.g.
 *   { path: "signin", lazy: () => import("./screens/SignIn.tsx") }
 *   { path: "vehicles/add", lazy: () => import("./screens/AddVehicle.tsx") }
 * Unknown /dealership/* paths (including /dealership/vehicles/{id}/edit, which SPEC 2 leaves
 * without a route) show the 404 page inside the dealership layout.
 */
const screens: RouteObject[] = [
  // signin, dashboard, vehicles/add: to come.
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
