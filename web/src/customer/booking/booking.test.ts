import { describe, expect, test } from "bun:test";
import { DEFAULT_TYPED_ADDRESS_COORDINATES, GEOLOCATION_OPTIONS } from "#domain/geo.ts";
import { idempotencyKeySchema } from "#domain/schemas.ts";
import { clearBookingDraft, emptyWebDraft, getBookingDraft, newIdempotencyKey, parseStoredDraft, subscribeBookingDraft, updateBookingDraft } from "./draft.ts";
import { GEOLOCATION_FAILED, GEOLOCATION_UNSUPPORTED, GeolocationProblem, currentPosition, locationFromFix, locationFromTypedAddress } from "./location.ts";

describe("booking draft (SPEC 3)", () => {
  test("defaults: no category, manual, nothing chosen, zero total and duration", () => {
    expect(emptyWebDraft()).toEqual({
      category: "",
      transmission: "manual",
      vehicleId: "",
      pickupDate: "",
      returnDate: "",
      deliveryLocation: "",
      deliveryCoordinates: "",
      returnLocation: "",
      returnCoordinates: "",
      totalAmount: 0,
      duration: 0,
      vehicleName: "",
      deliveryNote: "",
      returnNote: "",
      deliveryAddressTyped: "",
      returnAddressTyped: "",
      idempotencyKey: "",
      idempotencyKeySent: false,
    });
  });

  test("what is read back keeps the fields of the right shape only", () => {
    expect(parseStoredDraft(null)).toEqual(emptyWebDraft());
    expect(parseStoredDraft("not json")).toEqual(emptyWebDraft());
    expect(parseStoredDraft("[1,2]").category).toBe("");
    const draft = parseStoredDraft(
      JSON.stringify({
        category: "medium",
        transmission: "automatic",
        vehicleId: "v1",
        pickupDate: "2026-12-04T08:00:00.000Z",
        returnDate: "yesterday",
        deliveryLocation: "Long Street",
        deliveryCoordinates: 42,
        totalAmount: 1300,
        duration: -1,
      }),
    );
    expect(draft.category).toBe("medium");
    expect(draft.transmission).toBe("automatic");
    expect(draft.vehicleId).toBe("v1");
    expect(draft.pickupDate).toBe("2026-12-04T08:00:00.000Z");
    expect(draft.returnDate).toBe(""); // not an instant
    expect(draft.deliveryLocation).toBe("Long Street");
    expect(draft.deliveryCoordinates).toBe(""); // not text
    expect(draft.totalAmount).toBe(1300);
    expect(draft.duration).toBe(0); // negative refused
    expect(parseStoredDraft(JSON.stringify({ category: "huge", transmission: "cvt" }))).toMatchObject({ category: "", transmission: "manual" });
  });

  test("an address typed and not yet looked up is kept as text only, never as a chosen place, and goes with the draft", () => {
    const typed = parseStoredDraft(JSON.stringify({ deliveryAddressTyped: "12 Long Str", returnAddressTyped: 7 }));
    expect(typed.deliveryAddressTyped).toBe("12 Long Str");
    expect(typed.returnAddressTyped).toBe(""); // not text
    expect(typed).toMatchObject({ deliveryLocation: "", deliveryCoordinates: "" });
    clearBookingDraft();
    const key = newIdempotencyKey();
    updateBookingDraft({ category: "small", idempotencyKey: key });
    // Typing is not a change of the request: its key stays.
    updateBookingDraft({ deliveryAddressTyped: "12 Long Street" });
    expect(getBookingDraft()).toMatchObject({ deliveryAddressTyped: "12 Long Street", deliveryLocation: "", idempotencyKey: key });
    clearBookingDraft();
    expect(getBookingDraft().deliveryAddressTyped).toBe("");
  });

  test("partly updated, told to listeners, cleared back to the defaults", () => {
    clearBookingDraft();
    let told = 0;
    const stop = subscribeBookingDraft(() => told++);
    updateBookingDraft({ category: "small", vehicleId: "v9" });
    expect(getBookingDraft()).toMatchObject({ category: "small", vehicleId: "v9", transmission: "manual" });
    updateBookingDraft({ category: "small" }); // no change: nobody is told
    expect(told).toBe(1);
    clearBookingDraft();
    expect(getBookingDraft()).toEqual(emptyWebDraft());
    expect(told).toBe(2);
    stop();
  });
});

