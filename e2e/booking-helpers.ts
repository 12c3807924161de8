/** Helpers of the booking journeys: customers with a completed profile, Cape Town dates, seeded bookings. */
import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { addDays, capeTownDateTimeToUtc, capeTownToday, formatDisplayDate } from "#domain/time.ts";
import { createCustomer, graphql, snap, uniqueEmail } from "./support.ts";

/**
 * A screenshot of a booking screen. For a full-page picture the bottom action bar (sticky on the
 * phone's screen) is drawn where it ends up once scrolled to the bottom, under the content,
 * instead of floating over the middle of the long picture.
 */
export async function snapScreen(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}) {
  if (options.fullPage === false) return snap(page, testInfo, name, options);
  // Through the CSSOM: the app's Content-Security-Policy refuses injected <style> elements.
  const setPosition = (value: string) =>
    page.evaluate((position) => {
      for (const el of document.querySelectorAll<HTMLElement>("[data-action-bar]")) el.style.position = position;
    }, value);
  await setPosition("static");
  try {
    await snap(page, testInfo, name, options);
  } finally {
    await setPosition("");
  }
}

/** Nothing wider than the phone: no sideways scrolling. */
export async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

export const COMPLETE_PROFILE = {
  dateOfBirth: "1990-04-12",
  address: "14 Bree Street, Cape Town City Centre",
  city: "Cape Town",
  postalCode: "8001",
  nationality: "South African",
  idType: "south_african_id",
  idNumber: "9004125009087",
  driversLicenseNumber: "CT55667788",
  driversLicenseExpiryDate: "2031-06-30",
};

/** A new customer (through the server's API) whose profile is complete; returns the token. */
export async function createCompletedCustomer(request: APIRequestContext, testInfo: TestInfo, name: string): Promise<string> {
  const token = await createCustomer(request, { name, email: uniqueEmail(name.split(" ")[0]!.toLowerCase(), testInfo), password: "secret123" });
  await graphql(
    request,
    `mutation ($input: CompleteProfileInput!) { completeProfile(input: $input) { id profileCompleted } }`,
    { input: COMPLETE_PROFILE },
    token,
  );
  return token;
}

/** A Cape Town calendar day `days` from today, as "yyyy-mm-dd" and as typed ("dd/mm/yyyy"). */
export function capeTownDay(days: number): { iso: string; typed: string; digits: string } {
  const iso = addDays(capeTownToday(), days);
  const typed = formatDisplayDate(iso);
  return { iso, typed, digits: typed.replaceAll("/", "") };
}

/** The instant a Cape Town date and time name, as the server stores it. */
export function capeTownInstant(iso: string, time: string): string {
  return capeTownDateTimeToUtc(iso, time).toISOString();
}

/** The first available vehicle of a kind for a period (ISO instants), through the API. */
export async function firstFreeVehicle(request: APIRequestContext, category: string, transmission: string, pickupDate: string, returnDate: string) {
  const data = await graphql<{ vehicles: { id: string; make: string; model: string }[] }>(
    request,
    `query ($category: VehicleCategory, $transmission: Transmission, $pickupDate: String, $returnDate: String) {
      vehicles(category: $category, transmission: $transmission, pickupDate: $pickupDate, returnDate: $returnDate) { id make model }
    }`,
    { category, transmission, pickupDate, returnDate },
  );
  const vehicle = data.vehicles[0];
  if (!vehicle) throw new Error(`No free ${category} ${transmission} vehicle for ${pickupDate}..${returnDate}`);
  return vehicle;
}

/** Books through the API (the server computes the price); returns the booking's id and number. */
export async function seedBooking(
  request: APIRequestContext,
  token: string,
  input: {
    category: string;
    transmission: string;
    vehicleId: string;
    pickupDate: string;
    returnDate: string;
    deliveryLocation?: string;
    returnLocation?: string;
    deliveryCoordinates?: string;
    returnCoordinates?: string;
  },
) {
  const data = await graphql<{ createBooking: { id: string; bookingNumber: string; totalAmount: string } }>(
    request,
    `mutation ($input: CreateBookingInput!) { createBooking(input: $input) { id bookingNumber totalAmount } }`,
    {
      input: {
        deliveryLocation: "Long Street, Cape Town",
        returnLocation: "Long Street, Cape Town",
        deliveryCoordinates: "-33.9249,18.4241",
        returnCoordinates: "-33.9249,18.4241",
        ...input,
      },
    },
    token,
  );
  return data.createBooking;
}

export interface MyBooking {
  id: string;
  bookingNumber: string;
  pickupDate: string;
  returnDate: string;
  totalAmount: string;
  duration: number;
  status: string;
  deliveryLocation: string;
  returnLocation: string;
  deliveryCoordinates: string;
  returnCoordinates: string;
}

export async function myBookings(request: APIRequestContext, token: string): Promise<MyBooking[]> {
  const data = await graphql<{ myBookings: MyBooking[] }>(
    request,
    `{ myBookings { id bookingNumber pickupDate returnDate totalAmount duration status deliveryLocation returnLocation deliveryCoordinates returnCoordinates } }`,
    {},
    token,
  );
  return data.myBookings;
}

/** Puts a booking draft in the tab's session storage (the app reads it on its next load). */
export async function putDraft(page: Page, draft: Record<string, unknown>) {
  await page.evaluate((value) => sessionStorage.setItem("capedrive.bookingDraft", JSON.stringify(value)), draft);
}
