// Input schemas of the customer's forms: sign-up, sign-in, passwords, profile, booking and availability.
import { z } from "zod";
import { CATEGORY_IDS, DEFAULT_TRANSMISSION, ID_TYPES, TRANSMISSIONS } from "../catalogue.ts";
import {
  ADDRESS_MAX_LENGTH,
  calendarDateField,
  coordinatesField,
  customerPassword,
  emailField,
  instantField,
  optionalPhoneText,
  optionalText,
  optionalTextOf,
  requiredText,
  tooLong,
} from "./fields.ts";

const NAME_MAX = 100;
const customerName = requiredText("Name is required", 1, NAME_MAX, tooLong("Name", NAME_MAX));
/** Optional; when given, a number a driver can call (it was any text, "call me maybe" included). */
const phoneText = optionalPhoneText("Mobile number", "Please enter a valid mobile number");
/** A typed address (profile, delivery, return): as long as the back office's address field. */
const addressText = (message: string, min = 1) => requiredText(message, min, ADDRESS_MAX_LENGTH, tooLong("The address", ADDRESS_MAX_LENGTH));

// Customer ------------------------------------------------------------------------------------

/** The sign-up form (with the password confirmation). */
export const signUpSchema = z
  .object({
    name: customerName,
    email: emailField("Please enter a valid email address", "Email is required"),
    phone: phoneText,
    password: customerPassword,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  // An empty confirmation already says "Please confirm your password"; don't add a mismatch.
  .refine((data) => data.confirmPassword === "" || data.password === data.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpData = z.output<typeof signUpSchema>;

/** What POST /api/auth/signup receives: the form without the confirmation. */
export const signUpRequestSchema = z.object({
  name: customerName,
  email: emailField("Please enter a valid email address", "Email is required"),
  phone: phoneText,
  password: customerPassword,
});
export type SignUpRequest = z.output<typeof signUpRequestSchema>;

export const signInSchema = z.object({
  email: emailField("Please enter a valid email address", "Email is required"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
export type SignInInput = z.input<typeof signInSchema>;
export type SignInData = z.output<typeof signInSchema>;

export const forgotPasswordSchema = z.object({
  email: emailField("Please enter a valid email address"),
});
export type ForgotPasswordData = z.output<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: requiredText("Reset token is required"),
  password: customerPassword,
});
export type ResetPasswordData = z.output<typeof resetPasswordSchema>;

/** The Complete Your Profile form and POST /api/profile/complete. Dates come out as "yyyy-mm-dd". */
export const profileCompletionSchema = z.object({
  dateOfBirth: calendarDateField("Date of birth is required"),
  address: addressText("Address must be at least 5 characters", 5),
  city: requiredText("City is required", 2, 100, tooLong("City", 100)),
  postalCode: requiredText("Postal code is required", 4, 20, tooLong("Postal code", 20)),
  nationality: requiredText("Nationality is required", 2, 60, tooLong("Nationality", 60)),
  idType: z.enum(ID_TYPES, { error: "Please select ID type" }),
  idNumber: requiredText("ID/Passport number is required", 5, 40, tooLong("ID/Passport number", 40)),
  driversLicenseNumber: requiredText("Driver's license number is required", 5, 40, tooLong("Driver's license number", 40)),
  driversLicenseExpiryDate: calendarDateField("License expiry date is required"),
  profilePicture: optionalText,
  driversLicenseImage: optionalText,
});
export type ProfileCompletionInput = z.input<typeof profileCompletionSchema>;
export type ProfileCompletionData = z.output<typeof profileCompletionSchema>;

/** A booking's period read from a form: return after pickup (the booking and its quote alike). */
const returnAfterPickup: [check: (b: { pickupDate: Date; returnDate: Date }) => boolean, refusal: { message: string; path: string[] }] = [
  (b) => b.returnDate.getTime() > b.pickupDate.getTime(),
  { message: "Return must be after pickup", path: ["returnDate"] },
];

/** A typed delivery or return address: non-empty after trimming. */
export const typedAddressSchema = addressText("Please enter an address");

/**
 * POST /api/bookings. totalAmount and duration are accepted but only informative: the server
 * recomputes both from the category rate and the dates.
 */
export const bookingCreateSchema = z
  .object({
    category: z.enum(CATEGORY_IDS, { error: "Please select a category" }),
    transmission: z.enum(TRANSMISSIONS, { error: "Please select a transmission" }).default(DEFAULT_TRANSMISSION),
    vehicleId: requiredText("Please complete all booking steps and select a vehicle"),
    pickupDate: instantField("Pickup date is required"),
    returnDate: instantField("Return date is required"),
    deliveryLocation: addressText("Delivery location is required"),
    deliveryCoordinates: coordinatesField("Delivery location is required"),
    returnLocation: addressText("Return location is required"),
    returnCoordinates: coordinatesField("Return location is required"),
    totalAmount: z
      .union([z.string(), z.number()], { error: "Total amount must be an amount in rand" })
      .nullish()
      .transform((v) => v ?? undefined),
    duration: z
      .number({ error: "Duration must be a whole number of days" })
      .int("Duration must be a whole number of days")
      .min(0, "Duration must be a whole number of days")
      .nullish()
      .transform((v) => v ?? undefined),
    specialRequests: optionalTextOf(1000, "Special requests are too long"),
  })
  .refine(...returnAfterPickup);
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;

/** What a bad idempotency key is told (400). */
export const IDEMPOTENCY_KEY_MESSAGE = "The idempotency key must be a UUID, or 16 to 100 letters, digits, '-', '_', '.' or ':'";

/**
 * The key a booking create may carry (REST `Idempotency-Key` header, GraphQL `idempotencyKey`):
 * made by the app once per draft (a random UUID), so a create repeated after a lost answer is
 * answered with the booking the first one made. A UUID, or any 16 to 100 URL- and header-safe
 * characters; taken as sent (no trimming: a key is an opaque name).
 */
export const idempotencyKeySchema = z.string({ error: IDEMPOTENCY_KEY_MESSAGE }).regex(/^[A-Za-z0-9._:-]{16,100}$/, IDEMPOTENCY_KEY_MESSAGE);
export type BookingCreateData = z.output<typeof bookingCreateSchema>;

/** Left out or null: the booking keeps what it has. */
const keep = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);
/** The figures a customer saw (as at booking): when sent, they must equal the server's new quote. */
const seenFigures = {
  totalAmount: z
    .union([z.string(), z.number()], { error: "Total amount must be an amount in rand" })
    .nullish()
    .transform((v) => v ?? undefined),
  duration: z
    .number({ error: "Duration must be a whole number of days" })
    .int("Duration must be a whole number of days")
    .min(0, "Duration must be a whole number of days")
    .nullish()
    .transform((v) => v ?? undefined),
};

/**
 * A change of a booking (customer or admin): any of the booking flow's fields, with the same
 * messages; what is left out stays as it is. A location comes with its coordinates.
 */
export const bookingChangeSchema = z
  .object({
    category: keep(z.enum(CATEGORY_IDS, { error: "Please select a category" })),
    transmission: keep(z.enum(TRANSMISSIONS, { error: "Please select a transmission" })),
    pickupDate: keep(instantField("Pickup date is required")),
    returnDate: keep(instantField("Return date is required")),
    deliveryLocation: keep(addressText("Delivery location is required")),
    deliveryCoordinates: keep(coordinatesField("Delivery location is required")),
    returnLocation: keep(addressText("Return location is required")),
    returnCoordinates: keep(coordinatesField("Return location is required")),
    ...seenFigures,
  })
  .superRefine((c, ctx) => {
    for (const [text, point] of [
      ["deliveryLocation", "deliveryCoordinates"],
      ["returnLocation", "returnCoordinates"],
    ] as const) {
      if ((c[text] === undefined) !== (c[point] === undefined)) {
        const message = text === "deliveryLocation" ? "Delivery location is required" : "Return location is required";
        ctx.addIssue({ code: "custom", message, path: [c[text] === undefined ? text : point] });
      }
    }
  });
export type BookingChangeInput = z.input<typeof bookingChangeSchema>;
export type BookingChangeData = z.output<typeof bookingChangeSchema>;

/** Extending a trip in progress: the new return, and the figures the customer saw. */
export const tripExtensionSchema = z.object({
  returnDate: instantField("Return date is required"),
  ...seenFigures,
});
export type TripExtensionData = z.output<typeof tripExtensionSchema>;

/**
 * The price of a period in a category (the server's quote, shown by the web before booking): the
 * booking's own fields and period check, so a quote is refused in the booking's words.
 */
export const bookingQuoteSchema = z
  .object({
    category: z.enum(CATEGORY_IDS, { error: "Please select a category" }),
    pickupDate: instantField("Pickup date is required"),
    returnDate: instantField("Return date is required"),
  })
  .refine(...returnAfterPickup);
export type BookingQuoteData = z.output<typeof bookingQuoteSchema>;

/**
 * An optional rental period for the available-vehicle search: both instants or neither, and
 * return after pickup.
 */
export const availabilityPeriodSchema = z
  .object({
    pickupDate: instantField("Pickup date is required").nullish(),
    returnDate: instantField("Return date is required").nullish(),
  })
  .superRefine((p, ctx) => {
    if (!p.pickupDate && p.returnDate) ctx.addIssue({ code: "custom", message: "Pickup date is required", path: ["pickupDate"] });
    if (p.pickupDate && !p.returnDate) ctx.addIssue({ code: "custom", message: "Return date is required", path: ["returnDate"] });
    if (p.pickupDate && p.returnDate && p.returnDate.getTime() <= p.pickupDate.getTime()) {
      ctx.addIssue({ code: "custom", message: "Return must be after pickup", path: ["returnDate"] });
    }
  })
  .transform((p) => (p.pickupDate && p.returnDate ? { pickup: p.pickupDate, returnAt: p.returnDate } : null));
export type AvailabilityPeriod = NonNullable<z.output<typeof availabilityPeriodSchema>>;
