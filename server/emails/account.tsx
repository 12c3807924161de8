// Account emails: the welcome on sign-up, the password reset link, and the notice that the password was changed.
import type { EmailMessage } from "../services/mail";
import { CtaButton, EmailLayout, List, Note, P, Subtitle, TextLink, Title, Url } from "./layout";
import { renderEmail } from "./render";

type Account = { name: string; email: string };

/** What profile completion asks for (domain/profile.ts), in the words a new customer knows. */
const PROFILE_NEEDS = ["Your South African ID or passport number", "Your driver's licence number and its expiry date", "Your date of birth and home address"];

/**
 * The welcome to a new customer (email or Google sign-up): what to do before the first booking
 * (complete the profile: ID and driver's licence) and where to do it. How to reach us is the
 * footer's contact line, which the mailer adds when it sends the email (./contact.tsx).
 */
export function welcomeEmail(user: Account, publicUrl: string): EmailMessage {
  const subject = "Welcome to CapeDrive";
  const profileUrl = `${publicUrl}/profile-completion`;
  const text = [
    `Hi ${user.name},`,
    "",
    "Welcome to CapeDrive, and thank you for signing up. We deliver your rental car to you anywhere in our Cape Town service area, and collect it when you are done.",
    "",
    "Before your first booking, please complete your profile. We need your ID and driver's licence before we can hand you the keys:",
    "",
    ...PROFILE_NEEDS.map((need) => `- ${need}`),
    "",
    `Complete your profile: ${profileUrl}`,
    "",
    "It takes about five minutes, and you only do it once. Then choose a car, tell us where to bring it, and we will take it from there.",
    "",
    "Need a hand with your profile or your first booking? Call or email us: we are glad to help.",
    "",
    "CapeDrive",
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview="Complete your profile once, then book a car delivered to your door.">
      <Title>Welcome to CapeDrive</Title>
      <P>Hi {user.name},</P>
      <P>Thank you for signing up. We deliver your rental car to you anywhere in our Cape Town service area, and collect it when you are done.</P>
      <Subtitle>Before your first booking</Subtitle>
      <P>Please complete your profile. We need your ID and driver&apos;s licence before we can hand you the keys:</P>
      <List items={PROFILE_NEEDS} />
      <CtaButton href={profileUrl}>Complete your profile</CtaButton>
      <Note>Or paste this link into your browser:</Note>
      <Url href={profileUrl} />
      <P>It takes about five minutes, and you only do it once. Then choose a car, tell us where to bring it, and we will take it from there.</P>
      <P last>Need a hand with your profile or your first booking? Call or email us: we are glad to help.</P>
    </EmailLayout>,
  );
  return { to: user.email, subject, text, html };
}

export function passwordResetEmail(user: Account, link: string): EmailMessage {
  const subject = "Reset your CapeDrive password";
  const text = [
    `Hi ${user.name},`,
    "",
    "We received a request to reset the password of your CapeDrive account. Open this link to choose a new password:",
    "",
    link,
    "",
    "The link expires in one hour and can be used once.",
    "If you did not ask for this, you can ignore this email: your password stays as it is.",
    "",
    "CapeDrive",
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview="Choose a new password: the link expires in one hour.">
      <Title>Reset your password</Title>
      <P>Hi {user.name},</P>
      <P>We received a request to reset the password of your CapeDrive account.</P>
      <CtaButton href={link}>Reset your password</CtaButton>
      <Note>Or paste this link into your browser:</Note>
      <Url href={link} />
      <P last>The link expires in one hour and can be used once. If you did not ask for this, you can ignore this email: your password stays as it is.</P>
    </EmailLayout>,
  );
  return { to: user.email, subject, text, html };
}

/**
 * The notice that an account's password changed, sent to the account's address so an owner whose
 * session was stolen learns of it. After a reset every session ended; after a change made while
 * signed in (`keptSession`) the session that made it stays. A customer can reset a password
 * themselves (Forgot Password); a dealership, driver or admin asks us (`selfReset: false`).
 */
export function passwordChangedEmail(user: Account, signInUrl: string, { keptSession = false, selfReset = true } = {}): EmailMessage {
  const subject = "Your CapeDrive password was changed";
  const what = keptSession
    ? "The password of your CapeDrive account was just changed. The device it was changed on stays signed in; every other device signed in to it was signed out."
    : "The password of your CapeDrive account was just changed, and every device signed in to it was signed out.";
  const ifYou = keptSession ? "there is nothing more to do: use your new password the next time you sign in" : "sign in with your new password";
  const ifNot = selfReset
    ? "reset your password at once from the sign-in page (Forgot Password) and contact us."
    : "contact us at once: we will reset your password and sign everyone out.";
  const text = [`Hi ${user.name},`, "", what, "", `If this was you, ${ifYou}: ${signInUrl}`, `If it was not you, ${ifNot}`, "", "CapeDrive"].join("\n");
  const html = renderEmail(
    <EmailLayout
      title={subject}
      preview={keptSession ? "Every other device signed in to your account was signed out." : "Every device signed in to your account was signed out."}
    >
      <Title>Your password was changed</Title>
      <P>Hi {user.name},</P>
      <P>{what}</P>
      {/* The link is the words that say what it does: a whole sentence underlined in bold reads as a shout. */}
      <P>
        {keptSession ? (
          <>
            If this was you, there is nothing more to do: use your new password the next time you <TextLink href={signInUrl}>sign in</TextLink>.
          </>
        ) : (
          <>
            If this was you, <TextLink href={signInUrl}>sign in with your new password</TextLink>.
          </>
        )}
      </P>
      <P last>
        <strong>If it was not you</strong>, {ifNot}
      </P>
    </EmailLayout>,
  );
  return { to: user.email, subject, text, html };
}
