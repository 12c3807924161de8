/**
 * Account (/dealership/account): who is signed in (company, code, contact) and Change Password.
 * A dealership signs in first with the password an operator gave it (rentals-cli dealership
 * onboard); this is where it makes one of its own.
 */
import { css } from "styled-system/css";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Card } from "../../ui/Card.tsx";
import { ChangePasswordForm } from "../../ui/ChangePasswordForm.tsx";
import { PageHeader, pageStack } from "../components/PageHeader.tsx";
import { useDealershipInfo } from "../session/store.ts";

const column = css({ display: "flex", flexDirection: "column", gap: "4", width: "full", maxW: "xl" });
const heading = css({ textStyle: "heading", fontSize: "lg" });

export function Component() {
  usePageTitle("Account");
  const info = useDealershipInfo();
  return (
    <div className={pageStack}>
      <PageHeader title="Account" subtitle={info ? `${info.companyName} · dealership code ${info.dealershipCode}` : undefined} />
      <div className={column}>
        <Card as="section" aria-labelledby="change-password" padding="lg" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
          <div>
            <h2 id="change-password" className={heading}>
              Change Password
            </h2>
            <p className={css({ textStyle: "small", color: "fg.muted", mt: "1" })}>
              Signed in with the password you were given? Choose one only you know. Anyone else signed in to this dealership is signed out.
            </p>
          </div>
          <ChangePasswordForm owner="dealership" />
        </Card>
      </div>
    </div>
  );
}
