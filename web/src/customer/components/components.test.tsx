/**
 * Component tests in happy-dom (registered only for this file, and removed afterwards: it
 * replaces globals such as fetch that other test files rely on).
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import type { Booking, Vehicle } from "../booking/documents.ts";

GlobalRegistrator.register({ url: "http://localhost/" });
afterAll(() => GlobalRegistrator.unregister());

const { act, cleanup, fireEvent, render, within } = await import("@testing-library/react");
// Not Testing Library's `screen`: that is bound to the document of whichever test file loaded the
// library first (bun runs every file in one process, web/src/admin/components/components.test.tsx
// too), and each file has its own document.
const screen = within(document.body);
const { MemoryRouter } = await import("react-router");
const { Field, SelectField } = await import("../../ui/Field.tsx");
const { Avatar } = await import("./Avatar.tsx");
const { EmailAddress } = await import("#domain/email-address.tsx");
const { RecentBookings } = await import("../screens/Home.tsx");
const { isPermissionDenied } = await import("../../ui/CaptureDialog.tsx");
const { VehicleOption } = await import("../screens/booking/Category.tsx");
const { BookingCard } = await import("../booking/BookingCard.tsx");

afterEach(() => cleanup());

describe("form fields", () => {
  test("a field is labelled, and its error is linked and announced", () => {
    render(<Field label="Email" error="Please enter a valid email address" hint="We never share it." />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
    expect(ids).toHaveLength(2);
    const texts = ids.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(["We never share it.", "Please enter a valid email address"]);
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address");
  });

  test("without an error nothing is invalid or described", () => {
    render(<Field label="City" />);
    const input = screen.getByLabelText("City");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });

  test("a select lists its options under its label", () => {
    render(
      <SelectField
        label="ID Type"
        options={[
          { value: "south_african_id", label: "South African ID" },
          { value: "passport", label: "International Passport" },
        ]}
        defaultValue="passport"
      />,
    );
    const select = screen.getByLabelText("ID Type") as HTMLSelectElement;
    expect(select.value).toBe("passport");
    expect([...select.options].map((o) => o.textContent)).toEqual(["South African ID", "International Passport"]);
  });
});

describe("email addresses as text", () => {
  test("a long address may wrap after its @ (and only there before breaking letters); it reads as written", () => {
    const { container } = render(
      <p>
        <EmailAddress address="thandi.phone.mx2huvl6231wq@example.com" />
      </p>,
    );
    expect(container.querySelector("p")!.innerHTML).toBe("thandi.phone.mx2huvl6231wq@<wbr>example.com");
    expect(container.textContent).toBe("thandi.phone.mx2huvl6231wq@example.com");
    const { container: plain } = render(<EmailAddress address="not-an-address" />);
    expect(plain.innerHTML).toBe("not-an-address");
    // A quoted local part may hold an "@": the domain starts after the last one.
    const { container: quoted } = render(<EmailAddress address={'"a@b"@example.com'} />);
    expect(quoted.innerHTML).toBe('"a@b"@<wbr>example.com');
  });
});

describe("avatar (SPEC 3, 4)", () => {
  test("initials of the first two words, and no tick while incomplete", () => {
    render(<Avatar name="thandi van der merwe" picture={null} />);
    expect(screen.getByText("TV")).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Profile complete" })).toBeNull();
  });
  test("a green tick when the profile is complete", () => {
    render(<Avatar name="Sipho" picture={null} complete />);
    expect(screen.getByText("S")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Profile complete" })).toBeTruthy();
  });
  test("a picture (Ark Avatar): the initials until it has loaded, and again if it fails to load", async () => {
    // The picture is fetched with the customer's token and shown from a blob: URL.
    const realFetch = window.fetch;
    window.fetch = (async () => ({ ok: true, blob: async () => new Blob(["jpeg"], { type: "image/jpeg" }) })) as unknown as typeof fetch;
    try {
      const { container } = render(<Avatar name="Thandi van der Merwe" picture="/objects/uploads/avatar-test" />);
      const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 40)));
      await settle();
      const initials = screen.getByText("TV");
      const picture = container.querySelector("img");
      expect(picture?.getAttribute("src")).toStartWith("blob:");
      expect(picture?.getAttribute("alt")).toBe(""); // decorative: the name is written beside it
      expect(initials.hidden).toBe(false); // still loading
      fireEvent.load(picture!);
      await settle();
      expect(initials.hidden).toBe(true);
      expect(picture?.hidden).toBe(false);
      fireEvent.error(picture!);
      await settle();
      expect(initials.hidden).toBe(false);
      expect(picture?.hidden).toBe(true);
    } finally {
      window.fetch = realFetch;
    }
  });
});

describe("home bookings block (SPEC 2)", () => {
  test("empty: Book Your First Car, no View all", () => {
    render(
      <MemoryRouter>
        <RecentBookings bookings={[]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Book Your First Car" }).getAttribute("href")).toBe("/booking/category");
    expect(screen.queryByRole("link", { name: "View all" })).toBeNull();
  });
  test("with bookings: the first 2 and View all", () => {
    render(
      <MemoryRouter>
        <RecentBookings bookings={[{ id: "a" }, { id: "b" }, { id: "c" }]} renderBooking={(b) => <span>Booking {b.id}</span>} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText(/^Booking /).map((el) => el.textContent)).toEqual(["Booking a", "Booking b"]);
    expect(screen.getByRole("link", { name: "View all" }).getAttribute("href")).toBe("/bookings");
  });
});

describe("camera (SPEC 9)", () => {
  test("which failures count as a denied permission", () => {
    expect(isPermissionDenied(new DOMException("no", "NotAllowedError"))).toBe(true);
    expect(isPermissionDenied({ name: "PermissionDeniedError" })).toBe(true);
    expect(isPermissionDenied(new DOMException("busy", "NotReadableError"))).toBe(false);
    expect(isPermissionDenied(new Error("whatever"))).toBe(false);
    expect(isPermissionDenied(null)).toBe(false);
  });
});

describe("choosing a car", () => {
  test("a car shows the rate the customer is charged, its category's, whatever price the fleet keeps for it", () => {
    const car: Vehicle = { id: "v1", make: "Toyota", model: "Starlet", year: 2024, category: "small", transmission: "manual", dailyRate: "520.00", images: [] };
    render(<VehicleOption vehicle={car} selected={false} onSelect={() => {}} />);
    expect(screen.getByText("R450/day")).toBeTruthy();
    expect(screen.queryByText("R520/day")).toBeNull();
  });
});

describe("a booking's card", () => {
  const booking: Booking = {
    id: "b0000000-0000-0000-0000-00000a1b2c3",
    bookingNumber: "A1B2C3",
    category: "medium",
    transmission: "manual",
    pickupDate: "2026-03-05T08:00:00.000Z",
    returnDate: "2026-03-07T08:00:00.000Z",
    deliveryLocation: "12 Long Street, Cape Town",
    returnLocation: "Cape Town International Airport",
    deliveryVerified: true,
    returnVerified: true,
    totalAmount: "1300.00",
    duration: 2,
    status: "completed",
    createdAt: "2026-03-01T08:00:00.000Z",
    canCancel: false,
    cancelBlockedReason: "Completed bookings cannot be cancelled",
    canChange: false,
    changeBlockedReason: "Completed bookings cannot be changed",
    canExtend: false,
    handoverStatus: null,
    hasConditionReport: true,
    account: { lines: [{ kind: "rental", label: "Rental, 2 days", amount: "1300.00" }], balance: "1300.00" },
    vehicle: null,
  };
  const card = (b: Booking) =>
    render(
      <MemoryRouter>
        <BookingCard booking={b} details={false} />
      </MemoryRouter>,
    );

  test("charges added at the collection: the rental, each charge, then the balance the customer owes", () => {
    card({
      ...booking,
      account: {
        lines: [
          { kind: "rental", label: "Rental, 2 days", amount: "1300.00" },
          { kind: "charge", label: "Late return, 1 day", amount: "650.00" },
          { kind: "charge", label: "Fuel, ¼ tank short", amount: "300.00" },
        ],
        balance: "2250.00",
      },
    });
    const rows = screen.getByTestId("booking-account").querySelectorAll("[data-line]");
    expect([...rows].map((row) => row.textContent)).toEqual(["Rental, 2 daysR1,300", "Late return, 1 day+R650", "Fuel, ¼ tank short+R300"]);
    expect(screen.getByTestId("booking-balance").textContent).toBe("R2,250");
  });

  test("nothing added: the total alone, as before", () => {
    card(booking);
    expect(screen.queryByTestId("booking-account")).toBeNull();
    expect(screen.getByTestId("booking-total").textContent).toBe("R1,300");
  });
});
