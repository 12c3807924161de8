/**
 * Change Password, for whoever is signed in, and the admin, dealership and driver areas' Account
 * screen that holds it. One module (one lazily loaded chunk) for every area: the landing page's
 * bundle lists every chunk by name, and a chunk per area cost it more than its budget had left.
 *
 * "Change password" for whoever is signed in (customer, admin, dealership or driver): current
 * password, new password, the new one again. It calls `changePassword` through the area's own
 * GraphQL client (the nearest urql Provider). A wrong current password is an error on that field
 * (focused), never only a toast; success says so where the form was and keeps the user signed in
 * (the server signs the account out everywhere else). Only lazily loaded screens import this.
 *
 * `ChooseOwnPassword` is the same form as the step each staff area's guard shows before anything
 * else while the password is still one CapeDrive staff set (`passwordChangeRequired`).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { useMutation } from "urql";
import { css } from "styled-system/css";
import { usePageTitle } from "../lib/usePageTitle.ts";
import { PASSWORD_CHANGE_MESSAGES, PASSWORD_MINIMUM, passwordChangeFormSchema, type PasswordChangeFormInput, type PasswordOwner } from "#domain/schemas.ts";
import { CONNECTION_MESSAGE, isTransientError, serverFieldErrors, serverMessage } from "../lib/errors.ts";
import { graphql } from "../lib/graphql.ts";
import { Button } from "./Button.tsx";
import { Card } from "./Card.tsx";
import { Field } from "./Field.tsx";
import { ChevronLeftIcon } from "./icons.tsx";
import { Notice } from "./Notice.tsx";
import { SignInCard } from "./SignInCard.tsx";
import { Spinner } from "./Spinner.tsx";

const CHANGE_PASSWORD = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input)
  }
`);

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

type ChangePasswordFormProps = {
  owner: PasswordOwner;
  fullWidthButton?: boolean;
  /** What the current-password field says under it. */
  currentHint?: string;
  /** Runs after a change, instead of the success notice in the form (the caller moves on). */
  onChanged?: () => void;
};

export function ChangePasswordForm({ owner, fullWidthButton = false, currentHint, onChanged }: ChangePasswordFormProps) {
  const schema = useMemo(() => passwordChangeFormSchema(owner), [owner]);
  const [, changePassword] = useMutation(CHANGE_PASSWORD);
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<PasswordChangeFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setChanged(false);
    setFailure(null);
    const result = await changePassword({ input: { currentPassword, newPassword } });
    if (result.data?.changePassword) {
      reset();
      if (onChanged) onChanged();
      else setChanged(true);
      return;
    }
    const fields = Object.entries(serverFieldErrors(result.error)).filter(([name]) => isField(name));
    if (fields.length > 0) {
      fields.forEach(([name, message], i) => {
        setError(name as FieldName, { message }, { shouldFocus: i === 0 });
      });
      return;
    }
    setFailure(isTransientError(result.error) ? CONNECTION_MESSAGE : (serverMessage(result.error) ?? "We couldn't change your password. Please try again."));
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <Field
        label="Current Password"
        type="password"
        autoComplete="current-password"
        hint={currentHint}
        error={errors.currentPassword?.message}
        {...register("currentPassword", { onChange: () => setChanged(false) })}
      />
      <Field
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MINIMUM[owner]} characters.`}
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <Field
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <div role="status">
        {changed ? (
          <Notice tone="success" title={PASSWORD_CHANGE_MESSAGES.changed}>
            <p>Use it the next time you sign in. Any other device signed in to this account has been signed out; you stay signed in here.</p>
          </Notice>
        ) : null}
      </div>
      {failure ? (
        <div role="alert">
          <Notice tone="danger" title="Password not changed">
            <p>{failure}</p>
          </Notice>
        </div>
      ) : null}
      <div>
        <Button type="submit" fullWidth={fullWidthButton} disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Changing Password..." : "Change Password"}
        </Button>
      </div>
    </form>
  );
}

/** What each staff area's Account screen says over the form. */
const ACCOUNT_INTROS: Record<Exclude<PasswordOwner, "customer">, string> = {
  admin: "Choose a new password for your admin account. Anyone else signed in to it is signed out; you stay signed in here.",
  dealership: "Signed in with the password you were given? Choose one only you know. Anyone else signed in to this dealership is signed out.",
  driver: "Signed in with the password the office gave you? Choose one only you know. Other phones signed in as you are signed out.",
};

/** /admin/account, /dealership/account and /driver/account (each area's header links to it). */
export function AccountScreen({ owner }: { owner: Exclude<PasswordOwner, "customer"> }) {
  usePageTitle("Account");
  return (
    <div className={css({ width: "full", maxW: "xl", mx: owner === "driver" ? "auto" : undefined, display: "flex", flexDirection: "column", gap: "4" })}>
      {owner === "driver" ? (
        // As a job's screen has it: the driver's header shows Jobs only as an icon on a phone.
        <Link
          to="/driver"
          className={css({
            display: "inline-flex",
            alignItems: "center",
            alignSelf: "flex-start",
            gap: "1",
            color: "brand.text",
            fontWeight: "600",
            minH: "11",
          })}
        >
          <ChevronLeftIcon size={18} /> My jobs
        </Link>
      ) : null}
      <h1 className={css({ textStyle: "title" })}>Account</h1>
      <Card as="section" aria-labelledby="change-password" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <div>
          <h2 id="change-password" className={css({ textStyle: "heading", fontSize: "md" })}>
            Change Password
          </h2>
          <p className={css({ textStyle: "small", color: "fg.muted", mt: "1" })}>{ACCOUNT_INTROS[owner]}</p>
        </div>
        <ChangePasswordForm owner={owner} fullWidthButton={owner === "driver"} />
      </Card>
    </div>
  );
}

type StaffOwner = Exclude<PasswordOwner, "customer">;

/** Why the step is there (one sentence, the same in every area). */
export const CHOOSE_OWN_PASSWORD_REASON = "Your password was set by CapeDrive staff. Choose one only you know.";

/**
 * The step before anything else while the account's password is one CapeDrive staff set (an
 * operator's onboarding or reset, an admin creating a driver). The guard that shows it stays on
 * the address the user was going to, so once `onChosen` runs that screen appears. Framed by the
 * areas' sign-in card.
 */
export function ChooseOwnPassword({ owner, onChosen }: { owner: StaffOwner; onChosen: () => void }) {
  usePageTitle("Choose your own password");
  return (
    <SignInCard
      headingId="choose-own-password"
      title="Choose your own password"
      intro={CHOOSE_OWN_PASSWORD_REASON}
      icon={
        // A key.
        <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <circle cx="7.5" cy="15.5" r="4.5" />
          <path d="m10.7 12.3 9.8-9.8M17 6l3 3M14.5 8.5l2 2" />
        </svg>
      }
    >
      <ChangePasswordForm owner={owner} fullWidthButton currentHint="The password you were given." onChanged={onChosen} />
    </SignInCard>
  );
}
