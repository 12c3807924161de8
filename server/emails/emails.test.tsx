// The email templates: every email the product sends has a plain-text part and an HTML part from
// the shared layout, carries its key facts, escapes what users typed, and stays in the brand's
// colours. The booking change email is checked field by field, with its calendar read back by
// ical.js. The footer's support contact is checked in every email as the mailer sends it.
// (Delivery as multipart/alternative over SMTP, and the contact in a sent email whose HTML the
// mailer's thread rendered: server/services/mail.test.ts.)
import { describe, expect, test } from "bun:test";
import { render } from "@react-email/render";
import ICAL from "ical.js";
import { bookingNumber, capeTownDateTimeToUtc, formatConfirmationDateTime, type IsoDate, rentalDays } from "#domain";
import { EMAIL_COLOURS, EMAIL_DARK_COLOURS, offBrandColours } from "#domain/brand.ts";
import { bookingCancellationEmail, type BookingChangeSummary, bookingChangedEmail, bookingConfirmationEmail } from "./booking";
import { contactText, withSupportContact } from "./contact";
import { CONTACT_SLOT, EmailLayout, P, Title, WIDE_FACT_LABEL_WIDTH } from "./layout";
import { dealershipEnquiryEmail } from "./enquiry";
import { onTheWayEmail } from "./handover";
import { returnReminderEmail } from "./reminders";
import { renderEmail } from "./render";
import { SAMPLE_SITE, sampleBooking, sampleEmails } from "./samples";

const HOSTILE = {
  name: "<b>Eve</b> & Co",
  address: '<img src=x onerror="alert(1)"> 5 Main Road, Sea Point',
  message: "<script>alert(1)</script>\nSecond line",
};

