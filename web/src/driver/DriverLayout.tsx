/**
 * The driver app's layout (lazy: only drivers download it): its own GraphQL client, the toasts,
 * and the header's Jobs link and Sign Out. `RequireDriver` sends a visitor without a driver
 * session to /driver/signin (and back afterwards).
 */
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { Provider, useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes";
import { AreaShell } from "../ui/AreaShell.tsx";
import { Button } from "../ui/Button.tsx";
import { CarIcon, LogOutIcon } from "../ui/icons.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { notifySuccess, Toasts } from "../ui/toast.tsx";
import { PASSWORD_STATE, useDriverAuth } from "./session/auth.ts";
import { getDriverClient, subscribeDriverClient } from "./session/client.ts";
import { storeDriverInfo, useDriverInfo, useDriverToken } from "./session/store.ts";

export const SIGN_IN_PATH = "/driver/signin";
/** PASSWORD_CHANGE_MESSAGES.changed (the domain's messages module is not imported into this chunk). */
const PASSWORD_CHANGED = "Your password has been changed";

// The Account screen's chunk (loaded only when the step shows): no chunk of its own.
const ChooseOwnPassword = lazy(async () => ({ default: (await import("../ui/AccountScreen.tsx")).ChooseOwnPassword }));

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

/**
 * Every screen but sign-in. While the password is still the one the office set (the sign-in's
 * answer, then the server's on each load), the "Choose your own password" step shows instead, at
 * the same address, so the screen the driver was going to follows it.
 */
export function RequireDriver() {
  const token = useDriverToken();
  const stored = useDriverInfo();
  const location = useLocation();
  const [me, refetchMe] = useQuery({ query: PASSWORD_STATE, pause: !token, requestPolicy: "cache-and-network" });
  const [chosen, setChosen] = useState(false);
  if (!token) return <Navigate to={SIGN_IN_PATH} replace state={{ from: `${location.pathname}${location.search}` }} />;
  const required = !chosen && (me.data?.driverMe?.passwordChangeRequired ?? stored?.passwordChangeRequired ?? false);
  if (!required) return <Outlet />;
  const onChosen = () => {
    notifySuccess(PASSWORD_CHANGED, "Use it the next time you sign in.");
    if (stored) storeDriverInfo({ ...stored, passwordChangeRequired: false });
    setChosen(true);
    refetchMe({ requestPolicy: "network-only" });
  };
  return (
    <Suspense fallback={<Spinner size="lg" label="Loading…" />}>
      <ChooseOwnPassword owner="driver" onChosen={onChosen} />
    </Suspense>
  );
}
