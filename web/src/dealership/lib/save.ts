import type { CombinedError } from "urql";
import { CONNECTION_MESSAGE, isTransientError, serverFieldErrors, serverMessage } from "../../lib/errors.ts";
import { FORM_FIELDS, type VehicleFormField } from "../components/VehicleForm.tsx";

/** The form fields a failed save should mark: the server's per-field messages (a taken registration number's 409 among them). */
export function fieldErrorsOf(error: CombinedError | undefined): Partial<Record<VehicleFormField, string>> {
  const found: Partial<Record<VehicleFormField, string>> = {};
  for (const [key, message] of Object.entries(serverFieldErrors(error))) {
    const field = key.split(".")[0] as VehicleFormField; // "images.0" -> images
    if ((FORM_FIELDS as readonly string[]).includes(field)) found[field] ??= message;
  }
  return found;
}

/**
 * What a failed save's toast says: the connection message when the server gave no verdict
 * (offline, a 5xx), never a refusal of the form; else the server's reason, or `fallback`.
 */
export function saveFailureMessage(error: CombinedError | undefined, fallback: string): string {
  if (isTransientError(error)) return CONNECTION_MESSAGE;
  return serverMessage(error) ?? fallback;
}
