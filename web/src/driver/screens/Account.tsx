/**
 * Account (/driver/account): who is signed in and Change Password. A driver signs in first with
 * the password the office gave them (rentals-cli driver create, or the back office); this is
 * where they make one of their own.
 */
import { css } from "styled-system/css";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Card } from "../../ui/Card.tsx";
import { ChangePasswordForm } from "../../ui/ChangePasswordForm.tsx";
import { useDriverInfo } from "../session/store.ts";

export function Component() {
  usePageTitle("Account");
  const driver = useDriverInfo();
  return (
    <div className={css({ width: "full", maxW: "xl", mx: "auto", display: "flex", flexDirection: "column", gap: "4" })}>
      <div>
        <h1 className={css({ textStyle: "title" })}>Account</h1>
        {driver ? <p className={css({ color: "fg.muted", fontSize: "sm", overflowWrap: "anywhere" })}>Signed in as {driver.name}</p> : null}
      </div>
      <Card as="section" aria-labelledby="change-password" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <div>
          <h2 id="change-password" className={css({ textStyle: "heading", fontSize: "md" })}>
            Change Password
          </h2>
          <p className={css({ textStyle: "small", color: "fg.muted", mt: "1" })}>
            Signed in with the password the office gave you? Choose one only you know. Other phones signed in as you are signed out.
          </p>
        </div>
        <ChangePasswordForm owner="driver" fullWidthButton />
      </Card>
    </div>
  );
}
