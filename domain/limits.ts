/** Product limits and client settings from the specification (section 9) that are plain numbers. */

/** Customer passwords (sign-up, reset). */
export const CUSTOMER_PASSWORD_MIN_LENGTH = 6;
/** Admin passwords. */
export const ADMIN_PASSWORD_MIN_LENGTH = 8;

/** Photo upload: one image file of at most 10 MB. */
export const PHOTO_MAX_BYTES = 10_485_760;
/** Camera capture: ideal 1280x720, front-facing, JPEG at quality 0.8. */
export const CAMERA_CONSTRAINTS = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
  facingMode: "user",
} as const;
export const CAPTURE_JPEG_QUALITY = 0.8;

export type PhotoProblem = "not_an_image" | "too_large" | "empty";

/**
 * Client-side check of a chosen photo (the server sniffs the bytes again): it must declare an
 * image type, be non-empty and be at most 10 MB. Null when acceptable.
 */
export function photoFileProblem(file: { type: string; size: number }): PhotoProblem | null {
  if (!file.type.startsWith("image/")) return "not_an_image";
  if (!(file.size > 0)) return "empty";
  if (file.size > PHOTO_MAX_BYTES) return "too_large";
  return null;
}

/** Toasts: shown 5000 ms, removed 1,000,000 ms after dismissal, swipe right 50 px. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Redirect delay after a successful customer sign-in. */
export const SIGN_IN_REDIRECT_DELAY_MS = 100;
