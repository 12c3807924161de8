import { afterEach, describe, expect, test } from "bun:test";
import { loadToastRegion, notify, notifyError, notifySuccess, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX } from "./toast.tsx";

// The region (Ark's toaster) loads on first need; `notify` waits for it, so each test does too.
const toaster = async () => (await loadToastRegion()).toaster;

afterEach(async () => (await toaster()).remove());

describe("toasts (SPEC 9)", () => {
  test("the spec's numbers", async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    const { attrs } = await toaster();
    expect(attrs.duration).toBe(5000);
    expect(attrs.removeDelay).toBe(1_000_000);
    expect(attrs.hotkey).toEqual(["F8"]);
    expect(attrs.max).toBe(1);
  });

  test("one at a time: a new toast replaces the one showing, in the order asked", async () => {
    notifyError("Error signing in", "Please check your credentials");
    notifySuccess("Welcome back!");
    const shown = await toaster();
    expect(shown.getCount()).toBe(1);
    const visible = shown.getVisibleToasts();
    expect(visible).toHaveLength(1);
    expect(visible[0]?.title).toBe("Welcome back!");
    expect(visible[0]?.type).toBe("success");
  });

  test("kinds and texts are passed through", async () => {
    notify("error", "Upload failed", "Failed to upload photo. Please try again.");
    const [only] = (await toaster()).getVisibleToasts();
    expect(only?.type).toBe("error");
    expect(only?.title).toBe("Upload failed");
    expect(only?.description).toBe("Failed to upload photo. Please try again.");
    expect(only?.duration).toBe(5000);
  });
});
