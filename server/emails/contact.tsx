// How to reach a person, in every email's footer: "Questions? Call 021 555 0123 or email
// help@capedrive.example." from SUPPORT_PHONE and MAIL_REPLY_TO. Like the Reply-To header, it is
// the sender's and is added when the mailer sends the email (../services/mail.ts), not when the
// email is made: a reminder made weeks before it is sent, or one whose HTML the mailer renders on
// its own thread (./deferred.ts), goes out with the contact configured now, and no template or
// service passes it along. The HTML's layout leaves an empty element for it (CONTACT_SLOT); the
// text gets it as its last line. With neither setting, both parts stay as they were.
import { renderToStaticMarkup } from "react-dom/server";
import { phoneE164 } from "#domain/phone.ts";
import type { Config } from "../config";
import { CONTACT_SLOT, type ContactPart, FooterContact } from "./layout";

type Mail = Pick<Config["mail"], "replyTo" | "supportPhone">;

/** The address of a Reply-To ("CapeDrive help <help@capedrive.example>" -> "help@capedrive.example"); undefined unless one plain address. */
function replyAddress(replyTo: string | undefined): string | undefined {
  if (!replyTo) return undefined;
  const address = (/<([^>]*)>/.exec(replyTo)?.[1] ?? replyTo.split(",")[0] ?? "").trim();
  return /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(address) ? address : undefined;
}

/** How a person at CapeDrive is reached: the phone as configured and its E.164 form (for tel:), the Reply-To's address. */
export type SupportContact = { phone: string | null; phoneE164: string | null; email: string | null };

/**
 * The support contact from SUPPORT_PHONE and MAIL_REPLY_TO, or null with neither: what every
 * email's footer says, and what the web app's sign-in pages show (GraphQL publicConfig.supportContact).
 */
export function supportContact(mail: Mail): SupportContact | null {
  const phone = mail.supportPhone?.trim() || null;
  const email = replyAddress(mail.replyTo) ?? null;
  if (!phone && !email) return null;
  return { phone, phoneE164: phone ? phoneE164(phone) : null, email };
}

/** The contact line in pieces, the same words for the text and the HTML; empty with no phone and no address. */
export function contactParts(mail: Mail): ContactPart[] {
  const { phone, phoneE164: dial, email } = supportContact(mail) ?? { phone: null, phoneE164: null, email: null };
  const parts: ContactPart[] = [];
  // The number as configured is shown; the link dials its E.164 form (config.ts refuses a number without one).
  if (phone) parts.push("Call ", dial ? { href: `tel:${dial}`, text: phone, noWrap: true } : phone);
  if (email) parts.push(phone ? " or email " : "Email ", { href: `mailto:${email}`, text: email });
  return parts.length ? ["Questions? ", ...parts, "."] : [];
}

/** The contact line as plain text, or "" with nothing configured. */
export function contactText(mail: Mail): string {
  return contactParts(mail)
    .map((part) => (typeof part === "string" ? part : part.text))
    .join("");
}

/**
 * An email's parts as they are sent: the contact line in the HTML's footer and at the end of the
 * text. Without a phone or an address, the HTML loses only its empty slot and the text is as it was.
 */
export function withSupportContact<T extends { text: string; html?: string | null }>(message: T, mail: Mail): T {
  const parts = contactParts(mail);
  const line = parts.length ? renderToStaticMarkup(<FooterContact parts={parts} />) : "";
  return {
    ...message,
    text: parts.length ? `${message.text}\n\n${contactText(mail)}` : message.text,
    // A function, so a "$" in an address is not read as a replacement pattern.
    ...(message.html ? { html: message.html.replace(CONTACT_SLOT, () => line) } : {}),
  };
}
