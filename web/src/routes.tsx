import type { PatchRoutesOnNavigationFunction, RouteObject } from "react-router";
import { customerRoutes } from "./customer/routes.tsx";
import { AppLoading, AppRoot } from "./ui/AppRoot.tsx";
import { RootError } from "./ui/RouteError.tsx";

const ROOT_ID = "root";

/**
 * The whole route tree as the landing page starts it: the customer area (whose "*" route is the
 * 404 page). The /admin, /dealership and /driver areas each own a route module too, added to the
 * tree on the first visit under their prefix (`addAreaRoutes`), so the landing page downloads none
 * of their route tables.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ID,
    Component: AppRoot,
    HydrateFallback: AppLoading,
    ErrorBoundary: RootError,
    children: [customerRoutes],
  },
];

const AREA_ROUTES = {
  admin: async () => (await import("./admin/routes.tsx")).adminRoutes,
  dealership: async () => (await import("./dealership/routes.tsx")).dealershipRoutes,
  driver: async () => (await import("./driver/routes.tsx")).driverRoutes,
} satisfies Record<string, () => Promise<RouteObject>>;
const AREA_PREFIX = /^\/(admin|dealership|driver)(?=\/|$)/;
const added = new Set<string>();

/**
 * The router's `patchRoutesOnNavigation`: before a path under an area's prefix is matched (the
 * customer area's "*" would take it), that area's routes join the tree, once. A route module that
 * cannot load (offline) fails the navigation into the root's error screen, and is asked for again
 * on the next try.
 */
export const addAreaRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const area = AREA_PREFIX.exec(path)?.[1] as keyof typeof AREA_ROUTES | undefined;
  if (!area || added.has(area)) return;
  const table = await AREA_ROUTES[area]();
  if (added.has(area)) return; // two navigations raced for it
  added.add(area);
  patch(ROOT_ID, [table]);
};
