/**
 * Input schemas shared by the web forms (react-hook-form + zodResolver), the server (REST,
 * GraphQL) and the CLI, with the exact messages of the specification.
 *
 * Conventions: text is trimmed (passwords are not: a space is a legitimate character there);
 * emails are trimmed and lower-cased; licence plates and registration numbers are upper-cased
 * so "ca 123-456" and "CA 123-456" are one vehicle; money travels as two-decimal text. Schemas
 * whose rules depend on the date ("next year") are built by functions taking an optional
 * `now`; without it the year is read from the clock at parse time, in Cape Town.
 */
import { z } from "zod";
import { BOOKING_STATUSES } from "./booking.ts";
import {
  CATEGORY_IDS,
  DEALERSHIP_FORM_STATUSES,
  DEFAULT_TRANSMISSION,
  DEFAULT_VEHICLE_STATUS,
  ID_TYPES,
  TRANSMISSIONS,
  VEHICLE_STATUSES,
  type Category,
  type DealershipFormStatus,
  type Transmission,
  type VehicleStatus,
} from "./catalogue.ts";
import { isTypedAddressStandIn, parseCoordinates, validateServiceAreaPolygon } from "./geo.ts";
import { ADMIN_PASSWORD_MIN_LENGTH, CUSTOMER_PASSWORD_MIN_LENGTH } from "./limits.ts";
import { MAX_MONEY_CENTS, parseMoneyToCents, toMoneyString } from "./money.ts";
import { capeTownYear, isIsoDate, parseDisplayDate } from "./time.ts";

// Building blocks -----------------------------------------------------------------------------

/** Trimmed text of at least `min` characters; `message` for missing, wrong type or too short. */
function requiredText(message: string, min = 1) {
  return z.string({ error: message }).trim().min(min, message);
}

/** Trimmed, optional text; null is accepted and becomes undefined. */
const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v ?? undefined);

/** Trimmed, lower-cased email. `required` when missing or blank, `invalid` when malformed. */
function emailField(invalid: string, required = invalid) {
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .pipe(z.email({ error: invalid }));
}

const customerPassword = z
  .string({ error: "Password must be at least 6 characters" })
  .min(CUSTOMER_PASSWORD_MIN_LENGTH, "Password must be at least 6 characters");

/**
 * A calendar date typed as "yyyy-mm-dd" (date inputs) or "dd/mm/yyyy" (the product's text
 * format); the output is always "yyyy-mm-dd". `required` when missing or blank.
 */
function calendarDateField(required: string) {
  return requiredText(required).transform((value, ctx) => {
    const iso = isIsoDate(value) ? value : parseDisplayDate(value);
    if (iso === null) {
      ctx.issues.push({ code: "custom", message: "Please enter a valid date", input: value });
      return z.NEVER;
    }
    return iso;
  });
}

const INSTANT_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * Reads ISO 8601 date-time text with a zone, or null. Every part must be real: `new Date()`
 * alone would roll "2030-02-30" over to 2 March and "24:00" over to the next day.
 */
function parseInstantText(text: string): Date | null {
  const m = INSTANT_PATTERN.exec(text);
  if (!m || !isIsoDate(m[1])) return null;
  const [hour, minute, second, offsetHours, offsetMinutes] = [m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0));
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHours! > 23 || offsetMinutes! > 59) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An instant: a Date, or an ISO 8601 date-time string WITH a zone ("...Z" or "+02:00"). Text
 * without a zone is refused, because `new Date()` would read it in the process' own zone.
 */
function instantField(required: string) {
  return z.union([z.string(), z.date()], { error: required }).transform((value, ctx) => {
    const text = typeof value === "string" ? value.trim() : null;
    if (text === "") {
      ctx.issues.push({ code: "custom", message: required, input: value });
      return z.NEVER;
    }
    const date = text === null ? value : parseInstantText(text);
    if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
      ctx.issues.push({ code: "custom", message: "Please enter a valid date and time", input: value });
      return z.NEVER;
    }
    return date;
  });
}

