// Every email the product sends, built from made-up but realistic data: for the previews
// (`bun run emails:preview`), the screenshots (e2e/emails.spec.ts) and the template tests. A new
// email gets a sample here, so it is previewed, screenshotted and tested with the others.
import { bookingNumber, bookingQuote, capeTownDateTimeToUtc, collectionCharges, formatRandCents, type IsoDate } from "#domain";
import { Prisma } from "../../prisma/generated/sqlite/browser";
import type { Config } from "../config";
import type { BookingWithVehicle } from "../services/bookings";
import type { EmailMessage } from "../services/mail";
import { passwordChangedEmail, passwordResetEmail, welcomeEmail } from "./account";
import { bookingCancellationEmail, bookingChangedEmail, bookingConfirmationEmail } from "./booking";
import { dealershipEnquiryEmail } from "./enquiry";
import { collectedEmail, deliveredEmail, onTheWayEmail } from "./handover";
import { deliveryReminderEmail, returnReminderEmail } from "./reminders";

export type SampleEmail = {
  /** A file-name-safe name ("booking-confirmed"). */
  name: string;
  message: EmailMessage;
  /** Text the email must show a reader (its booking number, or its main fact). */
  shows: string;
};

/** What the samples are made of; tests pass hostile values (markup in a name or an address). */
export type SampleInput = { name: string; address: string; message: string };

/** The samples' site; its support phone and Reply-To make the footer's contact line (./contact.tsx) of the previews. */
export const SAMPLE_SITE: Pick<Config, "publicUrl" | "mail"> = {
  publicUrl: "https://capedrive.example",
  mail: { from: "CapeDrive <no-reply@capedrive.example>", replyTo: "CapeDrive help <help@capedrive.example>", supportPhone: "021 555 0123" },
};

const at = (date: IsoDate, time: string) => capeTownDateTimeToUtc(date, time);

/** A booking's days and total as the product prices them (domain/pricing.ts), so no sample shows a sum it would not charge. */
function priced(category: string, pickupDate: Date, returnDate: Date): Pick<BookingWithVehicle, "duration" | "totalAmount"> {
  const quote = bookingQuote(category, pickupDate, returnDate);
  return { duration: quote.days, totalAmount: new Prisma.Decimal(quote.total) };
}

/** A confirmed four-day booking of a large automatic, delivered to `address`. */
export function sampleBooking(input: Pick<SampleInput, "address">, overrides: Partial<BookingWithVehicle> = {}): BookingWithVehicle {
  const now = new Date("2026-03-01T08:00:00Z");
  return {
    id: "7d1e3c52-9a4b-4f7e-8c21-5b0e6a1d9f3c",
    userId: "customer",
    vehicleId: "vehicle",
    category: "large",
    transmission: "automatic",
    pickupDate: at("2026-03-05", "10:00"),
    returnDate: at("2026-03-09", "10:00"),
    deliveryLocation: input.address,
    deliveryCoordinates: "-33.9249,18.4241",
    deliveryVerified: true,
    returnLocation: "Cape Town International Airport, Matroosfontein",
    returnCoordinates: "-33.9715,18.6021",
    returnVerified: true,
    totalAmount: new Prisma.Decimal("3400.00"),
    duration: 4,
    status: "confirmed",
    specialRequests: null,
    calendarSequence: 0,
    idempotencyKey: null,
    idempotencyRequest: null,
    createdAt: now,
    updatedAt: now,
    vehicle: {
      id: "vehicle",
      dealershipId: null,
      registrationNumber: "CA 123-456",
      make: "Toyota",
      model: "Fortuner",
      year: 2023,
      category: "large",
      transmission: "automatic",
      status: "available",
      mileage: 24_000,
      dailyRate: new Prisma.Decimal("850.00"),
      salesPrice: null,
      features: [],
      lastKnownLocation: null,
      soldAt: null,
      createKey: null,
      createRequest: null,
      createdAt: now,
      updatedAt: now,
      images: [],
    },
    ...overrides,
  };
}

