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
import { coordinatesField, emailField, isImageUrl, optionalText, requiredText, staffPassword, vehicleYearField } from "./fields.ts";

// Admin ---------------------------------------------------------------------------------------

export const adminSignInSchema = z.object({
  email: emailField("Invalid email address"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
export type AdminSignInData = z.output<typeof adminSignInSchema>;

export const adminSignUpSchema = z.object({
  email: emailField("Invalid email address"),
  password: staffPassword,
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
