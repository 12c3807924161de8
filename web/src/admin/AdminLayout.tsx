/**
 * Full-width admin layout (lazy: customers never download the admin area). It brings the admin
 * session: its own GraphQL client (never the customer's), the toasts, and the header with the
 * section links, Account (change password) and Sign Out once an admin is signed in.
 */
import { Portal } from "@ark-ui/react/portal";
import { useState, useSyncExternalStore } from "react";
import { NavLink, useNavigate } from "react-router";
import { Provider } from "urql";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes";
import { AreaShell } from "../ui/AreaShell.tsx";
import { Button } from "../ui/Button.tsx";
import { LogOutIcon, UserIcon } from "../ui/icons.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { Toasts, notifySuccess } from "../ui/toast.tsx";
import { useAdminAuth } from "./session/auth.ts";
import { getAdminClient, subscribeAdminClient } from "./session/client.ts";
import { adminDisplayName, useAdminInfo, useAdminToken } from "./session/store.ts";

export const ADMIN_SECTIONS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/vehicles", label: "Vehicles" },
  { to: "/admin/bookings", label: "Bookings" },
  { to: "/admin/dispatch", label: "Dispatch" },
  { to: "/admin/drivers", label: "Drivers" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/service-areas", label: "Service Areas" },
  { to: "/admin/api-keys", label: "API Keys" },
  { to: "/admin/audit-log", label: "Audit Log" },
] as const;

// A phone scrolls the sections sideways (its edge fades: there is more); from a tablet's width they
// wrap onto a second row rather than hide the last ones off the edge with no sign of them.
const navRow = css({
  display: "flex",
  flexWrap: { base: "nowrap", md: "wrap" },
  gap: "1",
  pl: { base: "1", md: "5" },
  // Room past the last section, so scrolled to the end it is clear of the fade.
  pr: { base: "8", md: "5" },
  overflowX: { base: "auto", md: "visible" },
  scrollbarWidth: "none",
  maskImage: { base: "linear-gradient(to right, black calc(100% - 2rem), transparent)", md: "none" },
  borderTopWidth: "1px",
  borderColor: "border.default",
  "& a": {
    flexShrink: 0,
    display: "inline-flex",
    alignItems: "center",
    minH: "11",
    px: "3",
    fontSize: "sm",
    fontWeight: "600",
    color: "fg.muted",
    textDecoration: "none",
    borderBottomWidth: "3px",
    borderColor: "transparent",
    mb: "-1px",
    _hover: { color: "fg.default" },
    _focusVisible: { outlineOffset: "-3px" },
    "&[aria-current=page]": { color: "brand.text", borderColor: "brand.solid" },
  },
});

function AdminNav() {
  return (
    <nav aria-label="Admin sections" className={navRow}>
      {ADMIN_SECTIONS.map((section) => (
        <NavLink key={section.to} to={section.to}>
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** Sign Out (SPEC 2, dashboard; here on every admin screen): ends the session, "Signed out". */
export function useAdminSignOut() {
  const { signOut } = useAdminAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await signOut(() => navigate("/admin/signin", { replace: true }));
      notifySuccess("Signed out");
    } finally {
      setBusy(false);
    }
  };
  return { signOut: run, busy };
}

const accountLink = cx(button({ variant: "ghost", size: "sm" }), css({ "&[aria-current=page]": { bg: "brand.subtle" } }));

function AdminActions() {
  const admin = useAdminInfo();
  const { signOut, busy } = useAdminSignOut();
  return (
    <div className={css({ display: "flex", alignItems: "center", gap: "3" })}>
      {admin ? (
        <span className={css({ display: { base: "none", md: "flex" }, flexDirection: "column", alignItems: "flex-end", lineHeight: "1.25" })}>
          <span className={css({ fontSize: "sm", fontWeight: "600" })}>{adminDisplayName(admin)}</span>
          <span className={css({ fontSize: "xs", color: "fg.muted" })}>{admin.email}</span>
        </span>
      ) : null}
      <NavLink to="/admin/account" className={accountLink}>
        <UserIcon size={16} />
        {/* On a phone only the icon shows (the header keeps to one line); the word stays for screen readers. */}
        <span className={css({ srOnly: { base: true, md: false } })}>Account</span>
      </NavLink>
      <Button variant="outline" size="sm" onClick={() => void signOut()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? <Spinner /> : <LogOutIcon size={16} />}
        Sign Out
      </Button>
    </div>
  );
}

export function AdminLayout() {
  const client = useSyncExternalStore(subscribeAdminClient, getAdminClient, getAdminClient);
  const token = useAdminToken();
  return (
    <Provider value={client}>
      <AreaShell area="Admin" actions={token ? <AdminActions /> : undefined} nav={token ? <AdminNav /> : undefined} />
      {/* In a portal beside the dialogs' (outside #root's stacking context), so a toast raised
          from a dialog shows above it. */}
      <Portal>
        <Toasts align="desk" />
      </Portal>
    </Provider>
  );
}
