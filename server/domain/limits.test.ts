import { describe, expect, test } from "bun:test";
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  CAMERA_CONSTRAINTS,
  CAPTURE_JPEG_QUALITY,
  CUSTOMER_PASSWORD_MIN_LENGTH,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_FILES,
  photoFileProblem,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  UPLOAD_CLIENT_DEFAULTS,
} from "./limits.ts";

describe("limits", () => {
  test("numbers of the specification", () => {
    expect(CUSTOMER_PASSWORD_MIN_LENGTH).toBe(6);
    expect(ADMIN_PASSWORD_MIN_LENGTH).toBe(8);
    expect(PHOTO_MAX_FILES).toBe(1);
    expect(PHOTO_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(CAMERA_CONSTRAINTS).toEqual({ width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: "user" });
    expect(CAPTURE_JPEG_QUALITY).toBe(0.8);
    expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS]).toEqual([1, 5000, 1_000_000]);
    expect(UPLOAD_CLIENT_DEFAULTS).toEqual({
      retries: 10,
      socketTimeoutMs: 300_000,
      multipartThresholdBytes: 104_857_600,
      minPartBytes: 5_242_880,
      maxParts: 10_000,
      concurrentRequests: 6,
    });
  });

  test("photoFileProblem: images up to 10 MB", () => {
    expect(photoFileProblem({ type: "image/jpeg", size: 1234 })).toBeNull();
    expect(photoFileProblem({ type: "image/png", size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoFileProblem({ type: "image/png", size: PHOTO_MAX_BYTES + 1 })).toBe("too_large");
    expect(photoFileProblem({ type: "application/pdf", size: 10 })).toBe("not_an_image");
    expect(photoFileProblem({ type: "", size: 10 })).toBe("not_an_image");
    expect(photoFileProblem({ type: "image/jpeg", size: 0 })).toBe("empty");
  });
});
