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
export * from "./schemas/customer.ts";
export * from "./schemas/dealership.ts";
export * from "./schemas/admin.ts";
export * from "./schemas/password-change.ts";
export { ADDRESS_MAX_LENGTH, maxVehicleYear, TEXT_MAX_LENGTH } from "./schemas/fields.ts";
export * from "./schemas/vehicle-limits.ts";
