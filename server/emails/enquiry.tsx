// The email a dealership receives when a buyer uses Contact Seller on Cars for Sale.
import { type ContactSellerData, formatRand } from "#domain";
import type { EmailMessage } from "../services/mail";
import { EmailAddress } from "#domain/email-address.tsx";
import { EmailLayout, Facts, NoWrap, Note, P, Quote, Subtitle, TextLink, Title, telHref } from "./layout";
import { renderEmail } from "./render";

export type EnquiryVehicle = { make: string; model: string; year: number; registrationNumber: string; salesPrice: { toFixed(digits: number): string } | null };
export type EnquiryDealership = { contactPerson: string; contactEmail: string };

/** The car, the buyer's message and how to reach them. */
export function dealershipEnquiryEmail(dealership: EnquiryDealership, vehicle: EnquiryVehicle, form: ContactSellerData, publicUrl: string): EmailMessage {
  const car = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const price = vehicle.salesPrice ? formatRand(vehicle.salesPrice.toFixed(2)) : "";
  // Leads, where the enquiries are listed (the dashboard lists the cars, not the enquiries).
  const portal = `${publicUrl}/dealership/leads`;
  const subject = `New enquiry about your ${car}`;
  // A buyer who gave an email is this email's Reply-To: the dealership answers them with Reply.
  // One who gave only a phone cannot be: a reply reaches CapeDrive, so the email says to call.
  const replyNote = form.email
    ? `Reply to this email to write to ${form.name}, or use their details below.`
    : `${form.name} left a phone number only: replying to this email reaches CapeDrive, not them.`;
  const mailto = form.email ? `mailto:${form.email}?subject=${encodeURIComponent(`Your enquiry about the ${car} on CapeDrive`)}` : "";
  const text = [
    `Hi ${dealership.contactPerson},`,
    "",
    `${form.name} is interested in your ${car} (${vehicle.registrationNumber}), listed for sale at ${price} on CapeDrive.`,
    "",
    "Their message:",
    "",
    form.message,
    "",
    "Reply to them:",
    replyNote,
    ...(form.email ? [`Email: ${form.email}`] : []),
    ...(form.phone ? [`Phone: ${form.phone}`] : []),
    "",
    `All your enquiries are in the dealership portal, under Leads: ${portal}`,
    "",
    "CapeDrive",
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview={`${form.name} is interested in your ${car}.`}>
      <Title>New enquiry about your {car}</Title>
      <P>Hi {dealership.contactPerson},</P>
      <P>
        <strong>{form.name}</strong> is interested in your {car} (<NoWrap>{vehicle.registrationNumber}</NoWrap>), listed for sale at {price} on CapeDrive.
      </P>
      <Subtitle>Their message</Subtitle>
      <Quote>{form.message}</Quote>
      <Subtitle>Reply to them</Subtitle>
      <Note>{replyNote}</Note>
      <Facts
        rows={[
          ...(form.email
            ? [
                {
                  label: "Email",
                  value: (
                    <TextLink href={mailto}>
                      <EmailAddress address={form.email} />
                    </TextLink>
                  ),
                },
              ]
            : []),
          ...(form.phone ? [{ label: "Phone", value: <TextLink href={telHref(form.phone)}>{form.phone}</TextLink> }] : []),
        ]}
      />
      <P last>
        All your enquiries are in the dealership portal, under <TextLink href={portal}>Leads</TextLink>.
      </P>
    </EmailLayout>,
  );
  return { to: dealership.contactEmail, subject, text, html, ...(form.email ? { replyTo: form.email } : {}) };
}
