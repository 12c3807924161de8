/**
 * Profile (/profile, SPEC 2, 3, 9): completeness banner, avatar and name card with badge, the
 * customer's details by section ("Not provided" with a warning icon where missing; ID and
 * licence numbers masked; the licence image only as "Uploaded"), Member Since, Quick Actions,
 * Password (change it, or set one by email for a Google-only account), an edit action and Sign Out. A sign-in prompt when nobody is signed in.
 */
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { css } from "styled-system/css";
import { maskIdNumber, maskLicenceNumber, profileCompleteness } from "#domain/profile.ts";
import { ID_TYPE_LABELS, idNumberLabel } from "#domain/catalogue.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { EmailAddress } from "#domain/email-address.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { Avatar } from "../components/Avatar.tsx";
import { PasswordSection } from "../components/PasswordSection.tsx";
import { AccountLoadError, PageSkeleton } from "../components/SessionStates.tsx";
import { CalendarIcon, CarIcon, CheckCircleIcon, EditIcon, IdCardIcon, LogOutIcon, MapPinIcon, UserIcon, WarningIcon } from "../components/icons.tsx";
import { calendarDateLabel, memberSince } from "../lib/format.ts";
import { useAuth } from "../session/auth.tsx";
import type { User } from "../session/user.ts";
import { IconDisc } from "../../ui/IconDisc.tsx";

const sectionCard = css({ display: "flex", flexDirection: "column" });

const sectionHeading = css({
  display: "flex",
  alignItems: "center",
  gap: "2",
  textStyle: "heading",
  fontSize: "md",
  pb: "2",
  "& svg": { color: "brand.text" },
});

// Label and value side by side; a value too long for that (a long name or email) goes under its label, whole words kept.
const row = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  columnGap: "4",
  rowGap: "1",
  py: "3",
  borderTopWidth: "1px",
  borderColor: "border.default",
});

const rowLabel = css({ textStyle: "small", color: "fg.muted", flexShrink: 0 });
const rowValue = css({ fontWeight: "550", textAlign: "right", minW: "0", ml: "auto", overflowWrap: "anywhere" });

function NotProvided() {
  return (
    <span className={css({ display: "inline-flex", alignItems: "center", gap: "1.5", color: "warning.fg", fontWeight: "500" })}>
      <WarningIcon size={16} className={css({ color: "warning.icon" })} />
      Not provided
    </span>
  );
}

