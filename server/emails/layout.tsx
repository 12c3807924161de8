// The one layout every CapeDrive email shares, and the pieces its templates are made of, as
// React Email components with inline styles (what mail clients read). The brand's colours come
// from domain/brand.ts; a <style> block adds the dark-mode colours for the clients that honour
// prefers-color-scheme (Apple Mail, the Outlook apps), and the light colours are always set as
// pairs (text on its own background) so a client that inverts colours by itself keeps them legible.
// Text is 16px on 24px lines; the card is at most 600px wide and fits a 360px phone.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { BRAND_FONT_STACK, EMAIL_COLOURS as c, EMAIL_DARK_COLOURS as d } from "#domain/brand.ts";
import { phoneE164 } from "#domain/phone.ts";

const FONT = BRAND_FONT_STACK.replaceAll('"', "'");

// Class names only matter to the dark-mode rules; the light look is all inline.
const DARK_MODE_CSS = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.cd-page{background-color:${d.page}!important}
.cd-card{background-color:${d.card}!important;border-color:${d.border}!important}
.cd-text{color:${d.text}!important}
.cd-muted{color:${d.muted}!important}
.cd-link{color:${d.link}!important}
.cd-brand{color:${d.link}!important}
.cd-accent{color:${d.accent}!important}
.cd-button{background-color:${d.button}!important;color:${d.buttonText}!important}
.cd-quote{background-color:${d.page}!important;border-color:${d.accent}!important}
.cd-rule{border-color:${d.border}!important}
}
@media only screen and (max-width:480px){.cd-card{padding:20px 16px!important}}`;

// break-word: a long address or name wraps instead of widening the card.
const text = { color: c.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", overflowWrap: "break-word" as const };

const footer = { color: c.muted, fontSize: "13px", lineHeight: "20px", margin: "16px 4px 0" };

/** The footer's empty element that the support contact replaces when the email is sent (./contact.tsx). */
export const CONTACT_SLOT = '<div data-cd-contact=""></div>';

/**
 * A whole email: the CapeDrive wordmark, a card with the template's content, a muted footer. The
 * footer's second line, how to reach us, is left to the mailer (it is the sender's, as Reply-To).
 */
export function EmailLayout({ title, preview, children }: { title: string; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
        <style>{DARK_MODE_CSS}</style>
      </Head>
      <Preview>{preview}</Preview>
      {/* Body copies its style onto an inner cell (Gmail drops <body> styles), where the dark rule
          could not reach it: the padding and the class are on a section of our own instead. */}
      <Body className="cd-page" style={{ backgroundColor: c.page, margin: 0, padding: 0, fontFamily: FONT, color: c.text }}>
        <Section className="cd-page" style={{ backgroundColor: c.page, padding: "24px 12px" }}>
          <Container style={{ maxWidth: "600px", margin: "0 auto" }}>
            <Text className="cd-brand" style={{ color: c.button, fontSize: "24px", lineHeight: "32px", fontWeight: 800, margin: "0 4px 16px" }}>
              Cape
              <span className="cd-accent" style={{ color: c.accent }}>
                Drive
              </span>
            </Text>
            <Section className="cd-card" style={{ backgroundColor: c.card, border: `1px solid ${c.border}`, borderRadius: "14px", padding: "24px" }}>
              {children}
            </Section>
            <Text className="cd-muted" style={footer}>
              CapeDrive · Hassle-free car rentals in Cape Town
            </Text>
            {/* Where the mailer puts the support contact when it sends the email (./contact.tsx). */}
            <div data-cd-contact="" />
          </Container>
        </Section>
      </Body>
    </Html>
  );
}

/** The email's headline, first in the card. */
export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" className="cd-text" style={{ color: c.text, fontSize: "22px", lineHeight: "28px", fontWeight: 700, margin: "0 0 16px" }}>
      {children}
    </Heading>
  );
}

/** A heading over a group of facts ("What changed"). */
export function Subtitle({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" className="cd-text" style={{ color: c.text, fontSize: "17px", lineHeight: "24px", fontWeight: 700, margin: "24px 0 8px" }}>
      {children}
    </Heading>
  );
}

export function P({ children, last = false }: { children: ReactNode; last?: boolean }) {
  return (
    <Text className="cd-text" style={{ ...text, ...(last ? { marginBottom: 0 } : {}) }}>
      {children}
    </Text>
  );
}

/** Secondary information, smaller and muted. */
export function Note({ children, last = false }: { children: ReactNode; last?: boolean }) {
  return (
    <Text className="cd-muted" style={{ ...text, color: c.muted, fontSize: "14px", lineHeight: "21px", ...(last ? { marginBottom: 0 } : {}) }}>
      {children}
    </Text>
  );
}

/** A muted aside inside a line (what a changed value was). */
export function Small({ children }: { children: ReactNode }) {
  return (
    <span className="cd-muted" style={{ color: c.muted, fontSize: "14px" }}>
      {children}
    </span>
  );
}

/** Kept on one line (a phone number, a registration). */
export function NoWrap({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: "nowrap" }}>{children}</span>;
}

/**
 * A tel: link that dials from anywhere: a driver's or a buyer's number is kept as typed ("082 555 0142"), and a
 * visitor on a foreign SIM cannot dial a South African number without +27. A number phoneE164
 * cannot read keeps its digits.
 */
export const telHref = (phone: string) => `tel:${phoneE164(phone) ?? phone.replace(/[^\d+]/g, "")}`;

/** A link inside the text: underlined, so it does not rely on colour alone. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link className="cd-link" href={href} style={{ color: c.link, fontWeight: 600, textDecoration: "underline" }}>
      {children}
    </Link>
  );
}

/** A piece of the footer's contact line: text, or a link (tel:, mailto:) with the text it shows. */
export type ContactPart = string | { href: string; text: string; noWrap?: boolean };

/**
 * The footer's second line, "Questions? Call 021 555 0123 or email help@capedrive.example.": muted
 * like the line above it, its links underlined in the link colour, the number kept on one line.
 */
export function FooterContact({ parts }: { parts: ContactPart[] }) {
  return (
    <Text className="cd-muted" style={{ ...footer, margin: "4px 4px 0", overflowWrap: "break-word" }}>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          part
        ) : (
          <Link
            key={i}
            className="cd-link"
            href={part.href}
            style={{ color: c.link, fontWeight: 600, textDecoration: "underline", ...(part.noWrap ? { whiteSpace: "nowrap" as const } : {}) }}
          >
            {part.text}
          </Link>
        ),
      )}
    </Text>
  );
}

/** The call to action: the site's primary button, drawn as a link (white on navy, 9.2:1). */
export function CtaButton({ href, children, last = false }: { href: string; children: ReactNode; last?: boolean }) {
  return (
    <Section style={{ margin: last ? "8px 0 0" : "8px 0 24px" }}>
      <Button
        className="cd-button"
        href={href}
        style={{
          backgroundColor: c.button,
          color: c.buttonText,
          borderRadius: "10px",
          fontSize: "16px",
          lineHeight: "24px",
          fontWeight: 700,
          padding: "12px 22px",
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** A URL written out, for clients that do not show buttons; long ones break anywhere. */
export function Url({ href }: { href: string }) {
  return (
    <Text className="cd-muted" style={{ ...text, color: c.muted, fontSize: "14px", lineHeight: "21px", wordBreak: "break-all" }}>
      <Link className="cd-link" href={href} style={{ color: c.link, textDecoration: "underline" }}>
        {href}
      </Link>
    </Text>
  );
}

export type Fact = { label: string; value: ReactNode };

/** The label column of Facts: "Pick-up", "Delivery", "Collection" fit it. */
export const FACT_LABEL_WIDTH = 76;
/**
 * Wide enough for "Transmission": an email that shows it gives all its Facts this width, so its
 * tables' values still line up (a longer label widens only its own table).
 */
export const WIDE_FACT_LABEL_WIDTH = 104;

/** Label / value rows (what, when, where, how much): one table, labels in a narrow column. */
export function Facts({ rows, labelWidth = FACT_LABEL_WIDTH }: { rows: Fact[]; labelWidth?: number }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      className="cd-rule"
      style={{ borderTop: `1px solid ${c.border}`, borderBottom: `1px solid ${c.border}`, margin: "0 0 16px", borderCollapse: "collapse" }}
    >
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <td
              className="cd-muted"
              style={{
                color: c.muted,
                fontSize: "14px",
                lineHeight: "24px",
                fontWeight: 600,
                padding: "8px 12px 8px 0",
                verticalAlign: "top",
                width: `${labelWidth}px`,
              }}
            >
              {row.label}
            </td>
            <td
              className="cd-text"
              style={{ color: c.text, fontSize: "16px", lineHeight: "24px", padding: "8px 0", verticalAlign: "top", overflowWrap: "anywhere" }}
            >
              {row.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A quoted message (a buyer's enquiry), set off by the brand's accent; its line breaks are kept. */
export function Quote({ children }: { children: ReactNode }) {
  return (
    <Text
      className="cd-quote cd-text"
      style={{ ...text, backgroundColor: c.page, borderLeft: `3px solid ${c.accent}`, padding: "8px 12px", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
    >
      {children}
    </Text>
  );
}

/** A short list (the booking's important information). */
export function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="cd-text" style={{ color: c.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", paddingLeft: "20px" }}>
      {items.map((item, i) => (
        <li key={i} className="cd-text" style={{ color: c.text, margin: "0 0 6px" }}>
          {item}
        </li>
      ))}
    </ul>
  );
}