describe("every email", () => {
  const emails = sampleEmails(HOSTILE);

  test("all sixteen are there, each with a subject, a text part and an HTML part", () => {
    expect(emails.map((e) => e.name)).toEqual([
      "booking-confirmed",
      "booking-received",
      "booking-cancelled",
      "booking-declined",
      "booking-changed",
      "booking-extended",
      "reminder-delivery",
      "reminder-return",
      "handover-on-the-way",
      "handover-delivered",
      "handover-collected",
      "welcome",
      "password-reset",
      "password-changed",
      "password-changed-signed-in",
      "dealership-enquiry",
    ]);
    for (const { message } of emails) {
      expect(message.subject.length).toBeGreaterThan(5);
      expect(message.text).toStartWith("Hi ");
      expect(message.html).toBeString();
    }
  });

  for (const { name, message, shows } of sampleEmails(HOSTILE)) {
    test(`${name}: the shared layout, its facts, and what users typed escaped`, () => {
      const html = message.html!;
      // The layout: doctype, light and dark colour schemes, the brand header and footer, 600px card.
      expect(html).toStartWith("<!DOCTYPE html PUBLIC");
      expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
      expect(html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
      expect(html).toContain("@media (prefers-color-scheme: dark)");
      expect(html).toContain(`Cape<span class="cd-accent" style="color:${EMAIL_COLOURS.accent}">Drive</span>`);
      expect(html).toContain("max-width:600px");
      expect(html).toContain("font-size:16px");
      expect(html).toContain("CapeDrive · Hassle-free car rentals in Cape Town");
      expect(html).toContain(shows.replaceAll("&", "&amp;"));
      // The name (and address, message) users typed is text, never markup.
      expect(html).toContain("&lt;b&gt;Eve&lt;/b&gt; &amp; Co");
      expect(html).not.toContain("<b>");
      expect(html).not.toContain("<img");
      expect(html).not.toContain("<script");
      expect(html).not.toMatch(/<[a-z][^>]*\sonerror=/i);
      expect(offBrandColours(html)).toEqual([]);
      // The plain-text part says it as typed.
      expect(message.text).toContain("<b>Eve</b> & Co");
    });
  }

  test("the dark-mode rules use the brand's dark colours", () => {
    const html = emails[0]!.message.html!;
    expect(html).toContain(`.cd-card{background-color:${EMAIL_DARK_COLOURS.card}!important`);
    expect(html).toContain(`.cd-text{color:${EMAIL_DARK_COLOURS.text}!important}`);
    expect(html).toContain(`.cd-button{background-color:${EMAIL_DARK_COLOURS.button}!important;color:${EMAIL_DARK_COLOURS.buttonText}!important}`);
  });

  test("renderEmail gives the document React Email's own render() gives (less React's streaming markers)", async () => {
    const template = (
      <EmailLayout title="T <1>" preview="Preview">
        <Title>Hello</Title>
        <P>Hi {"<b>Eve</b>"},</P>
      </EmailLayout>
    );
    const theirs = (await render(template)).replace(/<!--(\$|\/\$|html|head|body| )-->/g, "");
    expect(renderEmail(template)).toBe(theirs);
  });
});

describe("the plain-text part says what the HTML says", () => {
  const decode = (href: string) => href.replaceAll("&amp;", "&");
  for (const { name, message } of sampleEmails()) {
    test(`${name}: every web link of the HTML and the booking's number are in the text`, () => {
      const html = message.html!;
      const links = [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) => decode(m[1]!));
      // The whole link, not a longer one it begins (/bookings/{id} inside /bookings/{id}/receipt).
      const words = new Set(message.text.split(/\s+/));
      for (const link of links) expect(words.has(link), `${name}: ${link}`).toBe(true);
      // Every link absolute: on PUBLIC_URL, or a mailto:/tel: (a mail client has no page to resolve a relative one against).
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href!).toMatch(/^(https:\/\/capedrive\.example\/|mailto:[^@\s]+@|tel:\+\d{8,15}$)/);
      const number = /#([0-9a-f]{6})\b/.exec(message.subject)?.[1];
      if (number) expect(message.text).toContain(`#${number}`);
    });
  }

  test("the calendar notes: a confirmation adds the events, a cancellation removes them, in both parts", () => {
    const byName = Object.fromEntries(sampleEmails().map((e) => [e.name, e.message]));
    for (const part of [byName["booking-confirmed"]!.text, byName["booking-confirmed"]!.html!]) {
      expect(part).toContain("The calendar file attached adds the delivery and the return to your calendar.");
    }
    for (const part of [byName["booking-cancelled"]!.text, byName["booking-cancelled"]!.html!.replaceAll("&#x27;", "'")]) {
      expect(part).toContain("The calendar file attached removes the booking's events from your calendar.");
      expect(part).toContain("We hope to drive you again soon.");
    }
    expect(byName["booking-received"]!.text).not.toContain("calendar");
    expect(byName["booking-declined"]!.text).not.toContain("calendar");
  });
});

describe("the sums every email shows add up", () => {
  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  /** "Mar 06, 2026, 10:30" (Cape Town) -> the instant. */
  const instant = (text: string) => {
    const [, month, day, year, time] = /^(\w{3}) (\d{2}), (\d{4}), (\d{2}:\d{2})$/.exec(text)!;
    return capeTownDateTimeToUtc(`${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, "0")}-${day}` as IsoDate, time!);
  };
  const rand = (text: string) => Math.round(Number(text.replace(/[R,]/g, "")) * 100);

  for (const { name, message } of sampleEmails()) {
    const total = /^Total: +(R[\d,.]+) for (\d+) days? at (R[\d,.]+)\/day$/m.exec(message.text);
    if (!total) continue;
    test(`${name}: the total is the booked days (every started day) times the daily rate`, () => {
      const pickup = instant(/^Pick-up: (\w{3} \d{2}, \d{4}, \d{2}:\d{2})/m.exec(message.text)![1]!);
      const returnAt = instant(/^Return: +(\w{3} \d{2}, \d{4}, \d{2}:\d{2})/m.exec(message.text)![1]!);
      const [, amount, days, rate] = total;
      expect(Number(days)).toBe(rentalDays(pickup, returnAt));
      expect(rand(amount!)).toBe(Number(days) * rand(rate!));
      // A change's difference is the new total less the old one.
      const change = /^New total: (R[\d,.]+) \(was (R[\d,.]+)\): (R[\d,.]+) (more|less)\.$/m.exec(message.text);
      if (change) expect(rand(change[1]!) - rand(change[2]!)).toBe(rand(change[3]!) * (change[4] === "more" ? 1 : -1));
    });
  }

  test("handover-collected: the charges are the late days at the daily rate and the eighths short, and add up to the total", () => {
    const collected = sampleEmails().find((e) => e.name === "handover-collected")!.message.text;
    const [, lateDays, late, share, fuel, sum] = /^Charges: (\d+) days? late: (R[\d,.]+); (¼|½|¾|\d\/8) tank short: (R[\d,.]+)\. Total (R[\d,.]+)\.$/m.exec(
      collected,
    )!;
    const eighths = ({ "¼": 2, "½": 4, "¾": 6 } as Record<string, number>)[share!] ?? Number(share!.split("/")[0]);
    expect(rand(late!)).toBe(Number(lateDays) * 85_000);
    expect(rand(fuel!)).toBe(eighths * 18_000);
    expect(rand(sum!)).toBe(rand(late!) + rand(fuel!));
    // Collected at 11:20 for a 10:00 return: one started day late, not two.
    expect(collected).toContain("on Mar 09, 2026, 11:20 (Cape Town time)");
    expect(lateDays).toBe("1");
  });
});

