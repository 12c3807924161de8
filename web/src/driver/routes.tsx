import { Navigate, type RouteObject } from "react-router";
import { AppLoading } from "../ui/AppRoot.tsx";
import { NotFound } from "../ui/NotFound.tsx";
import { RootError, RouteErrorContent } from "../ui/RouteError.tsx";

/**
 * Driver app, phone-first, under /driver: sign-in, the day's jobs (today or tomorrow), one job
 * with its checklist, and the account (change password, linked from the jobs). A route table only (in the main
 * bundle); the layout and the screens are lazy modules, so customers never download the driver app.
 */
const screens: RouteObject[] = [
  { path: "signin", lazy: () => import("./screens/SignIn.tsx") },
  {
    lazy: { Component: async () => (await import("./DriverLayout.tsx")).RequireDriver },
    children: [
      { index: true, lazy: () => import("./screens/Jobs.tsx") },
      { path: "jobs/:id", lazy: () => import("./screens/Job.tsx") },
      { path: "jobs", element: <Navigate to="/driver" replace /> },
      {
        path: "account",
        // One chunk for every area's Account screen (see ../ui/AccountScreen.tsx).
        lazy: async () => {
          const { AccountScreen } = await import("../ui/AccountScreen.tsx");
          return { Component: () => <AccountScreen owner="driver" /> };
        },
      },
    ],
  },
];

function DriverNotFound() {
  return <NotFound homeHref="/driver" homeLabel="Go to my jobs" />;
}

function DriverError() {
  return <RouteErrorContent homeHref="/driver" />;
}

export const driverRoutes: RouteObject = {
  path: "/driver",
  lazy: { Component: async () => (await import("./DriverLayout.tsx")).DriverLayout },
  HydrateFallback: AppLoading,
  ErrorBoundary: RootError,
  children: [{ ErrorBoundary: DriverError, children: [...screens, { path: "*", Component: DriverNotFound }] }],
};
