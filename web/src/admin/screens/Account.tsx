/**
 * My account (/admin/account, from the header's Account link): who is signed in and Change
 * Password (at least 8 characters, like an admin's sign-up).
 */
import { css } from "styled-system/css";
import { ChangePasswordForm } from "../../ui/ChangePasswordForm.tsx";
import { PageHeader, Panel, pageStack } from "../components/Page.tsx";
import { adminDisplayName, useAdminInfo } from "../session/store.ts";

export function Component() {
  const admin = useAdminInfo();
  return (
    <div className={pageStack}>
      <PageHeader title="My Account" description={admin ? `${adminDisplayName(admin)} · ${admin.email}` : undefined} />
      <Panel
        title="Change Password"
        className={css({ maxW: "xl" })}
        bodyClassName={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "4", md: "5" } })}
      >
        <p className={css({ textStyle: "small", color: "fg.muted" })}>Anyone else signed in to this account is signed out; you stay signed in here.</p>
        <ChangePasswordForm owner="admin" />
      </Panel>
    </div>
  );
}
