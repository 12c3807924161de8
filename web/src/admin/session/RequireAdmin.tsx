/**
 * The guard around every admin screen but sign-in and sign-up (SPEC 4, "Admin auth"): no token
 * -> /admin/signin; a token that is not a signed-in admin's (adminMe null: a customer's or a
 * dealership's token, or a dead session: 401 / "Unauthorized") is dropped -> /admin/signin.
 * The screens render only once the server has confirmed the admin. An admin whose password an
 * operator set (rentals-cli admin create) is asked to choose their own first, at the same address.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifySuccess } from "../../ui/toast.tsx";
import { ADMIN_ME } from "./auth.ts";
import { isSessionError } from "./client.ts";
import { clearAdminSession, storeAdminInfo, useAdminToken } from "./store.ts";

// The Account screen's chunk (loaded only when the step shows): no chunk of its own.
const ChooseOwnPassword = lazy(async () => ({ default: (await import("../../ui/AccountScreen.tsx")).ChooseOwnPassword }));

export function Component() {
  const token = useAdminToken();
  const location = useLocation();
  const [me, refetch] = useQuery({ query: ADMIN_ME, pause: token === null, requestPolicy: "network-only" });
  const admin = me.data?.adminMe ?? null;
  const notAdmin = token !== null && !me.fetching && me.data !== undefined && me.data.adminMe === null;
  const sessionOver = me.error !== undefined && isSessionError(me.error);
  const [chosen, setChosen] = useState(false);

  useEffect(() => {
    if (notAdmin || sessionOver) clearAdminSession();
  }, [notAdmin, sessionOver]);

  useEffect(() => {
    if (admin) storeAdminInfo(admin);
  }, [admin]);

  if (token === null || notAdmin || sessionOver) {
    return <Navigate to="/admin/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (admin?.passwordChangeRequired && !chosen) {
    const onChosen = () => {
      notifySuccess("Your password has been changed", "Use it the next time you sign in.");
      setChosen(true);
      refetch({ requestPolicy: "network-only" });
    };
    return (
      <Suspense fallback={<Spinner size="lg" label="Loading…" />}>
        <ChooseOwnPassword owner="admin" onChosen={onChosen} />
      </Suspense>
    );
  }
  if (admin) return <Outlet />;
  if (me.error) {
    return (
      <div className={css({ maxW: "lg", mx: "auto", mt: "12", display: "flex", flexDirection: "column", gap: "4" })} role="alert">
        <Notice tone="danger" title="Could not reach CapeDrive">
          Your admin session could not be checked. Please check your connection and try again.
        </Notice>
        <div>
          <Button onClick={() => refetch({ requestPolicy: "network-only" })}>Try again</Button>
        </div>
      </div>
    );
  }
  return (
    <div className={css({ flex: "1", display: "flex", alignItems: "center", justifyContent: "center", color: "brand.text", py: "16" })}>
      <Spinner size="lg" label="Checking your session…" />
    </div>
  );
}
