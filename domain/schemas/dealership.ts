// Input schemas of the dealership portal: sign-in, onboarding and the vehicle form.
import { z } from "zod";
import {
  CATEGORY_IDS,
  DEALERSHIP_FORM_STATUSES,
  DEFAULT_TRANSMISSION,
  TRANSMISSIONS,
  type Category,
  type DealershipFormStatus,
  type Transmission,
} from "../catalogue.ts";
import { capeTownYear } from "../time.ts";
import {
  customerPassword,
  emailField,
  moneyTextField,
  optionalPhoneText,
  optionalText,
  requiredText,
  staffPassword,
  tooLong,
  vehicleYearField,
} from "./fields.ts";
import { IMAGE_REF_MAX_LENGTH, MAKE_MODEL_MAX_LENGTH, MAX_MILEAGE_KM, PLATE_MAX_LENGTH } from "./vehicle-limits.ts";

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
  /** Shown to buyers: a number they can call. */
  contactPhone: optionalPhoneText("Contact phone", "Please enter a valid phone number"),
  address: optionalText,
  city: optionalText,
});
export type DealershipOnboardInput = z.input<typeof dealershipOnboardSchema>;
export type DealershipOnboardData = z.output<typeof dealershipOnboardSchema>;

/** A password an operator sets for a dealership (new or reset): as long as an admin's. */
export const dealershipPasswordSchema = staffPassword;

/** The dealership add-vehicle form and POST /api/dealership/vehicles. */
export function createDealershipVehicleSchema(now?: Date) {
  return z.object({
    registrationNumber: requiredText("Registration number is required", 1, PLATE_MAX_LENGTH, tooLong("Registration number", PLATE_MAX_LENGTH)).toUpperCase(),
    make: requiredText("Make is required", 1, MAKE_MODEL_MAX_LENGTH, tooLong("Make", MAKE_MODEL_MAX_LENGTH)),
    model: requiredText("Model is required", 1, MAKE_MODEL_MAX_LENGTH, tooLong("Model", MAKE_MODEL_MAX_LENGTH)),
    year: vehicleYearField(2000, now),
    category: z.enum(CATEGORY_IDS, { error: "Please select a category" }),
    transmission: z.enum(TRANSMISSIONS, { error: "Please select a transmission" }),
    status: z.enum(DEALERSHIP_FORM_STATUSES, { error: "Please select a status" }).default("available"),
    mileage: z
      .number({ error: "Mileage is required" })
      .int("Mileage must be a whole number")
      .min(0, "Mileage cannot be negative")
      .max(MAX_MILEAGE_KM, "That mileage is too high")
      .default(0),
    dailyRate: moneyTextField("Daily rate is required", { positive: "Daily rate must be greater than 0" }),
    salesPrice: moneyTextField("Sales price must be an amount in rand").optional(),
    // How many photos a car keeps is the service's rule (duplicates are dropped first).
    images: z.array(z.string().trim().min(1).max(IMAGE_REF_MAX_LENGTH, "Please upload the photo again")).default([]),
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
