import { afterEach, describe, expect, test } from "bun:test";
import { notify, notifyError, notifySuccess, toaster, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX } from "./toast.tsx";

afterEach(() => toaster.remove());

describe("toasts (SPEC 9)", () => {
  test("the spec's numbers", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(toaster.attrs.duration).toBe(5000);
    expect(toaster.attrs.removeDelay).toBe(1_000_000);
    expect(toaster.attrs.hotkey).toEqual(["F8"]);
    expect(toaster.attrs.max).toBe(1);
  });

  test("one at a time: a new toast replaces the one showing", () => {
    notifyError("Error signing in", "Please check your credentials");
    notifySuccess("Welcome back!");
    expect(toaster.getCount()).toBe(1);
    const visible = toaster.getVisibleToasts();
    expect(visible).toHaveLength(1);
    expect(visible[0]?.title).toBe("Welcome back!");
    expect(visible[0]?.type).toBe("success");
  });

  test("kinds and texts are passed through", () => {
    notify("error", "Upload failed", "Failed to upload photo. Please try again.");
    const [only] = toaster.getVisibleToasts();
    expect(only?.type).toBe("error");
    expect(only?.title).toBe("Upload failed");
    expect(only?.description).toBe("Failed to upload photo. Please try again.");
    expect(only?.duration).toBe(5000);
  });
});