describe("the footer's support contact (SUPPORT_PHONE, MAIL_REPLY_TO), as the mailer adds it", () => {
  const made = sampleEmails(HOSTILE);
  const CONTACT_LINE = "Questions? Call 021 555 0123 or email help@capedrive.example.";
  /** The footer from the brand's line to the end of the document. */
  const footerOf = (html: string) => html.slice(html.indexOf("CapeDrive · Hassle-free car rentals in Cape Town"));

  test("every email's layout leaves exactly one slot for it, after the brand's line", () => {
    for (const { name, message } of made) {
      expect({ name, slots: message.html!.split(CONTACT_SLOT).length - 1 }).toEqual({ name, slots: 1 });
      expect(footerOf(message.html!)).toStartWith(`CapeDrive · Hassle-free car rentals in Cape Town</p>${CONTACT_SLOT}</td>`);
    }
  });

  for (const { name, message } of made) {
    test(`${name}: the phone as a tel: link (E.164) and the Reply-To address as a mailto: link, in the HTML and the text`, () => {
      const sent = withSupportContact(message, SAMPLE_SITE.mail);
      const footer = footerOf(sent.html!);
      expect(footer).toContain(
        `<p class="cd-muted" style="font-size:13px;line-height:20px;color:${EMAIL_COLOURS.muted};margin:4px 4px 0;overflow-wrap:break-word;`,
      );
      expect(footer).toMatch(
        /Questions\? Call <a class="cd-link" href="tel:\+27215550123" style="[^"]*white-space:nowrap"[^>]*>021 555 0123<\/a> or email <a class="cd-link" href="mailto:help@capedrive\.example"[^>]*>help@capedrive\.example<\/a>\.<\/p>/,
      );
      expect(sent.html).not.toContain(CONTACT_SLOT);
      expect(offBrandColours(sent.html!)).toEqual([]);
      expect(sent.text).toBe(`${message.text}\n\n${CONTACT_LINE}`);
      // Nothing else of the email changes.
      expect(sent.html!.replace(/<p class="cd-muted"[^>]*>Questions\?.*?<\/p>/, CONTACT_SLOT)).toBe(message.html!);
      const { text: _sentText, html: _sentHtml, ...sentRest } = sent;
      const { text: _text, html: _html, ...rest } = message;
      expect(sentRest).toEqual(rest);
    });
  }

  test("with neither set, the email is as it was: no 'Questions?' line, the text untouched, the footer the brand's line alone", () => {
    for (const { message } of made) {
      const sent = withSupportContact(message, { replyTo: undefined, supportPhone: undefined });
      expect(sent.text).toBe(message.text);
      expect(sent.html).toBe(message.html!.replace(CONTACT_SLOT, ""));
      expect(sent.html).not.toContain("Questions?");
      expect(sent.html).not.toContain("data-cd-contact");
      expect(footerOf(sent.html!)).toStartWith("CapeDrive · Hassle-free car rentals in Cape Town</p></td>");
    }
  });

  test("one of the two: the phone alone, or the address alone", () => {
    const confirmation = made[0]!.message;
    const phoneOnly = withSupportContact(confirmation, { supportPhone: "+27 (0)21 555 0123" });
    expect(phoneOnly.text).toEndWith("\n\nQuestions? Call +27 (0)21 555 0123.");
    expect(phoneOnly.html).toMatch(/Questions\? Call <a class="cd-link" href="tel:\+27215550123"[^>]*>\+27 \(0\)21 555 0123<\/a>\.<\/p>/);
    expect(phoneOnly.html).not.toContain("mailto:");
    const emailOnly = withSupportContact(confirmation, { replyTo: "help@capedrive.example" });
    expect(emailOnly.text).toEndWith("\n\nQuestions? Email help@capedrive.example.");
    expect(emailOnly.html).toMatch(/Questions\? Email <a class="cd-link" href="mailto:help@capedrive\.example"[^>]*>help@capedrive\.example<\/a>\.<\/p>/);
    expect(emailOnly.html).not.toContain("tel:");
  });

  test("the Reply-To's address is shown without its display name; one that is not a plain address is left out, never half-shown", () => {
    expect(contactText({ replyTo: '"CapeDrive, Help" <help@capedrive.example>' })).toBe("Questions? Email help@capedrive.example.");
    expect(contactText({ replyTo: "help@capedrive.example, ops@capedrive.example" })).toBe("Questions? Email help@capedrive.example.");
    for (const replyTo of ["help desk", "<script>@x.y", "CapeDrive <not an address>"]) expect(contactText({ replyTo })).toBe("");
    // An address with a "$" is put in literally (a string replacement would read "$&" as a pattern).
    const dollar = withSupportContact(made[0]!.message, { replyTo: "a$&b@capedrive.example" });
    expect(dollar.html).toContain('href="mailto:a$&amp;b@capedrive.example"');
  });
});