function Row({ label, value }: { label: string; value: ReactNode | null | undefined }) {
  const missing = value === null || value === undefined || value === "";
  return (
    <div className={row}>
      <dt className={rowLabel}>{label}</dt>
      <dd className={rowValue}>{missing ? <NotProvided /> : value}</dd>
    </div>
  );
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = `profile-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <Card as="section" aria-labelledby={id} className={sectionCard}>
      <h2 id={id} className={sectionHeading}>
        {icon}
        {title}
      </h2>
      <dl>{children}</dl>
    </Card>
  );
}

function Uploaded() {
  return (
    <span className={css({ display: "inline-flex", alignItems: "center", gap: "1.5", color: "success.fg" })}>
      <CheckCircleIcon size={18} />
      Uploaded
    </span>
  );
}

function SignInPrompt() {
  return (
    <Card padding="lg" className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "4" })}>
      <IconDisc size="md">
        <UserIcon size={28} />
      </IconDisc>
      <div>
        <h2 className={css({ textStyle: "heading" })}>Sign in to see your profile</h2>
        <p className={css({ textStyle: "small", color: "fg.muted", mt: "1" })}>Your details, licence and bookings live here once you're signed in.</p>
      </div>
      <ButtonLink to="/signin" size="lg" fullWidth>
        Sign In
      </ButtonLink>
      <p className={css({ textStyle: "small", color: "fg.muted" })}>
        New to CapeDrive? <Link to="/signup">Create an account</Link>
      </p>
    </Card>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const completeness = profileCompleteness(user);
  const complete = user.profileCompleted && completeness.complete;

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      navigate("/", { replace: true });
    }
  }

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      {completeness.complete ? null : (
        <Notice tone="amber" title={`Your profile is ${completeness.percent}% complete`}>
          <p>
            {completeness.total - completeness.filled} of {completeness.total} details are missing. You need a complete profile to book a car.
          </p>
          <Link
            to="/profile-completion"
            className={css({
              display: "inline-block",
              mt: "2",
              fontWeight: "650",
              color: "warning.fg",
              textDecoration: "underline",
              textUnderlineOffset: "2px",
            })}
          >
            Complete missing information
          </Link>
        </Notice>
      )}

      {/* The name and email beside the avatar, or under it when they need the width (a 320 px phone, a long name). */}
      <Card padding="lg" className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "4" })}>
        <Avatar name={user.name} picture={user.profilePicture} complete={complete} />
        <div className={css({ display: "flex", flexDirection: "column", gap: "1.5", minW: "0", flex: "1 1 11rem" })}>
          <p className={css({ fontWeight: "700", fontSize: "lg", lineHeight: "1.3", overflowWrap: "anywhere" })}>{user.name}</p>
          <p className={css({ textStyle: "small", color: "fg.muted", overflowWrap: "anywhere" })}>
            <EmailAddress address={user.email} />
          </p>
          <span>
            {complete ? (
              <Badge tone="green">
                <CheckCircleIcon size={14} />
                Profile Complete
              </Badge>
            ) : (
              <Badge tone="amber">
                <WarningIcon size={14} />
                Profile Incomplete
              </Badge>
            )}
          </span>
        </div>
      </Card>

      <Section title="Basic Information" icon={<UserIcon />}>
        <Row label="Full Name" value={user.name} />
        <Row label="Email" value={user.email} />
        <Row label="Phone" value={user.phone} />
        <Row label="Member Since" value={memberSince(user.createdAt)} />
      </Section>

      <Section title="Personal Details" icon={<CalendarIcon />}>
        <Row label="Date of Birth" value={user.dateOfBirth ? calendarDateLabel(user.dateOfBirth) : null} />
        <Row label="Nationality" value={user.nationality} />
      </Section>

      <Section title="Address" icon={<MapPinIcon />}>
        <Row label="Street Address" value={user.address} />
        <Row label="City" value={user.city} />
        <Row label="Postal Code" value={user.postalCode} />
      </Section>

      <Section title="Identification" icon={<IdCardIcon />}>
        <Row label="ID Type" value={user.idType ? ID_TYPE_LABELS[user.idType] : null} />
        <Row label={idNumberLabel(user.idType ?? "")} value={maskIdNumber(user.idNumber)} />
      </Section>

      <Section title="Driver's License" icon={<CarIcon />}>
        <Row label="License Number" value={maskLicenceNumber(user.driversLicenseNumber)} />
        <Row label="Expiry Date" value={user.driversLicenseExpiryDate ? calendarDateLabel(user.driversLicenseExpiryDate) : null} />
        <Row label="License Photo" value={user.driversLicenseImage ? <Uploaded /> : null} />
      </Section>

      <Card as="section" aria-labelledby="profile-quick-actions" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <h2 id="profile-quick-actions" className={sectionHeading}>
          Quick Actions
        </h2>
        {/* Side by side where both fit, one above the other on a 320 px phone. */}
        <div className={css({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(9rem, 1fr))", gap: "3" })}>
          <ButtonLink to="/bookings" variant="outline">
            My Bookings
          </ButtonLink>
          <ButtonLink to="/home" variant="outline">
            Book a Car
          </ButtonLink>
        </div>
      </Card>

      <PasswordSection email={user.email} headingClassName={sectionHeading} />

      <Button
        variant="outline"
        size="lg"
        fullWidth
        onClick={onSignOut}
        disabled={signingOut}
        aria-busy={signingOut || undefined}
        className={css({ color: "danger.fg", borderColor: "danger.border", _hover: { bg: "danger.bg" } })}
      >
        {signingOut ? <Spinner /> : <LogOutIcon />}
        {signingOut ? "Signing Out..." : "Sign Out"}
      </Button>
    </div>
  );
}

const editLink = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "1.5",
  minH: "10",
  px: "3",
  borderRadius: "full",
  fontSize: "sm",
  fontWeight: "600",
  color: "brand.text",
  textDecoration: "none",
  _hover: { bg: "brand.subtle" },
});

export function Component() {
  usePageTitle("Profile");
  const { status, user, refetchUser } = useAuth();
  return (
    <CustomerScreen
      back="/home"
      right={
        user ? (
          <Link to="/profile-completion" className={editLink} aria-label="Edit profile">
            <EditIcon size={16} />
            Edit
          </Link>
        ) : null
      }
      footer
    >
      <h1 className={css({ textStyle: "title", mb: "4" })}>Profile</h1>
      {status === "loading" ? (
        <PageSkeleton label="Loading your profile…" />
      ) : status === "error" ? (
        <AccountLoadError onRetry={refetchUser} />
      ) : user ? (
        <ProfileDetails user={user} />
      ) : (
        <SignInPrompt />
      )}
    </CustomerScreen>
  );
}
