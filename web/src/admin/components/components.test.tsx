/**
 * The back office's own components in happy-dom (registered only for this file, and removed
 * afterwards: it replaces globals such as fetch that other test files rely on).
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { useState } from "react";

GlobalRegistrator.register({ url: "http://localhost/" });
afterAll(() => GlobalRegistrator.unregister());

const { act, cleanup, fireEvent, render, within } = await import("@testing-library/react");
// Not Testing Library's `screen`: that is bound to the document of whichever test file loaded the
// library first (bun runs every file in one process), and each file has its own document.
const screen = within(document.body);
const { FeaturesInput } = await import("./FeaturesInput.tsx");
const { Pager } = await import("./Page.tsx");
const { FindPoint } = await import("./bookings/FindPoint.tsx");
const { BookingHandovers } = await import("./bookings/BookingHandovers.tsx");
const { ProposedSelect } = await import("./ProposedSelect.tsx");
const { MemoryRouter } = await import("react-router");
const { Client, fetchExchange, Provider } = await import("urql");

afterEach(() => cleanup());

/** Lets Ark's machines run what they queued (microtasks and animation frames). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 40)));

describe("features input (Ark TagsInput)", () => {
  let latest: string[] = [];
  function Harness({ initial = [] }: { initial?: string[] }) {
    const [value, setValue] = useState(initial);
    latest = value;
    return <FeaturesInput value={value} onChange={setValue} />;
  }
  const box = () => screen.getByRole("textbox", { name: "Features" }) as HTMLInputElement;
  const tags = () => screen.getByRole("list", { name: "Features added" }).querySelectorAll("li");
  async function focus() {
    act(() => box().focus());
    await settle();
  }
  async function type(text: string) {
    fireEvent.input(box(), { target: { value: text } });
    await settle();
  }
  async function key(name: string) {
    fireEvent.keyDown(box(), { key: name });
    await settle();
  }

  test("a comma-separated list becomes tags and the box keeps only what follows the last comma", async () => {
    render(<Harness />);
    await focus();
    await type("Bluetooth, Air conditioning, usb,  Cruise");
    expect(latest).toEqual(["Bluetooth", "Air conditioning", "usb"]);
    expect(tags()).toHaveLength(3);
    expect(box().value).toBe("Cruise");
  });

  test("Enter adds the typed feature and empties the box; duplicates (any case) are not added", async () => {
    render(<Harness initial={["Bluetooth"]} />);
    await focus();
    await type("Sunroof");
    await key("Enter");
    expect(latest).toEqual(["Bluetooth", "Sunroof"]);
    expect(box().value).toBe("");
    await type("bluetooth");
    await key("Enter");
    expect(latest).toEqual(["Bluetooth", "Sunroof"]);
    expect(box().value).toBe("");
  });

  test("a tag's remove button removes it", async () => {
    render(<Harness initial={["Bluetooth", "USB", "Cruise control"]} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove USB" }));
    await settle();
    expect(latest).toEqual(["Bluetooth", "Cruise control"]);
    expect([...tags()].map((li) => li.textContent)).toEqual(["Bluetooth", "Cruise control"]);
  });

  test("Backspace in the empty box highlights the last tag, and again removes it", async () => {
    render(<Harness initial={["Bluetooth", "USB"]} />);
    await focus();
    await key("Backspace");
    expect(latest).toEqual(["Bluetooth", "USB"]);
    expect(tags()[1]?.querySelector("[data-highlighted]")).not.toBeNull();
    await key("Backspace");
    expect(latest).toEqual(["Bluetooth"]);
  });

  test("the placeholder says what to type, then asks for another", async () => {
    const { rerender } = render(<FeaturesInput value={[]} onChange={() => {}} />);
    expect(box().placeholder).toBe("e.g. Bluetooth, Air conditioning");
    rerender(<FeaturesInput value={["USB"]} onChange={() => {}} />);
    expect(box().placeholder).toBe("Add another");
  });
});

describe("pager (Ark Pagination)", () => {
  test("nothing when everything fits on one page", () => {
    const { container } = render(<Pager offset={0} limit={25} total={25} onChange={() => {}} label="changes" />);
    expect(container.innerHTML).toBe("");
  });

  test("the first page: what is shown, Previous disabled, Next asks for the next offset", async () => {
    const offsets: number[] = [];
    render(<Pager offset={0} limit={25} total={60} onChange={(o) => offsets.push(o)} label="changes" />);
    await settle(); // Ark starts its machine just after the first render
    const nav = screen.getByRole("navigation", { name: "Pages of changes" });
    expect(nav.textContent).toContain("Showing 1–25 of 60 changes · page 1 of 3");
    const previous = screen.getByRole("button", { name: "Previous page" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(previous.textContent).toBe("Previous");
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await settle();
    expect(offsets).toEqual([25]);
  });

  test("page numbers: the current one is marked, another one asks for its offset", async () => {
    const offsets: number[] = [];
    render(<Pager offset={25} limit={25} total={60} onChange={(o) => offsets.push(o)} />);
    await settle(); // Ark starts its machine just after the first render
    expect(screen.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    await settle();
    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    await settle();
    expect(offsets).toEqual([50, 0]);
  });

  test("the last page: Next disabled", () => {
    render(<Pager offset={50} limit={25} total={60} onChange={() => {}} />);
    expect(screen.getByRole("navigation").textContent).toContain("Showing 51–60 of 60 items · page 3 of 3");
    expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("a page past the end (its rows went) goes back to the first offset, never below 0", async () => {
    const offsets: number[] = [];
    render(<Pager offset={25} limit={25} total={0} onChange={(o) => offsets.push(o)} />);
    await settle(); // Ark starts its machine just after the first render
    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    await settle();
    expect(offsets).toEqual([0]);
  });
});

describe("find on map (the address search beside a booking's address)", () => {
  const LONG_STREET = {
    displayName: "Long Street, Cape Town City Centre, Cape Town, 8001, South Africa",
    lat: -33.9249,
    lon: 18.4241,
    coordinates: "-33.9249,18.4241",
  };
  const LONG_STREET_SEA_POINT = {
    displayName: "Long Street, Sea Point, Cape Town, 8005, South Africa",
    lat: -33.915,
    lon: 18.388,
    coordinates: "-33.915,18.388",
  };
  let searched: string[] = [];
  /** A client whose server answers the search with `answer` (or cannot be reached: null). */
  const clientAnswering = (answer: { geocodeSearch: unknown[] } | { errors: { message: string }[] } | null) =>
    new Client({
      url: "http://localhost/graphql",
      exchanges: [fetchExchange],
      preferGetMethod: false,
      fetch: (async (_url: unknown, init?: RequestInit) => {
        searched.push(JSON.parse(String(init?.body)).variables.q);
        if (answer === null) throw new TypeError("Failed to fetch");
        return Response.json("errors" in answer ? { data: null, errors: answer.errors } : { data: answer });
      }) as unknown as typeof fetch,
    });
  function Harness({
    answer,
    initial = "Long Street, Cape Town",
    picked,
  }: {
    answer: Parameters<typeof clientAnswering>[0];
    initial?: string;
    picked: string[];
  }) {
    const [address, setAddress] = useState(initial);
    const [client] = useState(() => clientAnswering(answer));
    return (
      <Provider value={client}>
        <input aria-label="Address" value={address} onChange={(event) => setAddress(event.target.value)} />
        <FindPoint address={address} place="delivery" onPick={(found) => picked.push(found.coordinates)} />
      </Provider>
    );
  }
  const find = async () => {
    fireEvent.click(screen.getByRole("button", { name: "Find on map the delivery address" }));
    await settle();
  };
  afterEach(() => {
    searched = [];
  });

  test("the places found, one picked: the point goes to the form, the list gives way to where it came from and a map link", async () => {
    const picked: string[] = [];
    render(<Harness answer={{ geocodeSearch: [LONG_STREET, LONG_STREET_SEA_POINT] }} initial="  Long Street, Cape Town " picked={picked} />);
    await find();
    expect(searched).toEqual(["Long Street, Cape Town"]);
    const list = screen.getByRole("list", { name: "2 places found: choose the customer's." });
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([`${LONG_STREET.displayName}${LONG_STREET.coordinates}`, `${LONG_STREET_SEA_POINT.displayName}${LONG_STREET_SEA_POINT.coordinates}`]);
    fireEvent.click(within(list).getByRole("button", { name: /Sea Point/ }));
    await settle();
    expect(picked).toEqual(["-33.915,18.388"]);
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getByRole("status").textContent).toContain(`Point set from ${LONG_STREET_SEA_POINT.displayName}.`);
    expect(screen.getByRole("link", { name: "Check it on a map (the delivery point)" }).getAttribute("href")).toContain("query=-33.915%2C18.388");
  });

  test("nothing found is said so, and editing the address clears what was found for the old one", async () => {
    const picked: string[] = [];
    render(<Harness answer={{ geocodeSearch: [] }} initial="9 Nowhere Close" picked={picked} />);
    await find();
    expect(screen.getByRole("status").textContent).toBe(
      'No place found for "9 Nowhere Close". Enter the point from the customer\'s shared location or a maps app.',
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Address" }), { target: { value: "9 Nowhere Close, Philippi" } });
    await settle();
    expect(screen.getByRole("status").textContent).toBe("");
    expect(picked).toEqual([]);
  });

  test("the search failing (the server's message, or no answer at all) says to enter the point by hand", async () => {
    render(<Harness answer={{ errors: [{ message: "The address search is busy. Please try again in a moment." }] }} picked={[]} />);
    await find();
    expect(screen.getByRole("status").textContent).toBe(
      "The address search failed (The address search is busy. Please try again in a moment.). Enter the point by hand.",
    );
    cleanup();
    render(<Harness answer={null} picked={[]} />);
    await find();
    expect(screen.getByRole("status").textContent).toBe(
      "The address search failed (Could not reach the server. Please check your connection.). Enter the point by hand.",
    );
  });

  test("no address, no search", () => {
    render(<Harness answer={{ geocodeSearch: [LONG_STREET] }} initial="   " picked={[]} />);
    expect((screen.getByRole("button", { name: "Find on map the delivery address" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("a booking's delivery and collection on its card", () => {
  type Booking = Parameters<typeof BookingHandovers>[0]["booking"];
  const booking = (status: string, handovers: Partial<Booking["handovers"][number]>[] = []) =>
    ({
      id: "b1",
      bookingNumber: "1C2A4705",
      status,
      pickupDate: "2026-12-01T08:00:00.000Z",
      returnDate: "2026-12-03T08:00:00.000Z",
      handovers,
    }) as unknown as Booking;
  const show = (b: Booking) =>
    render(
      <MemoryRouter>
        <BookingHandovers booking={b} />
      </MemoryRouter>,
    );
  const handover = (kind: string) => document.querySelector(`[data-handover=${kind}]`)?.textContent ?? "";
  const boardLinks = () => screen.queryAllByRole("link", { name: /^Dispatch/ });

  test("a confirmed trip's handovers are still to do: scheduled, no driver yet, each with its day's board", () => {
    show(booking("confirmed"));
    expect(handover("delivery")).toContain("Scheduled");
    expect(handover("delivery")).toContain("No driver yet");
    expect(handover("collection")).toContain("Scheduled");
    expect(boardLinks().map((link) => link.getAttribute("href"))).toEqual(["/admin/dispatch?date=2026-12-01", "/admin/dispatch?date=2026-12-03"]);
  });

  test("a finished trip handed over outside the app says so, and offers nothing to do", () => {
    show(booking("completed"));
    for (const kind of ["delivery", "collection"]) {
      expect(handover(kind)).toContain("Not recorded in the app");
      expect(handover(kind)).not.toContain("Scheduled");
    }
    expect(boardLinks()).toHaveLength(0);
  });

  test("on the road: a delivery without a job was not recorded; the collection is still to come", () => {
    show(booking("in_progress", [{ id: "j1", kind: "collection", state: "scheduled", driverName: "Sipho" }]));
    expect(handover("delivery")).toContain("Not recorded in the app");
    expect(handover("collection")).toContain("Sipho");
    expect(handover("collection")).not.toContain("No driver yet");
  });
});

describe("a select that only proposes until Save (the booking status, a stop's driver)", () => {
  const OPTIONS = [
    { value: "", label: "Unassigned" },
    { value: "d1", label: "Sipho" },
    { value: "d2", label: "Lerato" },
    { value: "d3", label: "Ayanda (disabled)", disabled: true },
  ];
  let saved: string[] = [];
  let answer: () => Promise<boolean> = async () => true;
  function Harness({ initial = "" }: { initial?: string }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <label htmlFor="driver">Driver</label>
        <ProposedSelect
          id="driver"
          value={value}
          options={OPTIONS}
          saveLabel="Save driver"
          savingLabel="Saving driver…"
          onSave={async (next) => {
            saved.push(next);
            const ok = await answer();
            if (ok) setValue(next);
            return ok;
          }}
        />
      </>
    );
  }
  const select = () => screen.getByLabelText("Driver") as HTMLSelectElement;
  const saveButton = () => screen.queryByRole("button", { name: /Save driver$/ });
  const choose = (value: string) => fireEvent.change(select(), { target: { value } });

  afterEach(() => {
    saved = [];
    answer = async () => true;
  });

  test("walking the options (a change per arrow key) saves nothing; Save saves the last one, once, and the focus goes back to the select", async () => {
    render(<Harness />);
    act(() => select().focus());
    choose("d1");
    choose("d2");
    expect(saved).toEqual([]);
    expect(select().value).toBe("d2");
    expect(select().disabled).toBe(false);
    act(() => saveButton()!.focus());
    await act(async () => {
      fireEvent.click(saveButton()!);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(saved).toEqual(["d2"]);
    expect(select().value).toBe("d2");
    expect(saveButton()).toBeNull();
    expect(document.activeElement).toBe(select());
  });

  test("Escape puts the select back, and nothing is saved", () => {
    render(<Harness initial="d1" />);
    choose("d2");
    expect(saveButton()).not.toBeNull();
    fireEvent.keyDown(select(), { key: "Escape" });
    expect(select().value).toBe("d1");
    expect(saveButton()).toBeNull();
    expect(saved).toEqual([]);
  });

  test("Cancel puts it back too; going back to the saved value proposes nothing", async () => {
    render(<Harness initial="d1" />);
    choose("d2");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(select().value).toBe("d1");
    expect(document.activeElement).toBe(select());
    choose("d2");
    choose("d1");
    expect(saveButton()).toBeNull();
    expect(saved).toEqual([]);
  });

  test("while saving, the buttons stay focusable (aria-disabled) and a second click saves nothing more; a failure keeps the proposal", async () => {
    let finish: (ok: boolean) => void = () => {};
    answer = () => new Promise<boolean>((resolve) => (finish = resolve));
    render(<Harness />);
    choose("d1");
    fireEvent.click(saveButton()!);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(saveButton()!.getAttribute("aria-disabled")).toBe("true");
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
    expect(select().disabled).toBe(false);
    fireEvent.click(saveButton()!);
    choose("d2"); // ignored while the save is on its way
    await act(async () => {
      finish(false);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(saved).toEqual(["d1"]);
    expect(select().value).toBe("d1");
    expect(saveButton()).not.toBeNull();
    expect(saveButton()!.getAttribute("aria-disabled")).toBeNull();
  });
});
