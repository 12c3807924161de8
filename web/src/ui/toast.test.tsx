/**
 * The toasts' queue when the region's code loads late or not at all (./toast.tsx): no toast is
 * dropped. happy-dom only for this file (it replaces fetch and friends that other files use).
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, afterEach, describe, expect, spyOn, test } from "bun:test";

GlobalRegistrator.register({ url: "http://localhost/" });
afterAll(() => GlobalRegistrator.unregister());

const { act, cleanup, fireEvent, render, within } = await import("@testing-library/react");
const screen = within(document.body);
const { createToastQueue, PlainToastRegion } = await import("./toast.tsx");
const { toastStyles } = await import("./toast-parts.tsx");
type PendingToast = import("./toast.tsx").PendingToast;

afterEach(() => cleanup());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for the region's module that records what it was asked to show. */
function fakeRegion() {
  const shown: PendingToast[] = [];
  return { shown, show: (kind: "success" | "error", title: string, description?: string) => void shown.push({ kind, title, description }) };
}

/** A loader that fails while `offline` is true, counting its attempts. */
function flakyLoader(region: ReturnType<typeof fakeRegion>) {
  const loader = { offline: true, attempts: 0, load: async () => region };
  loader.load = async () => {
    loader.attempts++;
    if (loader.offline) throw new TypeError("Failed to fetch dynamically imported module: /assets/ToastRegion.js");
    return region;
  };
  return loader;
}

describe("toasts whose code does not load", () => {
  test("the toast shows without the code at once, and moves to the region when the code arrives online", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const region = fakeRegion();
    const loader = flakyLoader(region);
    const queue = createToastQueue(() => loader.load(), { fallbackAfterMs: 10_000, durationMs: 10_000 });

    queue.notify("error", "Error signing in", "We couldn't reach CapeDrive. Check your connection and try again.");
    await sleep(0);
    expect(queue.state().fallback).toEqual({
      kind: "error",
      title: "Error signing in",
      description: "We couldn't reach CapeDrive. Check your connection and try again.",
    });
    expect(queue.state().region).toBeNull();
    expect(warn).toHaveBeenCalled();

    // Back online: the code is fetched again, and the toast still on show moves to the real region.
    loader.offline = false;
    window.dispatchEvent(new Event("online"));
    await sleep(0);
    expect(loader.attempts).toBe(2);
    expect(queue.state().region).not.toBeNull();
    expect(queue.state().fallback).toBeNull();
    expect(region.shown.map((t) => t.title)).toEqual(["Error signing in"]);

    // From then on toasts go straight to it.
    queue.notify("success", "Welcome back!");
    expect(region.shown.map((t) => t.title)).toEqual(["Error signing in", "Welcome back!"]);
    warn.mockRestore();
  });

  test("the next toast tries the code again, and replaces the one on show (one at a time)", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const region = fakeRegion();
    const loader = flakyLoader(region);
    const queue = createToastQueue(() => loader.load(), { fallbackAfterMs: 10_000, durationMs: 10_000 });
    queue.notify("error", "Upload failed", "Failed to upload photo. Please try again.");
    await sleep(0);
    queue.notify("error", "Booking failed", "Please try again");
    await sleep(0);
    expect(loader.attempts).toBe(2);
    expect(queue.state().fallback?.title).toBe("Booking failed");

    loader.offline = false;
    queue.notify("success", "Photo captured!");
    await sleep(0);
    expect(loader.attempts).toBe(3);
    expect(region.shown.map((t) => t.title)).toEqual(["Photo captured!"]);
    expect(queue.state().fallback).toBeNull();
    warn.mockRestore();
  });

  test("code that is slow to come: the toast shows without it after a moment, then moves to it", async () => {
    const region = fakeRegion();
    let arrive: (value: typeof region) => void = () => {};
    const queue = createToastQueue(() => new Promise<typeof region>((resolve) => (arrive = resolve)), { fallbackAfterMs: 20, durationMs: 10_000 });
    queue.notify("success", "Profile completed!");
    expect(queue.state().fallback).toBeNull(); // not at once: the code usually comes in time
    await sleep(40);
    expect(queue.state().fallback?.title).toBe("Profile completed!");
    arrive(region);
    await sleep(0);
    expect(queue.state().fallback).toBeNull();
    expect(region.shown.map((t) => t.title)).toEqual(["Profile completed!"]);
  });

  test("a toast shown without the code goes after the usual time, and is not shown again when the code comes", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const region = fakeRegion();
    const loader = flakyLoader(region);
    const queue = createToastQueue(() => loader.load(), { fallbackAfterMs: 10_000, durationMs: 30 });
    queue.notify("error", "Cancellation failed", "Failed to cancel booking. Please try again.");
    await sleep(0);
    expect(queue.state().fallback?.title).toBe("Cancellation failed");
    await sleep(50);
    expect(queue.state().fallback).toBeNull();
    loader.offline = false;
    await queue.load();
    expect(region.shown).toEqual([]);
    warn.mockRestore();
  });

  test("closing it takes it away for good", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const region = fakeRegion();
    const loader = flakyLoader(region);
    const queue = createToastQueue(() => loader.load(), { fallbackAfterMs: 10_000, durationMs: 10_000 });
    queue.notify("error", "Error", "Failed to complete profile");
    await sleep(0);
    queue.dismissFallback();
    expect(queue.state().fallback).toBeNull();
    loader.offline = false;
    await queue.load();
    expect(region.shown).toEqual([]);
    warn.mockRestore();
  });
});

