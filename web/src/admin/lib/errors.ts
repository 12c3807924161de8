import type { CombinedError } from "urql";
import { serverMessage } from "../../lib/errors.ts";

/**
 * What an admin sees when a call fails (SPEC 8: "Admin calls show the server's message, else
 * HTTP {status}: {text}"): the server's own message; else the HTTP status and its text; else,
 * when no answer came at all, that the server could not be reached.
 */
export function adminErrorMessage(error: CombinedError | null | undefined, fallback = "Please try again"): string {
  if (!error) return fallback;
  const message = serverMessage(error);
  if (message) return message;
  const response = error.response as { status?: number; statusText?: string } | undefined;
  if (response?.status) {
    const text = response.statusText?.trim() || error.networkError?.message?.trim() || "Error";
    return `HTTP ${response.status}: ${text}`;
  }
  if (error.networkError) return "Could not reach the server. Please check your connection.";
  return fallback;
}