/** Latest vehicle model year accepted: next year in Cape Town. */
export function maxVehicleYear(now: Date = new Date()): number {
  return capeTownYear(now) + 1;
}

/** A whole model year from `min` to next year (read from `now`, or the clock at parse time). */
function vehicleYearField(min: number, now?: Date) {
  return z
    .number({ error: "Year is required" })
    .int("Year must be a whole number")
    .min(min, `Year must be ${min} or later`)
    .superRefine((year, ctx) => {
      const max = maxVehicleYear(now ?? new Date());
      if (year > max) ctx.addIssue({ code: "custom", message: `Year must be ${max} or earlier` });
    });
}

/**
 * Money as text (numbers accepted too), normalised to two decimals ("450" -> "450.00").
 * Must be non-negative, fit decimal(10,2), and be above zero when `positive`.
 */
function moneyTextField(required: string, options: { positive?: string } = {}) {
  return z.union([z.string(), z.number()], { error: required }).transform((value, ctx) => {
    if (typeof value === "string" && value.trim() === "") {
      ctx.issues.push({ code: "custom", message: required, input: value });
      return z.NEVER;
    }
    let cents: number;
    try {
      cents = parseMoneyToCents(value);
    } catch {
      ctx.issues.push({ code: "custom", message: "Please enter a valid amount in rand", input: value });
      return z.NEVER;
    }
    const problem =
      cents < 0 ? "Amount cannot be negative" : cents > MAX_MONEY_CENTS ? "Amount is too large" : cents === 0 && options.positive ? options.positive : null;
    if (problem) {
      ctx.issues.push({ code: "custom", message: problem, input: value });
      return z.NEVER;
    }
    return toMoneyString(value);
  });
}