describe("booking emails", () => {
  const user = { name: "Thandi Nkosi", email: "thandi@example.com" };
  const booking = sampleBooking({ address: "12 Long Street, Cape Town" });
  const number = bookingNumber(booking.id, "customer");
  const bookingUrl = `${SAMPLE_SITE.publicUrl}/bookings/${booking.id}`;

  test("the confirmation: number, Cape Town times, total, links, calendar", () => {
    const mail = bookingConfirmationEmail(user, booking, SAMPLE_SITE);
    expect(mail.subject).toBe(`Booking #${number} confirmed: pick-up Mar 05, 2026, 10:00`);
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(`#${number}`);
      expect(part).toContain("Mar 05, 2026, 10:00");
      expect(part).toContain("Mar 09, 2026, 10:00");
      expect(part).toContain("(Cape Town time)");
      expect(part).toContain("R3,400 for 4 days at R850/day");
      expect(part).toContain(`${bookingUrl}/receipt`);
    }
    expect(mail.text).toContain(`Your booking #${number} is confirmed. Here is what we will bring, when and where.`);
    expect(mail.text).toContain("What:    Large car, Automatic (Toyota Fortuner 2023)");
    expect(mail.html).toContain(`href="${bookingUrl}"`);
    expect(mail.attachments?.map((a) => a.contentType)).toEqual(["text/calendar; charset=utf-8; method=PUBLISH"]);
  });

  test("a pending booking's 'received' email has no invoice link and no calendar yet", () => {
    const mail = bookingConfirmationEmail(user, { ...booking, status: "pending" }, SAMPLE_SITE);
    expect(mail.subject).toStartWith(`Booking #${number} received`);
    expect(mail.text).not.toContain("/receipt");
    expect(mail.html).not.toContain("/receipt");
    expect(mail.attachments).toBeUndefined();
  });

  test("the customer's cancellation of a confirmed booking: as they asked, the invoice credited, the calendar's cancel", () => {
    const mail = bookingCancellationEmail(user, { ...booking, status: "cancelled", calendarSequence: 1 }, SAMPLE_SITE, { by: "customer", wasPending: false });
    expect(mail.subject).toBe(`Booking #${number} cancelled`);
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(`Your booking #${number} has been cancelled, as you asked.`);
      expect(part).toContain("You owe nothing for it: a credit note cancels its");
      expect(part).toContain(`${SAMPLE_SITE.publicUrl}/bookings/${booking.id}/receipt`);
    }
    expect(mail.attachments?.[0]?.content).toContain("METHOD:CANCEL");
  });

  test("our staff's cancellation says so", () => {
    const mail = bookingCancellationEmail(user, { ...booking, status: "cancelled", calendarSequence: 1 }, SAMPLE_SITE, { by: "staff", wasPending: false });
    expect(mail.subject).toBe(`Booking #${number} cancelled`);
    expect(mail.text).toContain(`Our team has cancelled your booking #${number}.`);
    expect(mail.attachments?.[0]?.content).toContain("METHOD:CANCEL");
  });

  test("a booking that waited for approval: declined by staff, nothing charged, no invoice, no calendar to remove", () => {
    const declined = bookingCancellationEmail(user, { ...booking, status: "cancelled" }, SAMPLE_SITE, { by: "staff", wasPending: true });
    expect(declined.subject).toBe(`Booking #${number} declined`);
    const withdrawn = bookingCancellationEmail(user, { ...booking, status: "cancelled" }, SAMPLE_SITE, { by: "customer", wasPending: true });
    expect(withdrawn.subject).toBe(`Booking #${number} cancelled`);
    expect(declined.text).toContain(`we could not confirm your booking request #${number}`);
    for (const mail of [declined, withdrawn]) {
      for (const part of [mail.text, mail.html!]) {
        expect(part).toContain("Nothing was charged for it.");
        expect(part).not.toContain("/receipt");
        expect(part).not.toContain("calendar");
      }
      expect(mail.attachments).toBeUndefined();
    }
  });
});

