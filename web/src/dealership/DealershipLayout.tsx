/**
 * Full-width dealership layout (SPEC 1, 2). Loaded lazily: customers never download the
 * dealership area. It brings the portal's own GraphQL client (session/client.ts), the toasts, and
 * the header's navigation for a signed-in dealership (Dashboard, Leads with the unread count,
 * Account, Sign Out). `RequireDealership` guards every screen but sign-in (SPEC 4: missing token ->
 * /dealership/signin).
 */
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { Provider, useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes";
import { AreaShell } from "../ui/AreaShell.tsx";
import { Button } from "../ui/Button.tsx";
import { CarIcon, InboxIcon, LogOutIcon, UserIcon } from "../ui/icons.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { notifySuccess, Toasts } from "../ui/toast.tsx";
import { useDealershipAuth } from "./session/auth.ts";
import { getDealershipClient, subscribeDealershipClient } from "./session/client.ts";
import { storeDealershipInfo, useDealershipInfo, useDealershipToken } from "./session/store.ts";
import { graphql } from "../lib/graphql.ts";

export const SIGN_IN_PATH = "/dealership/signin";
/** PASSWORD_CHANGE_MESSAGES.changed (the domain's messages module is not imported into this chunk). */
const PASSWORD_CHANGED = "Your password has been changed";

const UNREAD_LEADS = graphql(`
  query DealershipUnreadLeads {
    dealershipLeads(limit: 1) {
      unread
    }
  }
`);

// Whether the password is still the one CapeDrive set: asked on every load of the portal.
const PASSWORD_STATE = graphql(`
  query DealershipPasswordState {
    dealershipMe {
      id
      passwordChangeRequired
    }
  }
`);

// The Account screen's chunk (loaded only when the step shows): no chunk of its own.
const ChooseOwnPassword = lazy(async () => ({ default: (await import("../ui/AccountScreen.tsx")).ChooseOwnPassword }));

// 44 px targets for a thumb on a phone (where the links show only their icons), 36 with a mouse.
const phoneTarget = css({ minH: { base: "11", md: "9" }, minW: { base: "11", md: "auto" } });
const navLink = cx(button({ variant: "ghost", size: "sm" }), phoneTarget, css({ "&[aria-current=page]": { bg: "brand.subtle" }, position: "relative" }));

// The words stay for screen readers on a narrow screen, where only the icons show.
const label = css({ srOnly: { base: true, md: false } });

const countBadge = css({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minW: "5",
  height: "5",
  px: "1.5",
  borderRadius: "full",
  bg: "accent.solid",
  color: "white",
  fontSize: "xs",
  fontWeight: "700",
  lineHeight: "1",
});

function HeaderNav() {
  const navigate = useNavigate();
  const { signOut } = useDealershipAuth();
  const [signingOut, setSigningOut] = useState(false);
  const { pathname } = useLocation();
  const [leads, refetchLeads] = useQuery({ query: UNREAD_LEADS });
  const unread = leads.data?.dealershipLeads.unread ?? 0;
  // New enquiries arrive at any time: the count is fetched again on every page change.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = "";
    refetchLeads({ requestPolicy: "cache-and-network" });
  }, [pathname, refetchLeads]);

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
    notifySuccess("Signed out", "You have signed out of the dealership portal.");
    navigate(SIGN_IN_PATH, { replace: true });
  }

  return (
    <nav aria-label="Dealership portal" className={css({ display: "flex", alignItems: "center", gap: "1" })}>
      {/* Named by their own text (an aria-label that differs from the words on show fails axe's label-content-name-mismatch). */}
      <NavLink to="/dealership/dashboard" className={navLink}>
        <CarIcon size={18} />
        <span className={label}>Dashboard</span>
      </NavLink>
      <NavLink to="/dealership/leads" className={navLink}>
        <InboxIcon size={18} />
        {/* One text for screen readers ("Leads, 3 unread"); the word and the badge are what the eye reads. */}
        <span className={label} aria-hidden={unread > 0 || undefined}>
          Leads
        </span>
        {unread > 0 ? <span className={css({ srOnly: true })}>Leads, {unread} unread</span> : null}
        {unread > 0 ? (
          <span className={countBadge} aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </NavLink>
      <NavLink to="/dealership/account" className={navLink}>
        <UserIcon size={18} />
        <span className={label}>Account</span>
      </NavLink>
      <Button variant="outline" size="sm" className={phoneTarget} onClick={onSignOut} disabled={signingOut} aria-busy={signingOut || undefined}>
        {signingOut ? <Spinner /> : <LogOutIcon size={18} />}
        Sign Out
      </Button>
    </nav>
  );
}

export function DealershipLayout() {
  const client = useSyncExternalStore(subscribeDealershipClient, getDealershipClient, getDealershipClient);
  const token = useDealershipToken();
  return (
    <Provider value={client}>
      <AreaShell area="Dealership portal" actions={token ? <HeaderNav /> : undefined} />
      <Toasts align="desk" />
    </Provider>
  );
}

/**
 * Every portal screen but sign-in: without a token, go to sign-in (and come back afterwards).
 * While the password is still the one CapeDrive set (the sign-in's answer, then the server's on
 * each load), the "Choose your own password" step shows instead, at the same address, so the
 * screen the dealership was going to follows it.
 */
export function RequireDealership() {
  const token = useDealershipToken();
  const stored = useDealershipInfo();
  const location = useLocation();
  const [me, refetchMe] = useQuery({ query: PASSWORD_STATE, pause: !token, requestPolicy: "cache-and-network" });
  const [chosen, setChosen] = useState(false);
  if (!token) return <Navigate to={SIGN_IN_PATH} replace state={{ from: `${location.pathname}${location.search}` }} />;
  const required = !chosen && (me.data?.dealershipMe.passwordChangeRequired ?? stored?.passwordChangeRequired ?? false);
  if (!required) return <Outlet />;
  const onChosen = () => {
    notifySuccess(PASSWORD_CHANGED, "Use it the next time you sign in.");
    if (stored) storeDealershipInfo({ ...stored, passwordChangeRequired: false });
    setChosen(true);
    refetchMe({ requestPolicy: "network-only" });
  };
  return (
    <Suspense fallback={<Spinner size="lg" label="Loading…" />}>
      <ChooseOwnPassword owner="dealership" onChosen={onChosen} />
    </Suspense>
  );
}
