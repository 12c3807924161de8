/**
 * The customer session: the GraphQL client, the auth state and the toast region, around every
 * customer screen except the landing and 404 pages (which stay in the small main bundle).
 *
 * `Component` is the lazy layout route of /signup, /signin, /home, ...; `SessionRoot` wraps the
 * Home screen when it is shown on "/" for a signed-in customer. Both share one client (it lives
 * at module level in client.ts), so moving between them keeps the cache.
 */
import { useSyncExternalStore, type ReactNode } from "react";
import { Outlet } from "react-router";
import { Provider } from "urql";
import { AuthProvider } from "./auth.tsx";
import { getCustomerClient, subscribeCustomerClient } from "./client.ts";
import { Toasts } from "./toast.tsx";

export function SessionRoot({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribeCustomerClient, getCustomerClient, getCustomerClient);
  return (
    <Provider value={client}>
      <AuthProvider>{children}</AuthProvider>
      <Toasts align="end" />
    </Provider>
  );
}

export function Component() {
  return (
    <SessionRoot>
      <Outlet />
    </SessionRoot>
  );
}