describe("bookingChangedEmail", () => {
  const user = { name: "Thandi Nkosi", email: "thandi@example.com" };
  const before = sampleBooking({ address: "1 Beach Road, Sea Point" });
  const summary = (over: Partial<BookingChangeSummary> = {}): BookingChangeSummary => ({
    before: {
      pickupDate: before.pickupDate,
      returnDate: before.returnDate,
      deliveryLocation: before.deliveryLocation,
      returnLocation: before.returnLocation,
      category: before.category,
      transmission: before.transmission,
      totalAmount: 3400,
    },
    differenceCents: 0,
    by: "customer",
    kind: "change",
    ...over,
  });
  const number = bookingNumber(before.id, "customer");
  const later = new Date(before.pickupDate.getTime() + 24 * 3_600_000);

  test("dates and place moved: each change old -> new, the new total and 'R650 more', links and the updated calendar", () => {
    const after = sampleBooking(
      { address: "12 Long Street, Cape Town" },
      {
        pickupDate: later,
        returnDate: new Date(before.returnDate.getTime() + 48 * 3_600_000),
        duration: 5,
        totalAmount: before.totalAmount.plus(850),
        calendarSequence: 1,
      },
    );
    const mail = bookingChangedEmail(user, after, summary({ differenceCents: 65_000 }), SAMPLE_SITE);
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe(`Booking #${number} changed: pick-up ${formatConfirmationDateTime(later)}`);
    expect(mail.text).toContain(`You have changed your booking #${number}.`);
    expect(mail.text).toContain("- Pick-up: Mar 05, 2026, 10:00 -> Mar 06, 2026, 10:00 (Cape Town time)");
    expect(mail.text).toContain("- Return: Mar 09, 2026, 10:00 -> Mar 11, 2026, 10:00 (Cape Town time)");
    expect(mail.text).toContain("- Delivery: 1 Beach Road, Sea Point -> 12 Long Street, Cape Town");
    expect(mail.text).not.toContain("- Collection:");
    expect(mail.text).not.toContain("- Category:");
    expect(mail.text).toContain("New total: R4,250 (was R3,400): R650 more.");
    expect(mail.text).toContain("Total:   R4,250 for 5 days at R850/day");
    expect(mail.text).toContain(`${SAMPLE_SITE.publicUrl}/bookings/${after.id}`);
    expect(mail.text).toContain(`${SAMPLE_SITE.publicUrl}/bookings/${after.id}/receipt`);
    const html = mail.html!;
    expect(html).toContain(`Booking #${number} changed`);
    expect(html).toContain("<strong>Mar 06, 2026, 10:00</strong>");
    expect(html).toContain("was Mar 05, 2026, 10:00");
    expect(html).toContain("was 1 Beach Road, Sea Point");
    expect(html).toContain("R650 more");
    expect(html).toContain(`href="${SAMPLE_SITE.publicUrl}/bookings/${after.id}"`);
    expect(html).toContain(`href="${SAMPLE_SITE.publicUrl}/bookings/${after.id}/receipt"`);

    // The calendar replaces the events imported before: same UIDs, the raised sequence, the new times.
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]!.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    const calendar = new ICAL.Component(ICAL.parse(mail.attachments![0]!.content));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual([`${after.id}-delivery@capedrive`, `${after.id}-return@capedrive`]);
    expect(events.map((e) => e.sequence)).toEqual([1, 1]);
    expect(events[0]!.location).toBe("12 Long Street, Cape Town");
    expect(events[0]!.startDate.toJSDate().getTime()).toBe(later.getTime());
  });

  test("the return alone moved: the subject leads with the new return, not the unchanged pick-up", () => {
    const returnAt = new Date(before.returnDate.getTime() + 24 * 3_600_000);
    const after = sampleBooking(
      { address: before.deliveryLocation },
      { returnDate: returnAt, duration: 5, totalAmount: before.totalAmount.plus(850), calendarSequence: 1 },
    );
    const mail = bookingChangedEmail(user, after, summary({ differenceCents: 85_000 }), SAMPLE_SITE);
    expect(mail.subject).toBe(`Booking #${number} changed: return ${formatConfirmationDateTime(returnAt)}`);
    expect(mail.text).not.toContain("- Pick-up:");
    // Both moved: the pick-up leads, as when it alone moved.
    const both = sampleBooking({ address: before.deliveryLocation }, { pickupDate: later, returnDate: returnAt, calendarSequence: 1 });
    expect(bookingChangedEmail(user, both, summary(), SAMPLE_SITE).subject).toBe(`Booking #${number} changed: pick-up ${formatConfirmationDateTime(later)}`);
  });

  test("a cheaper car: 'R450 less' and the old and new category and transmission", () => {
    const after = sampleBooking(
      { address: before.deliveryLocation },
      { category: "medium", transmission: "manual", totalAmount: before.totalAmount.minus(450), calendarSequence: 1 },
    );
    const mail = bookingChangedEmail(user, after, summary({ differenceCents: -45_000 }), SAMPLE_SITE);
    expect(mail.text).toContain("- Category: Large -> Medium");
    expect(mail.text).toContain("- Transmission: Automatic -> Manual");
    expect(mail.text).toContain("New total: R2,950 (was R3,400): R450 less.");
    expect(mail.html).toContain("R450 less");
    // "Transmission" needs a wider label column: both tables get it, so their values line up.
    const labelWidths = [...mail.html!.matchAll(/<td class="cd-muted" style="[^"]*width:(\d+)px/g)].map((m) => m[1]);
    expect(labelWidths).toHaveLength(2 + 4);
    expect(new Set(labelWidths)).toEqual(new Set([String(WIDE_FACT_LABEL_WIDTH)]));
    expect(mail.text).not.toContain("- Pick-up:");
  });

  test("the same price: 'No change in price'; an admin's change says so", () => {
    const after = sampleBooking({ address: before.deliveryLocation }, { returnLocation: "V&A Waterfront", calendarSequence: 1 });
    const mail = bookingChangedEmail(user, after, summary({ by: "admin" }), SAMPLE_SITE);
    expect(mail.text).toContain(`Our team has changed your booking #${number}.`);
    expect(mail.text).toContain("- Collection: Cape Town International Airport, Matroosfontein -> V&A Waterfront");
    expect(mail.text).toContain("New total: R3,400. No change in price.");
    expect(mail.html).toContain("No change in price.");
    expect(mail.html).toContain("V&amp;A Waterfront");
  });

  test("an extension: 'extended' in the subject with the new return", () => {
    const returnAt = new Date(before.returnDate.getTime() + 24 * 3_600_000);
    const after = sampleBooking(
      { address: before.deliveryLocation },
      { status: "in_progress", returnDate: returnAt, duration: 5, totalAmount: before.totalAmount.plus(850), calendarSequence: 2 },
    );
    const mail = bookingChangedEmail(user, after, summary({ kind: "extension", differenceCents: 85_000 }), SAMPLE_SITE);
    expect(mail.subject).toBe(`Booking #${number} extended: return ${formatConfirmationDateTime(returnAt)}`);
    expect(mail.text).toContain(`You have extended your trip, booking #${number}.`);
    expect(mail.text).toContain("R850 more");
    expect(mail.html).toContain(`Booking #${number} extended`);
    expect(mail.attachments![0]!.content).toContain("SEQUENCE:2");
  });

  test("an admin shortening a trip in progress: 'shortened', with the difference as less", () => {
    const returnAt = new Date(before.returnDate.getTime() - 24 * 3_600_000);
    const after = sampleBooking(
      { address: before.deliveryLocation },
      { status: "in_progress", returnDate: returnAt, duration: 3, totalAmount: before.totalAmount.minus(850), calendarSequence: 1 },
    );
    const mail = bookingChangedEmail(user, after, summary({ kind: "extension", by: "admin", differenceCents: -85_000 }), SAMPLE_SITE);
    expect(mail.subject).toBe(`Booking #${number} shortened: return ${formatConfirmationDateTime(returnAt)}`);
    expect(mail.text).toContain(`Our team has shortened your trip, booking #${number}.`);
    expect(mail.text).toContain("- Return: Mar 09, 2026, 10:00 -> Mar 08, 2026, 10:00 (Cape Town time)");
    expect(mail.text).toContain("R850 less");
  });

  test("a booking still awaiting approval: no invoice link, no calendar", () => {
    const after = sampleBooking({ address: before.deliveryLocation }, { status: "pending", pickupDate: later });
    const mail = bookingChangedEmail(user, after, summary(), SAMPLE_SITE);
    expect(mail.attachments).toBeUndefined();
    expect(mail.text).not.toContain("/receipt");
    expect(mail.html).not.toContain("/receipt");
  });

  test("user text is escaped in the HTML and kept as typed in the text", () => {
    const after = sampleBooking({ address: "<i>5</i> Main Road" }, { pickupDate: later, calendarSequence: 1 });
    const mail = bookingChangedEmail({ ...user, name: "<b>Eve</b>" }, after, summary(), SAMPLE_SITE);
    expect(mail.html).not.toContain("<b>Eve</b>");
    expect(mail.html).not.toContain("<i>5</i>");
    expect(mail.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(mail.html).toContain("&lt;i&gt;5&lt;/i&gt; Main Road");
    expect(mail.text).toContain("Hi <b>Eve</b>,");
    expect(mail.text).toContain("-> <i>5</i> Main Road");
  });
});

