import { Navigate, type RouteObject } from "react-router";
import { AppLoading } from "../ui/AppRoot.tsx";
import { NotFound } from "../ui/NotFound.tsx";
import { RootError, RouteErrorContent } from "../ui/RouteError.tsx";

/**
 * Admin area (SPEC 2, "Admin routes"), full width, under /admin.
 *
 * This file is only a route table (paths + dynamic imports) and is part of the main bundle; the
 * layout (with the admin session) and every screen are lazy route modules, so their code is
 * fetched only on /admin/*. Each screen module exports `Component`.
 *
 * Sign-in and sign-up are open; every other screen sits under the guard (session/RequireAdmin),
 * which sends visitors without an admin session to /admin/signin. /admin/service-areas (linked
 * from the dashboard in SPEC 2), /admin/api-keys and /admin/audit-log complete the back office;
 * /admin/dispatch (a day's deliveries and collections), /admin/drivers and a booking's condition
 * report (/admin/bookings/:id/report) run delivery and collection; /admin/account changes the
 * signed-in admin's password.
 * /admin itself goes to the dashboard; unknown /admin/* paths show the 404 page in the layout.
 */
const signedInScreens: RouteObject[] = [
  { path: "dashboard", lazy: () => import("./screens/Dashboard.tsx") },
  { path: "vehicles", lazy: () => import("./screens/Vehicles.tsx") },
  { path: "bookings", lazy: () => import("./screens/Bookings.tsx") },
  { path: "bookings/:id/report", lazy: () => import("./screens/ConditionReport.tsx") },
  { path: "dispatch", lazy: () => import("./screens/Dispatch.tsx") },
  { path: "drivers", lazy: () => import("./screens/Drivers.tsx") },
  { path: "customers", lazy: () => import("./screens/Customers.tsx") },
  { path: "service-areas", lazy: () => import("./screens/ServiceAreas.tsx") },
  { path: "api-keys", lazy: () => import("./screens/ApiKeys.tsx") },
  { path: "audit-log", lazy: () => import("./screens/AuditLog.tsx") },
  {
    path: "account",
    // One chunk for every area's Account screen (see ../ui/AccountScreen.tsx).
    lazy: async () => {
      const { AccountScreen } = await import("../ui/AccountScreen.tsx");
      return { Component: () => <AccountScreen owner="admin" /> };
    },
  },
];

const screens: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
  { path: "signin", lazy: () => import("./screens/SignIn.tsx") },
  { path: "signup", lazy: () => import("./screens/SignUp.tsx") },
  { id: "admin-session", lazy: () => import("./session/RequireAdmin.tsx"), children: signedInScreens },
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
