import { describe, expect, test } from "bun:test";
import { MAX_UPLOAD_BYTES, rejectImageFile } from "./upload.ts";

describe("photo files (SPEC 5, 9: one file, images only, 10 MB)", () => {
  test("the limit is 10485760 bytes", () => {
    expect(MAX_UPLOAD_BYTES).toBe(10_485_760);
  });
  test("images up to the limit pass", () => {
    expect(rejectImageFile({ type: "image/jpeg", size: 1 })).toBeNull();
    expect(rejectImageFile({ type: "image/png", size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(rejectImageFile({ type: "image/heic", size: 2_000_000 })).toBeNull();
  });
  test("anything else is refused with a reason", () => {
    expect(rejectImageFile({ type: "application/pdf", size: 100 })).toBe("Only image files can be uploaded. Please choose a photo.");
    expect(rejectImageFile({ type: "", size: 100 })).toBe("Only image files can be uploaded. Please choose a photo.");
    expect(rejectImageFile({ type: "image/jpeg", size: MAX_UPLOAD_BYTES + 1 })).toBe("The photo is larger than 10 MB. Please choose a smaller one.");
    expect(rejectImageFile({ type: "image/jpeg", size: 0 })).toBe("The file is empty. Please choose another photo.");
  });
});