export function sampleEmails(input: SampleInput = { name: "Thandi Nkosi", address: "12 Long Street, Cape Town City Centre", message: "" }): SampleEmail[] {
  const site = SAMPLE_SITE;
  const user = { name: input.name, email: "thandi@example.com" };
  const booking = sampleBooking(input);
  const number = bookingNumber(booking.id, "customer");
  const pending = sampleBooking(input, { status: "pending" });
  // The change: delivered a day later (10:30), to this address instead of Sea Point, in a medium
  // manual: three started days (to the 10:00 return) at R650 instead of four at R850, R1,450 less.
  const changedPickup = at("2026-03-06", "10:30");
  const changed = sampleBooking(input, {
    pickupDate: changedPickup,
    category: "medium",
    transmission: "manual",
    ...priced("medium", changedPickup, booking.returnDate),
    calendarSequence: 1,
  });
  changed.vehicle = { ...booking.vehicle!, make: "Volkswagen", model: "Polo", year: 2022, category: "medium", transmission: "manual" };
  const before = {
    pickupDate: booking.pickupDate,
    returnDate: booking.returnDate,
    deliveryLocation: "1 Beach Road, Sea Point",
    returnLocation: booking.returnLocation,
    category: "large",
    transmission: "automatic",
    totalAmount: booking.totalAmount.toNumber(),
  };
  // Extended by two days and a few hours: every started day is charged (7 days in all).
  const extendedReturn = at("2026-03-11", "17:00");
  const extended = sampleBooking(input, { status: "in_progress", returnDate: extendedReturn, ...priced("large", booking.pickupDate, extendedReturn) });
  const cents = (amount: { toNumber(): number }) => Math.round(amount.toNumber() * 100);
  const changeCents = cents(changed.totalAmount) - cents(booking.totalAmount);
  const extensionCents = cents(extended.totalAmount) - cents(booking.totalAmount);
  const reminderBooking = { ...booking, user };
  const handoverBooking = { ...booking, user };
  // Collected 80 minutes after the booked return, a quarter tank down: a late day and two eighths,
  // as the product charges them with its default settings (59 minutes' grace, R180 an eighth).
  const collectedAt = at("2026-03-09", "11:20");
  const charges = collectionCharges(
    { category: booking.category, pickup: booking.pickupDate, bookedReturn: booking.returnDate, collectedAt, deliveryFuelEighths: 8, collectionFuelEighths: 6 },
    { lateGraceMinutes: 59, fuelChargePerEighthCents: 18_000 },
  );
  const enquiry = {
    name: input.name,
    email: "bongani.dlamini-van-der-merwe.work@example.co.za",
    phone: "+27 82 555 1234",
    message: input.message || "Is the Hilux still available? Could I test drive it on Saturday morning?\nI can come to the showroom in Paarden Eiland.",
    website: "",
  };
  return [
    { name: "booking-confirmed", message: bookingConfirmationEmail(user, booking, site), shows: `Booking #${number} confirmed` },
    { name: "booking-received", message: bookingConfirmationEmail(user, pending, site), shows: `Booking #${number} received` },
    {
      name: "booking-cancelled",
      message: bookingCancellationEmail(user, { ...booking, status: "cancelled", calendarSequence: 1 }, site, { by: "customer", wasPending: false }),
      shows: `#${number}`,
    },
    {
      name: "booking-declined",
      message: bookingCancellationEmail(user, { ...booking, status: "cancelled", calendarSequence: 1 }, site, { by: "staff", wasPending: true }),
      shows: "could not confirm",
    },
    {
      name: "booking-changed",
      message: bookingChangedEmail(user, changed, { before, differenceCents: changeCents, by: "customer", kind: "change" }, site),
      shows: `${formatRandCents(-changeCents)} less`,
    },
    {
      name: "booking-extended",
      message: bookingChangedEmail(
        user,
        extended,
        { before: { ...before, deliveryLocation: booking.deliveryLocation }, differenceCents: extensionCents, by: "admin", kind: "extension" },
        site,
      ),
      shows: `${formatRandCents(extensionCents)} more`,
    },
    { name: "reminder-delivery", message: deliveryReminderEmail(reminderBooking, site.publicUrl), shows: `View booking #${number}` },
    { name: "reminder-return", message: returnReminderEmail(reminderBooking, site.publicUrl), shows: `View booking #${number}` },
    { name: "handover-on-the-way", message: onTheWayEmail(user, handoverBooking, { name: "Sipho", phone: "082 123 4567" }), shows: `Booking #${number}` },
    { name: "handover-delivered", message: deliveredEmail(user, handoverBooking, at("2026-03-05", "10:05"), site.publicUrl), shows: `booking #${number}` },
    {
      name: "handover-collected",
      message: collectedEmail(user, handoverBooking, collectedAt, charges, site.publicUrl),
      shows: formatRandCents(charges.totalCents),
    },
    { name: "welcome", message: welcomeEmail(user, site.publicUrl), shows: "Complete your profile" },
    {
      name: "password-reset",
      message: passwordResetEmail(user, `${site.publicUrl}/reset-password?token=Vb3n0Kq2Zr9xWmP4sT7yLc1dHf6gJe8uAi5oQw0RtYs`),
      shows: "Reset your password",
    },
    { name: "password-changed", message: passwordChangedEmail(user, `${site.publicUrl}/signin`), shows: "Your password was changed" },
    {
      name: "password-changed-signed-in",
      message: passwordChangedEmail(user, `${site.publicUrl}/dealership/signin`, {
        keptSession: true,
        selfReset: false,
      }),
      shows: "The device it was changed on stays signed in",
    },
    {
      name: "dealership-enquiry",
      message: dealershipEnquiryEmail(
        { contactPerson: "Pieter van Wyk", contactEmail: "sales@atlantic.example" },
        { make: "Toyota", model: "Hilux", year: 2021, registrationNumber: "CA 987-654", salesPrice: new Prisma.Decimal("389900.00") },
        enquiry,
        site.publicUrl,
      ),
      shows: "R389,900",
    },
  ];
}
