// Input schemas of the back office: sign-in and sign-up, the vehicle form, booking changes and service areas.
import { z } from "zod";
import { BOOKING_STATUSES } from "../booking.ts";
import {
  CATEGORY_IDS,
  DEFAULT_TRANSMISSION,
  DEFAULT_VEHICLE_STATUS,
  TRANSMISSIONS,
  VEHICLE_STATUSES,
  type Category,
  type Transmission,
  type VehicleStatus,
} from "../catalogue.ts";
import { isTypedAddressStandIn, validateServiceAreaPolygon } from "../geo.ts";
import { MAX_MONEY_CENTS } from "../money.ts";
import { capeTownYear } from "../time.ts";
import {
  ADDRESS_MAX_LENGTH,
  coordinatesField,
  emailField,
  isImageUrl,
  optionalTextOf,
  requiredText,
  staffPassword,
  tooLong,
  vehicleYearField,
} from "./fields.ts";
import { FEATURE_MAX_LENGTH, IMAGE_REF_MAX_LENGTH, MAKE_MODEL_MAX_LENGTH, MAX_FEATURES, PLATE_MAX_LENGTH } from "./vehicle-limits.ts";

// Admin ---------------------------------------------------------------------------------------

export const adminSignInSchema = z.object({
  email: emailField("Invalid email address"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
export type AdminSignInData = z.output<typeof adminSignInSchema>;

export const adminSignUpSchema = z.object({
  email: emailField("Invalid email address"),
  password: staffPassword,
  firstName: requiredText("First name is required", 1, 100, tooLong("First name", 100)),
  lastName: requiredText("Last name is required", 1, 100, tooLong("Last name", 100)),
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
    make: requiredText("Make is required", 1, MAKE_MODEL_MAX_LENGTH, tooLong("Make", MAKE_MODEL_MAX_LENGTH)),
    model: requiredText("Model is required", 1, MAKE_MODEL_MAX_LENGTH, tooLong("Model", MAKE_MODEL_MAX_LENGTH)),
    year: vehicleYearField(1900, now),
    category: z.enum(CATEGORY_IDS, { error: "Please select a category" }),
    transmission: z.enum(TRANSMISSIONS, { error: "Please select a transmission" }),
    pricePerDay: z
      .number({ error: "Price must be greater than 0" })
      .min(1, "Price must be greater than 0")
      .max(MAX_MONEY_CENTS / 100, "Price is too large"),
    features: z
      .array(z.string().trim().min(1, "Feature cannot be empty").max(FEATURE_MAX_LENGTH, tooLong("A feature", FEATURE_MAX_LENGTH)))
      .max(MAX_FEATURES, `At most ${MAX_FEATURES} features`)
      .default([]),
    imageUrl: z.string().trim().max(IMAGE_REF_MAX_LENGTH, "Please enter a valid URL").refine(isImageUrl, "Please enter a valid URL").optional(),
    licensePlate: requiredText("License plate is required", 1, PLATE_MAX_LENGTH, tooLong("License plate", PLATE_MAX_LENGTH)).toUpperCase(),
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
  location: optionalTextOf(ADDRESS_MAX_LENGTH, "The address is too long"),
});

export const assignVehicleSchema = z.object({
  vehicleId: requiredText("Please select a vehicle"),
});

/** Admin service-area create/update; the polygon is validated and normalised by geo.ts. */
export const serviceAreaSchema = z.object({
  name: requiredText("Name is required", 1, 100, tooLong("Name", 100)),
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