describe("the booking's idempotency key", () => {
  test("a random UUID the server takes, different every time (also where crypto.randomUUID is missing: plain http)", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    const randomUUID = crypto.randomUUID;
    try {
      (crypto as { randomUUID?: unknown }).randomUUID = undefined;
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      crypto.randomUUID = randomUUID;
    }
  });

  test("kept through a reload; a stored key the server would refuse is dropped", () => {
    const key = newIdempotencyKey();
    expect(parseStoredDraft(JSON.stringify({ idempotencyKey: key, idempotencyKeySent: true }))).toMatchObject({
      idempotencyKey: key,
      idempotencyKeySent: true,
    });
    expect(parseStoredDraft(JSON.stringify({ idempotencyKey: "short", idempotencyKeySent: true }))).toMatchObject({
      idempotencyKey: "",
      idempotencyKeySent: false,
    });
    expect(parseStoredDraft(JSON.stringify({ idempotencyKey: 42 }))).toMatchObject({ idempotencyKey: "" });
  });

  test("dropped when the car, the dates or a place change (a new request); kept for anything else", () => {
    const fields = {
      category: "small" as const,
      transmission: "manual" as const,
      vehicleId: "v1",
      pickupDate: "2026-12-04T08:00:00.000Z",
      returnDate: "2026-12-05T08:00:00.000Z",
      deliveryLocation: "Long Street",
      deliveryCoordinates: "-33.9249,18.4241",
      returnLocation: "Dorp Street",
      returnCoordinates: "-33.938,18.859",
    };
    const changes: Record<keyof typeof fields, unknown> = {
      category: "medium",
      transmission: "automatic",
      vehicleId: "v2",
      pickupDate: "2026-12-04T09:00:00.000Z",
      returnDate: "2026-12-06T08:00:00.000Z",
      deliveryLocation: "Bree Street",
      deliveryCoordinates: "-33.92,18.42",
      returnLocation: "Airport",
      returnCoordinates: "-33.9715,18.6021",
    };
    for (const [field, value] of Object.entries(changes)) {
      clearBookingDraft();
      const key = newIdempotencyKey();
      updateBookingDraft({ ...fields, idempotencyKey: key, idempotencyKeySent: true });
      // The same values again, and what follows from them or only describes them: the same request.
      updateBookingDraft({ ...fields, totalAmount: 450, duration: 1, vehicleName: "Toyota Starlet", deliveryNote: "From your phone's location" });
      expect(getBookingDraft()).toMatchObject({ idempotencyKey: key, idempotencyKeySent: true });
      updateBookingDraft({ [field]: value });
      expect([field, getBookingDraft().idempotencyKey, getBookingDraft().idempotencyKeySent]).toEqual([field, "", false]);
    }
    // Cleared after a booking: gone with the draft.
    updateBookingDraft({ idempotencyKey: newIdempotencyKey() });
    clearBookingDraft();
    expect(getBookingDraft().idempotencyKey).toBe("");
  });
});

function fakeGeolocation(outcome: "ok" | "denied", record: unknown[] = []): Geolocation {
  return {
    getCurrentPosition(success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) {
      record.push(options);
      if (outcome === "ok") success({ coords: { latitude: -33.924868, longitude: 18.424055 } } as GeolocationPosition);
      else failure?.({ code: 1, message: "User denied Geolocation" } as GeolocationPositionError);
    },
    watchPosition: () => 0,
    clearWatch: () => {},
  };
}

describe("locations (SPEC 5, 8, 9)", () => {
  test("the phone's position: high accuracy, 10 s timeout, 60 s cache", async () => {
    const options: unknown[] = [];
    expect(await currentPosition(fakeGeolocation("ok", options))).toEqual({ lat: -33.924868, lon: 18.424055 });
    expect(options).toEqual([{ enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 }]);
    expect(options[0]).toEqual({ ...GEOLOCATION_OPTIONS });
  });

  test("no geolocation, or refused: the spec's alert texts", async () => {
    await expect(currentPosition(undefined)).rejects.toThrow(new GeolocationProblem(GEOLOCATION_UNSUPPORTED));
    expect(GEOLOCATION_UNSUPPORTED).toBe("Location services are not supported on this device.");
    await expect(currentPosition(fakeGeolocation("denied"))).rejects.toThrow(GEOLOCATION_FAILED);
    expect(GEOLOCATION_FAILED).toBe("Unable to get your location. Please enter your address manually.");
  });

  test("a fix is described by the geocoder's address, else 'GPS Location' with rounded coordinates", () => {
    const point = { lat: -33.92486812, lon: 18.42405533 };
    const address = { displayName: "Long Street, Cape Town", lat: -33.9249, lon: 18.4241, coordinates: "-33.9249,18.4241" };
    expect(locationFromFix(point, address)).toEqual({
      location: "Long Street, Cape Town",
      coordinates: "-33.924868,18.424055",
      note: "From your phone's location",
    });
    expect(locationFromFix(point, null).location).toBe("GPS Location (-33.9249, 18.4241)");
    expect(locationFromFix(point, { ...address, displayName: "  " }).location).toBe("GPS Location (-33.9249, 18.4241)");
  });

  test("a typed address keeps the customer's words; the map's point when found, else the Stellenbosch default", () => {
    const found = [{ displayName: "Dorp Street, Stellenbosch", lat: -33.938, lon: 18.859, coordinates: "-33.938,18.859" }];
    expect(locationFromTypedAddress("  Dorp Street  ", found)).toEqual({
      location: "Dorp Street",
      coordinates: "-33.938,18.859",
      note: "Found on the map: Dorp Street, Stellenbosch",
    });
    const fallback = locationFromTypedAddress("7 Unknown Lane", []);
    expect(fallback.coordinates).toBe(DEFAULT_TYPED_ADDRESS_COORDINATES);
    expect(fallback.note).toContain("couldn't find this address");
    expect(locationFromTypedAddress("7 Unknown Lane", undefined).coordinates).toBe(DEFAULT_TYPED_ADDRESS_COORDINATES);
  });
});
