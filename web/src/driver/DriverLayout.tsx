/**
 * The driver app's layout (lazy: only drivers download it): its own GraphQL client, the toasts,
 * and the header's Jobs link and Sign Out. `RequireDriver` sends a visitor without a driver
 * session to /driver/signin (and back afterwards).
 */
import { useState, useSyncExternalStore } from "react";
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { Provider } from "urql";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes";
import { AreaShell } from "../ui/AreaShell.tsx";
import { Button } from "../ui/Button.tsx";
import { CarIcon, LogOutIcon } from "../ui/icons.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { notifySuccess, Toasts } from "../ui/toast.tsx";
import { useDriverAuth } from "./session/auth.ts";
import { getDriverClient, subscribeDriverClient } from "./session/client.ts";
import { useDriverToken } from "./session/store.ts";

export const SIGN_IN_PATH = "/driver/signin";

const navLink = cx(button({ variant: "ghost" }), css({ "&[aria-current=page]": { bg: "brand.subtle" } }));
/** On a phone the header's buttons show only their icons, so the header keeps to one line (and a field scrolled to is not under it). */
const label = css({ srOnly: { base: true, sm: false } });

function HeaderNav() {
  const navigate = useNavigate();
  const { signOut } = useDriverAuth();
  const [signingOut, setSigningOut] = useState(false);
  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
    notifySuccess("Signed out", "You have signed out of the driver app.");
    navigate(SIGN_IN_PATH, { replace: true });
  }
  return (
    <nav aria-label="Driver app" className={css({ display: "flex", alignItems: "center", gap: "1", ml: "auto" })}>
      <NavLink to="/driver" end className={navLink}>
        <CarIcon size={18} />
        <span className={label}>Jobs</span>
      </NavLink>
      <Button variant="outline" onClick={onSignOut} disabled={signingOut} aria-busy={signingOut || undefined}>
        {signingOut ? <Spinner /> : <LogOutIcon size={18} />}
        <span className={label}>Sign Out</span>
      </Button>
    </nav>
  );
}

export function DriverLayout() {
  const client = useSyncExternalStore(subscribeDriverClient, getDriverClient, getDriverClient);
  const token = useDriverToken();
  return (
    <Provider value={client}>
      <AreaShell area="Driver" actions={token ? <HeaderNav /> : undefined} />
      <Toasts />
    </Provider>
  );
}

export function RequireDriver() {
  const token = useDriverToken();
  const location = useLocation();
  if (!token) return <Navigate to={SIGN_IN_PATH} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}