describe("a toast held on show without the code", () => {
  test("focus in the plain region holds the toast past its time; once focus leaves it has its full time again", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const queue = createToastQueue(() => flakyLoader(fakeRegion()).load(), { fallbackAfterMs: 10_000, durationMs: 150 });
    queue.notify("error", "Upload failed");
    await sleep(0);
    queue.holdFallback(true);
    await sleep(200);
    expect(queue.state().fallback?.title).toBe("Upload failed");
    // A new toast while held replaces it, and is held too.
    queue.notify("success", "Photo captured!");
    await sleep(200);
    expect(queue.state().fallback?.title).toBe("Photo captured!");
    queue.holdFallback(false);
    await sleep(50);
    expect(queue.state().fallback?.title).toBe("Photo captured!");
    await sleep(150);
    expect(queue.state().fallback).toBeNull();
    warn.mockRestore();
  });

  test("closing a held toast lets the next one go after its time", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const queue = createToastQueue(() => flakyLoader(fakeRegion()).load(), { fallbackAfterMs: 10_000, durationMs: 40 });
    queue.notify("error", "Upload failed");
    await sleep(0);
    queue.holdFallback(true);
    queue.dismissFallback();
    queue.notify("error", "Booking failed");
    await sleep(0);
    expect(queue.state().fallback?.title).toBe("Booking failed");
    await sleep(80);
    expect(queue.state().fallback).toBeNull();
    warn.mockRestore();
  });
});

const shown: PendingToast = { kind: "error", title: "Upload failed", description: "Failed to upload photo. Please try again." };

describe("the plain region", () => {
  test("a live region always in the page; the toast's title, description and a close button in it", () => {
    let dismissed = 0;
    const { rerender, container } = render(<PlainToastRegion toast={null} onDismiss={() => dismissed++} />);
    const live = container.querySelector("[aria-live]");
    expect(live).not.toBeNull();
    expect(live?.textContent).toBe("");
    rerender(
      <PlainToastRegion
        toast={{ kind: "error", title: "Upload failed", description: "Failed to upload photo. Please try again." }}
        onDismiss={() => dismissed++}
      />,
    );
    expect(container.querySelector("[aria-live]")).toBe(live);
    expect(live?.getAttribute("aria-live")).toBe("assertive");
    expect(live?.querySelector("[data-part=title]")?.textContent).toBe("Upload failed");
    expect(live?.querySelector("[data-part=description]")?.textContent).toBe("Failed to upload photo. Please try again.");
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    });
    expect(dismissed).toBe(1);
  });
});

describe("the plain region's keys and swipe, as Ark's toast has them", () => {
  test("F8 moves focus to the region, which holds the toast; Escape closes it and gives focus back", () => {
    const holds: boolean[] = [];
    let dismissed = 0;
    render(
      <>
        <input aria-label="Email" />
        <PlainToastRegion toast={shown} onDismiss={() => dismissed++} onHold={(held) => holds.push(held)} />
      </>,
    );
    const email = screen.getByLabelText("Email");
    email.focus();
    const region = screen.getByRole("region", { name: "Notifications, top (F8)" });
    act(() => {
      fireEvent.keyDown(email, { key: "F8", code: "F8" });
    });
    expect(document.activeElement).toBe(region);
    expect(holds).toEqual([true]);

    const root = region.querySelector<HTMLElement>("[data-part=root]")!;
    act(() => root.focus());
    act(() => {
      fireEvent.keyDown(root, { key: "Escape", code: "Escape" });
    });
    expect(dismissed).toBe(1);
    expect(document.activeElement).toBe(email);
    expect(holds.at(-1)).toBe(false);
  });

  test("other keys do nothing", () => {
    render(<PlainToastRegion toast={shown} onDismiss={() => {}} />);
    act(() => {
      fireEvent.keyDown(document.body, { key: "F7", code: "F7" });
    });
    expect(document.activeElement).toBe(document.body);
  });

  test("a drag to the right of 50 px or more closes it; a shorter one springs back", () => {
    let dismissed = 0;
    render(<PlainToastRegion toast={shown} onDismiss={() => dismissed++} />);
    const root = screen.getByText("Upload failed").closest<HTMLElement>("[data-part=root]")!;
    const drag = (dx: number) => {
      fireEvent.pointerDown(root, { pointerId: 1, clientX: 100, clientY: 40 });
      fireEvent.pointerMove(root, { pointerId: 1, clientX: 100 + dx, clientY: 40 });
      expect(root.style.getPropertyValue("--swipe-x")).toBe(`${dx}px`);
      fireEvent.pointerUp(root, { pointerId: 1, clientX: 100 + dx, clientY: 40 });
    };
    act(() => drag(30));
    expect(dismissed).toBe(0);
    expect(root.style.getPropertyValue("--swipe-x")).toBe("0px");
    act(() => drag(60));
    expect(dismissed).toBe(1);
  });

  test("it is drawn with toastStyles (./toast-parts.tsx), the classes Ark's toast has", () => {
    render(<PlainToastRegion toast={shown} align="end" onDismiss={() => {}} />);
    const region = screen.getByRole("region", { name: "Notifications, top (F8)" });
    expect(region.className.split(" ")).toEqual(expect.arrayContaining(toastStyles.group.split(" ")));
    const classesOf = (selector: string) => region.querySelector(selector)?.className ?? "";
    expect(classesOf("[data-part=root]")).toBe(toastStyles.root);
    expect(classesOf("[data-part=title]")).toBe(toastStyles.title);
    expect(classesOf("[data-part=description]")).toBe(toastStyles.description);
    expect(classesOf("button")).toBe(toastStyles.closeTrigger);
  });
});
