/**
 * "Forgot your password? Contact CapeDrive on 021 555 0123 or help@capedrive.example." under the
 * dealership and driver sign-in forms: CapeDrive's operator gives those passwords and resets them
 * (rentals-cli ... reset-password), so the way back in is a person. The phone (a tel: link in
 * E.164) and the address (mailto:) are the server's support contact, the one every email's footer
 * gives (GraphQL publicConfig.supportContact, asked of the area's own client). With none
 * configured, while it loads, or offline, the line says what to do without links (`fallback`).
 */
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { graphql } from "../lib/graphql.ts";
import { EmailAddress } from "#domain/email-address.tsx";

const SUPPORT_CONTACT = graphql(`
  query SupportContact {
    publicConfig {
      supportContact {
        phone
        phoneE164
        email
      }
    }
  }
`);

// Each link moves to the next line whole rather than splitting (an address still breaks after its
// "@" when it is wider than the line), and is a 44 px target for a thumb: padding that the negative
// margin keeps out of the line's height.
const link = css({
  display: "inline-block",
  maxW: "full",
  py: "3",
  my: "-3",
  color: "fg.link",
  fontWeight: "semibold",
  textDecoration: "underline",
  textUnderlineOffset: "2px",
});

export function ForgotPasswordContact({ fallback }: { fallback: string }) {
  const [{ data }] = useQuery({ query: SUPPORT_CONTACT });
  const contact = data?.publicConfig.supportContact;
  const phone = contact?.phone && contact.phoneE164 ? { text: contact.phone, href: `tel:${contact.phoneE164}` } : null;
  const email = contact?.email ?? null;
  return (
    <p className={css({ textStyle: "small", color: "fg.muted" })} data-testid="forgot-password-contact">
      {phone || email ? (
        <>
          Forgot your password? Contact CapeDrive{" "}
          {phone ? (
            <>
              on{" "}
              <a className={link} href={phone.href}>
                {phone.text}
              </a>
            </>
          ) : null}
          {phone && email ? " or " : email ? "at " : null}
          {email ? (
            <a className={link} href={`mailto:${email}`}>
              <EmailAddress address={email} />
            </a>
          ) : null}
          .
        </>
      ) : (
        fallback
      )}
    </p>
  );
}
