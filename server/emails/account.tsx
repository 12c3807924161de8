// Account emails: the password reset link, and the notice that the password was changed.
import type { EmailMessage } from "../services/mail";
import { CtaButton, EmailLayout, Note, P, TextLink, Title, Url } from "./layout";
import { renderEmail } from "./render";

type Account = { name: string; email: string };

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

export function passwordChangedEmail(user: Account, signInUrl: string): EmailMessage {
  const subject = "Your CapeDrive password was changed";
  const text = [
    `Hi ${user.name},`,
    "",
    "The password of your CapeDrive account was just changed, and every device signed in to it was signed out.",
    "",
    `If this was you, sign in with your new password: ${signInUrl}`,
    "If it was not you, reset your password at once from the sign-in page (Forgot Password) and contact us.",
    "",
    "CapeDrive",
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview="Every device signed in to your account was signed out.">
      <Title>Your password was changed</Title>
      <P>Hi {user.name},</P>
      <P>The password of your CapeDrive account was just changed, and every device signed in to it was signed out.</P>
      <P>
        If this was you, <TextLink href={signInUrl}>sign in with your new password</TextLink>.
      </P>
      <P last>
        <strong>If it was not you</strong>, reset your password at once from the sign-in page (Forgot Password) and contact us.
      </P>
    </EmailLayout>,
  );
  return { to: user.email, subject, text, html };
}
