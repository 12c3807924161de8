import type { RouteObject } from "react-router";
import { adminRoutes } from "./admin/routes.tsx";
import { customerRoutes } from "./customer/routes.tsx";
import { dealershipRoutes } from "./dealership/routes.tsx";
import { driverRoutes } from "./driver/routes.tsx";
import { AppLoading, AppRoot } from "./ui/AppRoot.tsx";
import { RootError } from "./ui/RouteError.tsx";

/**
 * The whole route tree. Each area owns its route module; the /admin and /dealership prefixes
 * select those areas, everything else is the customer area (whose "*" route is the 404 page).
 */
export const routes: RouteObject[] = [
  {
    Component: AppRoot,
    HydrateFallback: AppLoading,
    ErrorBoundary: RootError,
    children: [adminRoutes, dealershipRoutes, driverRoutes, customerRoutes],
  },
];
