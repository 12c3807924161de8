import { describe, expect, test } from "bun:test";
import { PHOTO_MAX_BYTES, photoFileProblem } from "./limits.ts";

describe("limits", () => {
  test("photoFileProblem: images up to 10 MB", () => {
    expect(photoFileProblem({ type: "image/jpeg", size: 1234 })).toBeNull();
    expect(photoFileProblem({ type: "image/png", size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoFileProblem({ type: "image/png", size: PHOTO_MAX_BYTES + 1 })).toBe("too_large");
    expect(photoFileProblem({ type: "application/pdf", size: 10 })).toBe("not_an_image");
    expect(photoFileProblem({ type: "", size: 10 })).toBe("not_an_image");
    expect(photoFileProblem({ type: "image/jpeg", size: 0 })).toBe("empty");
  });
});
