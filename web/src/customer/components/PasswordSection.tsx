/**
 * The Profile screen's Password card: "Change Password" opens the form (current, new, confirm;
 * at least 6 characters). A customer who signed up with Google has no password to change: the
 * card says they sign in with Google and offers the emailed link that sets one. Setting one here
 * without a current password would let whoever holds a session (a borrowed phone, a stolen token)
 * put a password on the account; the link proves the mailbox is theirs, and the reset flow
 * already accepts Google-only accounts.
 */
import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { graphql } from "../../lib/graphql.ts";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { LockIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { ChangePasswordForm } from "../../ui/AccountScreen.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

const SIGN_IN_METHOD = graphql(`
  query ProfileSignInMethod {
    me {
      id
      hasPassword
    }
  }
`);

const REQUEST_SET_PASSWORD_LINK = graphql(`
  mutation ProfileSetPasswordLink($input: ForgotPasswordInput!) {
    requestPasswordReset(input: $input)
  }
`);

const lead = css({ textStyle: "small", color: "fg.muted" });

function GoogleOnly({ email }: { email: string }) {
  const [{ fetching }, requestLink] = useMutation(REQUEST_SET_PASSWORD_LINK);
  const [outcome, setOutcome] = useState<"sent" | "failed" | null>(null);
  async function onRequest() {
    setOutcome(null);
    const result = await requestLink({ input: { email } });
    setOutcome(result.data?.requestPasswordReset ? "sent" : "failed");
  }
  return (
    <>
      <p className={lead}>
        You sign in with Google, so your account has no password to change. To sign in with your email too, set a password with a link we email you.
      </p>
      <div role="status">
        {outcome === "sent" ? (
          <Notice tone="success" title="Check your email">
            <p>We've sent a link to {email}. It works once, for one hour.</p>
          </Notice>
        ) : null}
      </div>
      {outcome === "failed" ? (
        <div role="alert">
          <Notice tone="danger" title="Link not sent">
            <p>We couldn't send the link. Please try again.</p>
          </Notice>
        </div>
      ) : null}
      <Button variant="outline" fullWidth onClick={onRequest} disabled={fetching} aria-busy={fetching || undefined}>
        {fetching ? <Spinner /> : null}
        Email Me a Link
      </Button>
    </>
  );
}

/** `headingClassName`: the Profile screen's card heading, so this card's reads like its neighbours'. */
export function PasswordSection({ email, headingClassName }: { email: string; headingClassName: string }) {
  const [{ data, error }, refetch] = useQuery({ query: SIGN_IN_METHOD });
  const [open, setOpen] = useState(false);
  const hasPassword = data?.me?.hasPassword;
  return (
    <Card as="section" aria-labelledby="profile-password" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <h2 id="profile-password" className={headingClassName}>
        <LockIcon />
        Password
      </h2>
      {hasPassword === undefined ? (
        error ? (
          // Never an empty card: say why, and offer the way to try again.
          <>
            <p className={lead}>We couldn't check how you sign in. Check your connection and try again.</p>
            <Button variant="outline" fullWidth onClick={() => refetch({ requestPolicy: "network-only" })}>
              Try again
            </Button>
          </>
        ) : (
          // The lead and the button's room while the sign-in method loads, so the card does not jump.
          <div aria-hidden="true" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <Skeleton className={css({ h: "10", w: "full" })} />
            <Skeleton className={css({ h: "11", w: "full" })} />
          </div>
        )
      ) : hasPassword === false ? (
        <GoogleOnly email={email} />
      ) : open ? (
        <ChangePasswordForm owner="customer" fullWidthButton />
      ) : (
        <>
          <p className={lead}>Change the password you sign in with. Other devices signed in to your account will be signed out.</p>
          <Button variant="outline" fullWidth onClick={() => setOpen(true)}>
            Change Password
          </Button>
        </>
      )}
    </Card>
  );
}