describe("the return reminder", () => {
  const user = { name: "Thandi Nkosi", email: "thandi@example.com" };
  const at = (time: string) => ({ ...sampleBooking({ address: "12 Long Street, Cape Town" }), user, returnDate: capeTownDateTimeToUtc("2026-12-16", time) });

  test("says 'today' for a return in the day, and 'tomorrow' for one in the small hours (it arrives the evening before)", () => {
    const day = returnReminderEmail(at("17:30"), SAMPLE_SITE.publicUrl);
    expect(day.subject).toStartWith("Today: we collect your car at 17:30");
    expect(day.html).toContain("We collect your car today");
    const night = returnReminderEmail(at("01:30"), SAMPLE_SITE.publicUrl);
    expect(night.subject).toStartWith("Tomorrow: we collect your car at 01:30");
    expect(night.html).toContain("We collect your car tomorrow");
  });
});

describe("the on-the-way email", () => {
  const user = { name: "Thandi Nkosi", email: "thandi@example.com" };
  const booking = { ...sampleBooking({ address: "12 Long Street, Cape Town" }), user };

  test("the driver's number as typed, dialled in E.164 (a visitor's foreign SIM cannot dial 082...)", () => {
    const mail = onTheWayEmail(user, booking, { name: "Sipho", phone: "082 555 0142" });
    expect(mail.text).toContain("If you need to reach the driver: 082 555 0142");
    expect(mail.html).toContain("082 555 0142");
    expect(mail.html).toContain('href="tel:+27825550142"');
    expect(mail.text).toContain(`Booking #${bookingNumber(booking.id, "customer")}`);
  });

  test("no driver's number: no call line in either part, and no button", () => {
    const mail = onTheWayEmail(user, booking, { name: "Your driver", phone: "" });
    expect(mail.text).toContain("Your driver is on the way to 12 Long Street, Cape Town");
    expect(mail.text).not.toContain("reach the driver");
    expect(mail.html).not.toContain("reach the driver");
    expect(mail.html).not.toContain("tel:");
  });
});