function isImageUrl(value: string): boolean {
  if (value === "" || /^\/objects\/[^\s?#]+$/.test(value)) return true;
  // The (relative) upload URL an upload ticket gave: the server resolves it to its object.
  if (/^\/api\/objects\/upload\/[0-9a-f-]{36}\?token=[^\s#]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

// Customer ------------------------------------------------------------------------------------

/** The sign-up form (with the password confirmation). */
export const signUpSchema = z
  .object({
    name: requiredText("Name is required"),
    email: emailField("Please enter a valid email address", "Email is required"),
    phone: optionalText,
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
  name: requiredText("Name is required"),
  email: emailField("Please enter a valid email address", "Email is required"),
  phone: optionalText,
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
  address: requiredText("Address must be at least 5 characters", 5),
  city: requiredText("City is required", 2),
  postalCode: requiredText("Postal code is required", 4),
  nationality: requiredText("Nationality is required", 2),
  idType: z.enum(ID_TYPES, { error: "Please select ID type" }),
  idNumber: requiredText("ID/Passport number is required", 5),
  driversLicenseNumber: requiredText("Driver's license number is required", 5),
  driversLicenseExpiryDate: calendarDateField("License expiry date is required"),
  profilePicture: optionalText,
  driversLicenseImage: optionalText,
});
export type ProfileCompletionInput = z.input<typeof profileCompletionSchema>;
export type ProfileCompletionData = z.output<typeof profileCompletionSchema>;

/** A typed delivery or return address: non-empty after trimming. */
export const typedAddressSchema = requiredText("Please enter an address");

/** Coordinates text "lat,lon" with a valid latitude and longitude. */
function coordinatesField(required: string) {
  return requiredText(required).refine((v) => parseCoordinates(v) !== null, "Invalid coordinates");
}

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
    deliveryLocation: requiredText("Delivery location is required"),
    deliveryCoordinates: coordinatesField("Delivery location is required"),
    returnLocation: requiredText("Return location is required"),
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
    specialRequests: optionalText.pipe(z.string().max(1000, "Special requests are too long").optional()),
  })
  .refine((b) => b.returnDate.getTime() > b.pickupDate.getTime(), {
    message: "Return must be after pickup",
    path: ["returnDate"],
  });
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;
export type BookingCreateData = z.output<typeof bookingCreateSchema>;

/** The price of a period in a category (the server's quote, shown by the web before booking). */
export const bookingQuoteSchema = z.object({
  category: z.enum(CATEGORY_IDS, { error: "Please select a category" }),
  pickupDate: instantField("Pickup date is required"),
  returnDate: instantField("Return date is required"),
});
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

// Dealership ----------------------------------------------------------------------------------

export const dealershipLoginSchema = z.object({
  dealershipCode: requiredText("Dealership code is required"),
  password: customerPassword,
});
export type DealershipLoginData = z.output<typeof dealershipLoginSchema>;

/**
 * A new dealership account (operators onboard dealerships with `rentals-cli dealership
 * onboard`). Codes are kept as typed but compared case-insensitively, so "atlantic01" cannot
 * join an existing "ATLANTIC01".
 */
export const DEALERSHIP_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;
export const dealershipOnboardSchema = z.object({
  dealershipCode: z
    .string({ error: "Dealership code is required" })
    .trim()
    .min(1, { error: "Dealership code is required", abort: true })
    .regex(DEALERSHIP_CODE_PATTERN, "Dealership code must be 2 to 32 letters, digits, - or _, starting with a letter or digit"),
  companyName: requiredText("Company name is required"),
  contactPerson: requiredText("Contact person is required"),
  contactEmail: emailField("Please enter a valid email address", "Email is required"),
  contactPhone: optionalText,
  address: optionalText,
  city: optionalText,
});
export type DealershipOnboardInput = z.input<typeof dealershipOnboardSchema>;
export type DealershipOnboardData = z.output<typeof dealershipOnboardSchema>;

/** A password an operator sets for a dealership (new or reset): as long as an admin's. */
export const dealershipPasswordSchema = z
  .string({ error: "Password must be at least 8 characters" })
  .min(ADMIN_PASSWORD_MIN_LENGTH, "Password must be at least 8 characters");

/** The dealership add-vehicle form and POST /api/dealership/vehicles. */
export function createDealershipVehicleSchema(now?: Date) {
  return z.object({
    registrationNumber: requiredText("Registration number is required").toUpperCase(),
    make: requiredText("Make is required"),
    model: requiredText("Model is required"),
    year: vehicleYearField(2000, now),
    category: z.enum(CATEGORY_IDS, { error: "Please select a category" }),
    transmission: z.enum(TRANSMISSIONS, { error: "Please select a transmission" }),
    status: z.enum(DEALERSHIP_FORM_STATUSES, { error: "Please select a status" }).default("available"),
    mileage: z.number({ error: "Mileage is required" }).int("Mileage must be a whole number").min(0, "Mileage cannot be negative").default(0),
    dailyRate: moneyTextField("Daily rate is required", { positive: "Daily rate must be greater than 0" }),
    salesPrice: moneyTextField("Sales price must be an amount in rand").optional(),
    images: z.array(z.string().trim().min(1)).default([]),
  });
}
/** Year bound read from the clock at parse time. */
export const dealershipVehicleSchema = createDealershipVehicleSchema();
export type DealershipVehicleInput = z.input<typeof dealershipVehicleSchema>;
export type DealershipVehicleData = z.output<typeof dealershipVehicleSchema>;

export interface DealershipVehicleDefaults {
  registrationNumber: string;
  make: string;
  model: string;
  year: number;
  category: Category;
  transmission: Transmission;
  status: DealershipFormStatus;
  mileage: number;
  dailyRate: string;
  salesPrice: string;
  images: string[];
}

/** Initial values of the dealership add-vehicle form. */
export function dealershipVehicleDefaults(now: Date = new Date()): DealershipVehicleDefaults {
  return {
    registrationNumber: "",
    make: "",
    model: "",
    year: capeTownYear(now),
    category: "small",
    transmission: DEFAULT_TRANSMISSION,
    status: "available",
    mileage: 0,
    dailyRate: "0",
    salesPrice: "0",
    images: [],
  };
}

// Admin ---------------------------------------------------------------------------------------

export const adminSignInSchema = z.object({
  email: emailField("Invalid email address"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
export type AdminSignInData = z.output<typeof adminSignInSchema>;

export const adminSignUpSchema = z.object({
  email: emailField("Invalid email address"),
  password: z.string({ error: "Password must be at least 8 characters" }).min(ADMIN_PASSWORD_MIN_LENGTH, "Password must be at least 8 characters"),
  firstName: requiredText("First name is required"),
  lastName: requiredText("Last name is required"),
  role: z.string().trim().min(1, "Role is required").default("admin"),
});
export type AdminSignUpInput = z.input<typeof adminSignUpSchema>;
export type AdminSignUpData = z.output<typeof adminSignUpSchema>;

/**
 * The admin add/edit vehicle form and the admin vehicle API. imageUrl may be empty, an
 * http(s) URL, or a path to our own object storage ("/objects/..."), which is what an upload
 * gives back.
 */
export function createAdminVehicleSchema(now?: Date) {
  return z.object({
    make: requiredText("Make is required"),
    model: requiredText("Model is required"),
    year: vehicleYearField(1900, now),
    category: z.enum(CATEGORY_IDS, { error: "Please select a category" }),
    transmission: z.enum(TRANSMISSIONS, { error: "Please select a transmission" }),
    pricePerDay: z
      .number({ error: "Price must be greater than 0" })
      .min(1, "Price must be greater than 0")
      .max(MAX_MONEY_CENTS / 100, "Price is too large"),
    features: z.array(z.string().trim().min(1, "Feature cannot be empty")).default([]),
    imageUrl: z.string().trim().refine(isImageUrl, "Please enter a valid URL").optional(),
    licensePlate: requiredText("License plate is required").toUpperCase(),
    status: z.enum(VEHICLE_STATUSES, { error: "Please select a status" }).default(DEFAULT_VEHICLE_STATUS),
  });
}
/** Year bound read from the clock at parse time. */
export const adminVehicleSchema = createAdminVehicleSchema();
export type AdminVehicleInput = z.input<typeof adminVehicleSchema>;
export type AdminVehicleData = z.output<typeof adminVehicleSchema>;

export interface AdminVehicleDefaults {
  make: string;
  model: string;
  year: number;
  category: Category;
  transmission: Transmission;
  pricePerDay: number;
  features: string[];
  imageUrl: string;
  licensePlate: string;
  status: VehicleStatus;
}

/** Initial values of the admin add-vehicle form: medium, manual, this year, available. */
export function adminVehicleDefaults(now: Date = new Date()): AdminVehicleDefaults {
  return {
    make: "",
    model: "",
    year: capeTownYear(now),
    category: "medium",
    transmission: DEFAULT_TRANSMISSION,
    pricePerDay: 0,
    features: [],
    imageUrl: "",
    licensePlate: "",
    status: DEFAULT_VEHICLE_STATUS,
  };
}

export const bookingStatusUpdateSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: "Please select a status" }),
});

/** Admin: the real point of a booking's delivery or return location (e.g. after calling the customer). */
export const bookingLocationUpdateSchema = z.object({
  point: z.enum(["delivery", "return"], { error: "Please choose the delivery or the return location" }),
  coordinates: coordinatesField("Coordinates are required").refine((v) => !isTypedAddressStandIn(v), "Please enter the real coordinates of the address"),
  /** Optional corrected address text; the customer's words are kept when left out. */
  location: optionalText.pipe(z.string().max(300, "The address is too long").optional()),
});

export const assignVehicleSchema = z.object({
  vehicleId: requiredText("Please select a vehicle"),
});

/** Admin service-area create/update; the polygon is validated and normalised by geo.ts. */
export const serviceAreaSchema = z.object({
  name: requiredText("Name is required"),
  isActive: z.boolean().default(true),
  polygon: z.unknown().transform((value, ctx) => {
    const result = validateServiceAreaPolygon(value);
    if (!result.ok) {
      ctx.issues.push({ code: "custom", message: result.message, input: value });
      return z.NEVER;
    }
    return result.polygon;
  }),
});
export type ServiceAreaData = z.output<typeof serviceAreaSchema>;
