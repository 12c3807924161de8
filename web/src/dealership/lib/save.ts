import type { CombinedError } from "urql";
import { serverFieldErrors, serverMessage } from "../../lib/errors.ts";
import { FORM_FIELDS, type VehicleFormField } from "../components/VehicleForm.tsx";
import { errorCode } from "./errors.ts";

/** The form fields a failed save should mark: the server's per-field messages, and a taken registration number (409). */
export function fieldErrorsOf(error: CombinedError | undefined): Partial<Record<VehicleFormField, string>> {
  const found: Partial<Record<VehicleFormField, string>> = {};
  for (const [key, message] of Object.entries(serverFieldErrors(error))) {
    const field = key.split(".")[0] as VehicleFormField; // "images.0" -> images
    if ((FORM_FIELDS as readonly string[]).includes(field)) found[field] ??= message;
  }
  if (errorCode(error) === "CONFLICT" && /registration/i.test(serverMessage(error) ?? "")) found.registrationNumber ??= serverMessage(error);
  return found;
}