describe("the dealership's enquiry email", () => {
  test("a reply to it reaches the buyer (its Reply-To), and its mailto: writes to the buyer about the car", () => {
    const mail = sampleEmails().find((e) => e.name === "dealership-enquiry")!.message;
    expect(mail.replyTo).toBe("bongani.dlamini-van-der-merwe.work@example.co.za");
    const replyNote = "Reply to this email to write to Thandi Nkosi, or use their details below.";
    expect(mail.text).toContain(`Reply to them:\n${replyNote}\nEmail: bongani.dlamini-van-der-merwe.work@example.co.za`);
    expect(mail.html).toContain(replyNote);
    expect(mail.html).toContain(
      'href="mailto:bongani.dlamini-van-der-merwe.work@example.co.za?subject=Your%20enquiry%20about%20the%202021%20Toyota%20Hilux%20on%20CapeDrive"',
    );
    expect(mail.html).toContain('href="tel:+27825551234"');
    // A long address may wrap after its "@", not only inside its domain ("example.c / o.za").
    expect(mail.html).toContain(">bongani.dlamini-van-der-merwe.work@<wbr/>example.co.za</a>");
    // The portal's Leads, where the enquiries are (not its dashboard of cars).
    expect(mail.html).toContain('href="https://capedrive.example/dealership/leads"');
  });

  test("a buyer who left only a phone: no Reply-To of theirs, and the email says a reply reaches CapeDrive", () => {
    const vehicle = { make: "Toyota", model: "Hilux", year: 2021, registrationNumber: "CA 123-456", salesPrice: { toFixed: () => "389900.00" } };
    const mail = dealershipEnquiryEmail(
      { contactPerson: "Sam", contactEmail: "sales@atlantic.example" },
      vehicle,
      { name: "Thandi Nkosi", phone: "082 555 1234", message: "Is it still available?" } as never,
      SAMPLE_SITE.publicUrl,
    );
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain("Thandi Nkosi left a phone number only: replying to this email reaches CapeDrive, not them.");
  });
});

describe("the collected email", () => {
  test("with charges, it links the debit note that invoices them (with the tax invoice)", () => {
    const collected = sampleEmails(HOSTILE).find((e) => e.name === "handover-collected")!.message;
    expect(collected.text).toMatch(/The debit note for them, with your tax invoice: https:\/\/capedrive\.example\/bookings\/[^/\s]+\/receipt/);
    expect(collected.html).toMatch(/href="https:\/\/capedrive\.example\/bookings\/[^/"]+\/receipt"/);
  });
});
