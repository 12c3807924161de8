import type { RouteObject } from "react-router";
import { AppLoading } from "../ui/AppRoot.tsx";
import { NotFound } from "../ui/NotFound.tsx";
import { RootError, RouteErrorContent } from "../ui/RouteError.tsx";

/**
 * Admin area (SPEC 2, "Admin routes"), full width, under /admin.
 *
 * This file is only a route table (paths + dynamic imports) and is part of the main bundle; the
 * layout and every screen are lazy route modules, so their code is fetched only on /admin/*.
 * Later screens slot into `screens`, e.g.
 *   { path: "signin", lazy: () => import("./screens/SignIn.tsx") }
 * (the module exports `Component`, optionally `loader`, `ErrorBoundary`, ...).
 * Unknown /admin/* paths show the 404 page inside the admin layout.
 */
const screens: RouteObject[] = [
  // signin, signup, dashboard, vehicles, bookings, customers: to come.
  // (service-areas has no route in SPEC 2: it stays a 404.)
];

function AdminNotFound() {
  return <NotFound homeHref="/admin/dashboard" homeLabel="Go to the dashboard" />;
}

function AdminError() {
  return <RouteErrorContent homeHref="/admin/dashboard" />;
}

export const adminRoutes: RouteObject = {
  path: "/admin",
  lazy: { Component: async () => (await import("./AdminLayout.tsx")).AdminLayout },
  HydrateFallback: AppLoading,
  ErrorBoundary: RootError, // the layout itself failed to load
  children: [
    {
      ErrorBoundary: AdminError,
      children: [...screens, { path: "*", Component: AdminNotFound }],
    },
  ],
};
