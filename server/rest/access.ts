// Who may call a REST route, declared on the route: `{ access: "admin" }`, `{ access: { key:
// "vehicles:read" } }` (an admin, or an API key with that permission; a list: with all of them),
// "customer", "dealership", "driver", "signedIn" or "anyone". The macro resolves the viewer once per request and refuses with the
// services' own errors (401 sign in / session expired / bad key, 403 another area or a missing
// permission) before the handler runs; the handler gets `viewer`. The services check again: the
// route's declaration is what a reader sees, the service's check is what no transport can skip.
import { Elysia } from "elysia";
import type { ApiKeyPermission } from "#domain";
import { requireAdmin, requireAdminOrKey, requireCustomer, requireDealership, requireDriver, signInRequired, type Viewer } from "../services/viewer";

/** Resolves (once per request, only when a route asks) who is making the request. */
export type ViewerOf = (request: Request) => Promise<Viewer>;

export type Access = "anyone" | "signedIn" | "customer" | "admin" | "dealership" | "driver" | { key: ApiKeyPermission | readonly ApiKeyPermission[] };

function admit(access: Access, viewer: Viewer): void {
  if (access === "anyone") return;
  if (access === "signedIn") {
    if (viewer.kind === "anonymous") throw signInRequired(viewer);
    return;
  }
  if (access === "customer") requireCustomer(viewer);
  else if (access === "admin") requireAdmin(viewer);
  else if (access === "dealership") requireDealership(viewer);
  else if (access === "driver") requireDriver(viewer);
  else requireAdminOrKey(viewer, access.key);
}

/** The `access` macro every REST area uses (one instance per app: it holds the app's viewer memo). */
export function accessControl(viewerOf: ViewerOf) {
  return new Elysia({ name: "access" }).macro({
    access: (access: Access) => ({
      resolve: async ({ request }) => {
        const viewer = await viewerOf(request);
        admit(access, viewer);
        return { viewer };
      },
    }),
    /** Open to anyone without asking who it is (sign-up, the public listings, a signed upload URL). */
    public: {},
  });
}

export type AccessControl = ReturnType<typeof accessControl>;
