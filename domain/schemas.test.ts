import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import type { z } from "zod";
import {
  adminSignInSchema,
  adminSignUpSchema,
  adminVehicleDefaults,
  adminVehicleSchema,
  assignVehicleSchema,
  availabilityPeriodSchema,
  bookingCreateSchema,
  bookingQuoteSchema,
  bookingStatusUpdateSchema,
  createAdminVehicleSchema,
  createDealershipVehicleSchema,
  dealershipLoginSchema,
  dealershipOnboardSchema,
  dealershipPasswordSchema,
  dealershipVehicleDefaults,
  dealershipVehicleSchema,
  forgotPasswordSchema,
  IDEMPOTENCY_KEY_MESSAGE,
  idempotencyKeySchema,
  maxVehicleYear,
  profileCompletionSchema,
  resetPasswordSchema,
  serviceAreaSchema,
  signInSchema,
  signUpRequestSchema,
  signUpSchema,
  typedAddressSchema,
} from "./schemas.ts";

/** Error messages by dotted path ("" for the root); {} when the input is valid. */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

afterEach(() => {
  setSystemTime(); // back to the real clock
});

describe("signUpSchema", () => {
  const valid = { name: " Thandi Mokoena ", email: " Thandi@Example.COM ", phone: " 082 123 4567 ", password: "secret", confirmPassword: "secret" };

  test("valid input is trimmed and the email lower-cased", () => {
    expect(parsed(signUpSchema, valid)).toEqual({
      name: "Thandi Mokoena",
      email: "thandi@example.com",
      phone: "082 123 4567",
      password: "secret",
      confirmPassword: "secret",
    });
  });

  test("a one-line field's line breaks and tabs become one space (an API client's or a paste): emails and the CLI's tables keep their lines", () => {
    expect(parsed(signUpSchema, { ...valid, name: "Thandi\r\n  Mokoena\t" }).name).toBe("Thandi Mokoena");
    expect(parsed(signUpSchema, { ...valid, name: "Thandi \n\n\t Mokoena" }).name).toBe("Thandi Mokoena");
    // Only breaks and tabs: the spaces a name has are its own.
    expect(parsed(signUpSchema, { ...valid, name: "Thandi  Mokoena" }).name).toBe("Thandi  Mokoena");
  });

  test("phone is optional; passwords are not trimmed", () => {
    const { phone: _phone, ...rest } = valid;
    expect(parsed(signUpSchema, rest).phone).toBeUndefined();
    expect(parsed(signUpSchema, { ...rest, phone: null }).phone).toBeUndefined();
    expect(parsed(signUpSchema, { ...valid, password: " pass ", confirmPassword: " pass " }).password).toBe(" pass ");
  });

  test("required fields", () => {
    expect(errors(signUpSchema, {})).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      password: ["Password must be at least 6 characters"],
      confirmPassword: ["Please confirm your password"],
    });
    expect(errors(signUpSchema, { ...valid, name: "   " })).toEqual({ name: ["Name is required"] });
  });

  test("password minimum 6", () => {
    expect(errors(signUpSchema, { ...valid, password: "12345", confirmPassword: "12345" })).toEqual({
      password: ["Password must be at least 6 characters"],
    });
    expect(errors(signUpSchema, { ...valid, password: "123456", confirmPassword: "123456" })).toEqual({});
    // Six spaces are 6 characters but no password.
    expect(errors(signUpSchema, { ...valid, password: "      ", confirmPassword: "      " })).toEqual({
      password: ["Password must be at least 6 characters"],
    });
  });

  test("confirmation required, then must match (on the confirm field)", () => {
    expect(errors(signUpSchema, { ...valid, confirmPassword: "" })).toEqual({
      confirmPassword: ["Please confirm your password"],
    });
    expect(errors(signUpSchema, { ...valid, confirmPassword: "secreT" })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });

  test("the mobile number is optional; when given, a number (as people write it)", () => {
    for (const phone of ["", "082 123 4567", "+27 (0)82 123-4567", "0821234567"]) expect(errors(signUpSchema, { ...valid, phone })).toEqual({});
    for (const phone of ["call me", "12345", "082 123 4567 ext 9"])
      expect(errors(signUpSchema, { ...valid, phone })).toEqual({ phone: ["Please enter a valid mobile number"] });
  });

  test("invalid email", () => {
    expect(errors(signUpSchema, { ...valid, email: "thandi@" })).toEqual({ email: ["Please enter a valid email address"] });
    // Longer than mail carries (254 characters, 64 before the @): refused, the limits themselves kept.
    expect(errors(signUpSchema, { ...valid, email: `${"a".repeat(65)}@example.com` })).toEqual({ email: ["Please enter a valid email address"] });
    expect(errors(signUpSchema, { ...valid, email: `thandi@${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.${"g".repeat(60)}.example.com` })).toEqual({
      email: ["Please enter a valid email address"],
    });
    expect(errors(signUpSchema, { ...valid, email: `${"a".repeat(64)}@example.com` })).toEqual({});
  });

  test("the request schema drops the confirmation", () => {
    expect(parsed(signUpRequestSchema, valid)).toEqual({
      name: "Thandi Mokoena",
      email: "thandi@example.com",
      phone: "082 123 4567",
      password: "secret",
    });
  });
});

describe("signIn, forgot and reset password", () => {
  test("sign-in needs email and password", () => {
    expect(errors(signInSchema, { email: "", password: "" })).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
    expect(parsed(signInSchema, { email: "A@B.co", password: "x" })).toEqual({ email: "a@b.co", password: "x" });
  });

  test("forgot password", () => {
    for (const email of ["", "nope", "a@", undefined]) {
      expect(errors(forgotPasswordSchema, { email })).toEqual({ email: ["Please enter a valid email address"] });
    }
    expect(parsed(forgotPasswordSchema, { email: " Me@Site.co.za " })).toEqual({ email: "me@site.co.za" });
  });

  test("reset password", () => {
    expect(errors(resetPasswordSchema, { token: " ", password: "12345" })).toEqual({
      token: ["Reset token is required"],
      password: ["Password must be at least 6 characters"],
    });
    expect(errors(resetPasswordSchema, { password: "123456" })).toEqual({ token: ["Reset token is required"] });
    expect(parsed(resetPasswordSchema, { token: "abc", password: "123456" })).toEqual({ token: "abc", password: "123456" });
  });
});

describe("profileCompletionSchema", () => {
  const valid = {
    dateOfBirth: "15/06/1990",
    address: "12 Long Street",
    city: "Cape Town",
    postalCode: "8001",
    nationality: "South African",
    idType: "south_african_id" as const,
    idNumber: "9006155009087",
    driversLicenseNumber: "DL1234567",
    driversLicenseExpiryDate: "2030-01-31",
  };

  test("valid input; dates come out as yyyy-mm-dd", () => {
    expect(parsed(profileCompletionSchema, { ...valid, profilePicture: " /objects/a.jpg " })).toEqual({
      ...valid,
      dateOfBirth: "1990-06-15",
      profilePicture: "/objects/a.jpg",
      driversLicenseImage: undefined,
    });
  });

  test("every message of the form", () => {
    expect(errors(profileCompletionSchema, {})).toEqual({
      dateOfBirth: ["Date of birth is required"],
      address: ["Address must be at least 5 characters"],
      city: ["City is required"],
      postalCode: ["Postal code is required"],
      nationality: ["Nationality is required"],
      idType: ["Please select ID type"],
      idNumber: ["ID/Passport number is required"],
      driversLicenseNumber: ["Driver's license number is required"],
      driversLicenseExpiryDate: ["License expiry date is required"],
    });
  });

  test("minimum lengths, counted after trimming", () => {
    expect(
      errors(profileCompletionSchema, {
        ...valid,
        address: " abcd ",
        city: "C",
        postalCode: "800",
        nationality: "X",
        idNumber: "1234",
        driversLicenseNumber: "DL12",
      }),
    ).toEqual({
      address: ["Address must be at least 5 characters"],
      city: ["City is required"],
      postalCode: ["Postal code is required"],
      nationality: ["Nationality is required"],
      idNumber: ["ID/Passport number is required"],
      driversLicenseNumber: ["Driver's license number is required"],
    });
    expect(
      errors(profileCompletionSchema, {
        ...valid,
        address: "abcde",
        city: "CT",
        postalCode: "8001",
        nationality: "ZA",
        idNumber: "A1234",
        driversLicenseNumber: "12345",
      }),
    ).toEqual({});
  });

  test("ID type must be one of the two", () => {
    expect(errors(profileCompletionSchema, { ...valid, idType: "drivers_licence" })).toEqual({ idType: ["Please select ID type"] });
    expect(errors(profileCompletionSchema, { ...valid, idType: "passport" })).toEqual({});
  });

  test("dates must be real", () => {
    expect(errors(profileCompletionSchema, { ...valid, dateOfBirth: "31/02/1990", driversLicenseExpiryDate: "2030-02-30" })).toEqual({
      dateOfBirth: ["Please enter a valid date"],
      driversLicenseExpiryDate: ["Please enter a valid date"],
    });
  });
});

describe("dealership onboarding", () => {
  test("messages", () => {
    expect(errors(dealershipOnboardSchema, { dealershipCode: " ", companyName: "", contactPerson: " ", contactEmail: "nope" })).toEqual({
      dealershipCode: ["Dealership code is required"],
      companyName: ["Company name is required"],
      contactPerson: ["Contact person is required"],
      contactEmail: ["Please enter a valid email address"],
    });
    expect(errors(dealershipOnboardSchema, { dealershipCode: "-AB", companyName: "A", contactPerson: "B", contactEmail: "" }).dealershipCode).toEqual([
      "Dealership code must be 2 to 32 letters, digits, - or _, starting with a letter or digit",
    ]);
    expect(errors(dealershipOnboardSchema, { dealershipCode: "A B", companyName: "A", contactPerson: "B", contactEmail: "" }).contactEmail).toEqual([
      "Email is required",
    ]);
    // The phone is shown to buyers: when given, a number they can call.
    const onboard = { dealershipCode: "AB", companyName: "A", contactPerson: "B", contactEmail: "a@b.example" };
    expect(errors(dealershipOnboardSchema, { ...onboard, contactPhone: "call me maybe" }).contactPhone).toEqual(["Please enter a valid phone number"]);
    expect(errors(dealershipOnboardSchema, { ...onboard, contactPhone: "021 555 0123" })).toEqual({});
    expect(errors(dealershipOnboardSchema, { ...onboard, contactPhone: "" })).toEqual({});
    expect(errors(dealershipPasswordSchema, "1234567")).toEqual({ "": ["Password must be at least 8 characters"] });
    // Eight spaces are 8 characters but no password; one space inside a password is fine.
    expect(errors(dealershipPasswordSchema, " ".repeat(8))).toEqual({ "": ["Password must be at least 8 characters"] });
    expect(errors(dealershipPasswordSchema, "open sesame")).toEqual({});
  });
  test("trims, lower-cases the email, keeps the code's case, drops empty optionals", () => {
    expect(
      parsed(dealershipOnboardSchema, {
        dealershipCode: " Atlantic-01 ",
        companyName: " Atlantic Motors ",
        contactPerson: " Sam ",
        contactEmail: " Sales@Atlantic.Example ",
        city: null,
      }),
    ).toEqual({
      dealershipCode: "Atlantic-01",
      companyName: "Atlantic Motors",
      contactPerson: "Sam",
      contactEmail: "sales@atlantic.example",
      contactPhone: undefined,
      address: undefined,
      city: undefined,
    });
    expect(parsed(dealershipPasswordSchema, "12345678")).toBe("12345678");
  });
});

describe("dealership login", () => {
  test("messages", () => {
    expect(errors(dealershipLoginSchema, { dealershipCode: " ", password: "12345" })).toEqual({
      dealershipCode: ["Dealership code is required"],
      password: ["Password must be at least 6 characters"],
    });
    expect(parsed(dealershipLoginSchema, { dealershipCode: " CPT001 ", password: "123456" })).toEqual({
      dealershipCode: "CPT001",
      password: "123456",
    });
  });
});

describe("admin sign-in and sign-up", () => {
  test("sign-in", () => {
    expect(errors(adminSignInSchema, { email: "admin", password: "" })).toEqual({
      email: ["Invalid email address"],
      password: ["Password is required"],
    });
    expect(parsed(adminSignInSchema, { email: "Admin@CapeDrive.co.za", password: "x" }).email).toBe("admin@capedrive.co.za");
  });

  test("sign-up", () => {
    expect(errors(adminSignUpSchema, { email: "x", password: "1234567", firstName: "", lastName: " " })).toEqual({
      email: ["Invalid email address"],
      password: ["Password must be at least 8 characters"],
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
    });
    expect(parsed(adminSignUpSchema, { email: "a@b.co", password: "12345678", firstName: " Ann ", lastName: "Lee" })).toEqual({
      email: "a@b.co",
      password: "12345678",
      firstName: "Ann",
      lastName: "Lee",
      role: "admin",
    });
    expect(parsed(adminSignUpSchema, { email: "a@b.co", password: "12345678", firstName: "A", lastName: "L", role: "manager" }).role).toBe("manager");
    expect(errors(adminSignUpSchema, { email: "a@b.co", password: " ".repeat(12), firstName: "A", lastName: "L" })).toEqual({
      password: ["Password must be at least 8 characters"],
    });
  });
});

describe("admin vehicle form", () => {
  // 23:59 on 31 Dec 2025 in Cape Town, and one minute later (1 Jan 2026 there, still 2025 in UTC).
  const lastMinuteOf2025 = new Date("2025-12-31T21:59:00Z");
  const firstMinuteOf2026 = new Date("2025-12-31T22:00:00Z");
  const valid = {
    make: " Toyota ",
    model: "Corolla",
    year: 2024,
    category: "medium",
    transmission: "automatic",
    pricePerDay: 650,
    licensePlate: " ca 123-456 ",
  };

  test("valid input gets the defaults", () => {
    expect(parsed(createAdminVehicleSchema(lastMinuteOf2025), valid)).toEqual({
      make: "Toyota",
      model: "Corolla",
      year: 2024,
      category: "medium",
      transmission: "automatic",
      pricePerDay: 650,
      features: [],
      imageUrl: undefined,
      licensePlate: "CA 123-456",
      status: "available",
    });
  });

  test("required messages", () => {
    expect(errors(createAdminVehicleSchema(lastMinuteOf2025), { ...valid, make: "", model: " ", licensePlate: "", pricePerDay: 0 })).toEqual({
      make: ["Make is required"],
      model: ["Model is required"],
      pricePerDay: ["Price must be greater than 0"],
      licensePlate: ["License plate is required"],
    });
    expect(errors(adminVehicleSchema, { ...valid, pricePerDay: 1 })).toEqual({});
    expect(errors(adminVehicleSchema, { ...valid, pricePerDay: 0.99 })).toEqual({ pricePerDay: ["Price must be greater than 0"] });
  });

  test("year from 1900 to next year in Cape Town", () => {
    const schema = createAdminVehicleSchema(lastMinuteOf2025);
    expect(errors(schema, { ...valid, year: 1899 })).toEqual({ year: ["Year must be 1900 or later"] });
    expect(errors(schema, { ...valid, year: 1900 })).toEqual({});
    expect(errors(schema, { ...valid, year: 2026 })).toEqual({});
    expect(errors(schema, { ...valid, year: 2027 })).toEqual({ year: ["Year must be 2026 or earlier"] });
    expect(errors(createAdminVehicleSchema(firstMinuteOf2026), { ...valid, year: 2027 })).toEqual({});
    expect(errors(schema, { ...valid, year: 2020.5 })).toEqual({ year: ["Year must be a whole number"] });
    expect(maxVehicleYear(firstMinuteOf2026)).toBe(2027);
  });

  test("without a fixed now, next year is read from the clock at parse time", () => {
    setSystemTime(new Date("2030-06-01T10:00:00Z"));
    expect(errors(adminVehicleSchema, { ...valid, year: 2031 })).toEqual({});
    expect(errors(adminVehicleSchema, { ...valid, year: 2032 })).toEqual({ year: ["Year must be 2031 or earlier"] });
    setSystemTime(new Date("2031-12-31T22:30:00Z")); // already 2032 in Cape Town
    expect(errors(adminVehicleSchema, { ...valid, year: 2033 })).toEqual({});
  });

  test("category, transmission and status must be from the lists", () => {
    expect(Object.keys(errors(adminVehicleSchema, { ...valid, category: "xl", transmission: "cvt", status: "scrapped" }))).toEqual([
      "category",
      "transmission",
      "status",
    ]);
    for (const status of ["available", "rented", "maintenance", "out_of_service"]) {
      expect(errors(adminVehicleSchema, { ...valid, status })).toEqual({});
    }
  });

  test("image URL: empty, http(s) or our object storage", () => {
    for (const imageUrl of ["", "https://img.example.com/car.png", "http://localhost:3000/x.jpg", "/objects/uploads/abc"]) {
      expect(errors(adminVehicleSchema, { ...valid, imageUrl })).toEqual({});
    }
    for (const imageUrl of ["not a url", "javascript:alert(1)", "ftp://x/y.png", "/etc/passwd"]) {
      expect(errors(adminVehicleSchema, { ...valid, imageUrl })).toEqual({ imageUrl: ["Please enter a valid URL"] });
    }
  });

  test("features are trimmed", () => {
    expect(parsed(adminVehicleSchema, { ...valid, features: [" GPS ", "A/C"] }).features).toEqual(["GPS", "A/C"]);
  });

  test("defaults: medium, manual, the current Cape Town year, available", () => {
    expect(adminVehicleDefaults(firstMinuteOf2026)).toEqual({
      make: "",
      model: "",
      year: 2026,
      category: "medium",
      transmission: "manual",
      pricePerDay: 0,
      features: [],
      imageUrl: "",
      licensePlate: "",
      status: "available",
    });
    expect(adminVehicleDefaults(lastMinuteOf2025).year).toBe(2025);
  });
});

describe("dealership vehicle form", () => {
  const now = new Date("2025-06-01T10:00:00Z");
  const schema = createDealershipVehicleSchema(now);
  const valid = {
    registrationNumber: " ca 555-123 ",
    make: "VW",
    model: "Polo",
    year: 2021,
    category: "small",
    transmission: "manual",
    dailyRate: "450",
  };

  test("valid input gets the defaults and normalised money", () => {
    expect(parsed(schema, valid)).toEqual({
      registrationNumber: "CA 555-123",
      make: "VW",
      model: "Polo",
      year: 2021,
      category: "small",
      transmission: "manual",
      status: "available",
      mileage: 0,
      dailyRate: "450.00",
      images: [],
    });
    expect(parsed(schema, { ...valid, salesPrice: "189999.5", dailyRate: 450 }).salesPrice).toBe("189999.50");
  });

  test("the form defaults fail only where the dealer must type something", () => {
    const defaults = dealershipVehicleDefaults(now);
    expect(defaults).toEqual({
      registrationNumber: "",
      make: "",
      model: "",
      year: 2025,
      category: "small",
      transmission: "manual",
      status: "available",
      mileage: 0,
      dailyRate: "0",
      salesPrice: "0",
      images: [],
    });
    expect(errors(schema, defaults)).toEqual({
      registrationNumber: ["Registration number is required"],
      make: ["Make is required"],
      model: ["Model is required"],
      dailyRate: ["Daily rate must be greater than 0"],
    });
  });

  test("year from 2000 to next year", () => {
    expect(errors(schema, { ...valid, year: 1999 })).toEqual({ year: ["Year must be 2000 or later"] });
    expect(errors(schema, { ...valid, year: 2000 })).toEqual({});
    expect(errors(schema, { ...valid, year: 2026 })).toEqual({});
    expect(errors(schema, { ...valid, year: 2027 })).toEqual({ year: ["Year must be 2026 or earlier"] });
    expect(errors(dealershipVehicleSchema, { ...valid, year: maxVehicleYear() })).toEqual({});
  });

  test("mileage is a whole number from 0", () => {
    expect(errors(schema, { ...valid, mileage: -1 })).toEqual({ mileage: ["Mileage cannot be negative"] });
    expect(errors(schema, { ...valid, mileage: 12.5 })).toEqual({ mileage: ["Mileage must be a whole number"] });
    expect(parsed(schema, { ...valid, mileage: 0 }).mileage).toBe(0);
  });

  test("money fields", () => {
    expect(errors(schema, { ...valid, dailyRate: "" })).toEqual({ dailyRate: ["Daily rate is required"] });
    expect(errors(schema, { ...valid, dailyRate: undefined })).toEqual({ dailyRate: ["Daily rate is required"] });
    expect(errors(schema, { ...valid, dailyRate: "450 rand" })).toEqual({ dailyRate: ["Please enter a valid amount in rand"] });
    expect(errors(schema, { ...valid, dailyRate: "1,350,50" })).toEqual({ dailyRate: ["Please enter a valid amount in rand"] });
    // As people type amounts: a leading R, thousands in groups, a decimal comma.
    expect(parsed(schema, { ...valid, dailyRate: "R450" }).dailyRate).toBe("450.00");
    expect(parsed(schema, { ...valid, salesPrice: "189 900" }).salesPrice).toBe("189900.00");
    expect(parsed(schema, { ...valid, salesPrice: "R 189,900" }).salesPrice).toBe("189900.00");
    expect(errors(schema, { ...valid, dailyRate: "R 0" })).toEqual({ dailyRate: ["Daily rate must be greater than 0"] });
    expect(errors(schema, { ...valid, dailyRate: "R" })).toEqual({ dailyRate: ["Daily rate is required"] });
    expect(errors(schema, { ...valid, dailyRate: "-5" })).toEqual({ dailyRate: ["Amount cannot be negative"] });
    expect(errors(schema, { ...valid, salesPrice: "100000000" })).toEqual({ salesPrice: ["Amount is too large"] });
    expect(parsed(schema, { ...valid, salesPrice: "0" }).salesPrice).toBe("0.00");
  });

  test("the form offers three statuses", () => {
    expect(errors(schema, { ...valid, status: "rented" })).toEqual({ status: ["Please select a status"] });
    expect(parsed(schema, { ...valid, status: "maintenance" }).status).toBe("maintenance");
  });
});

describe("bookingCreateSchema", () => {
  const valid = {
    category: "small",
    vehicleId: "veh_1",
    pickupDate: "2025-03-05T08:00:00.000Z",
    returnDate: "2025-03-08T10:00:00+02:00",
    deliveryLocation: "12 Long Street, Cape Town",
    deliveryCoordinates: "-33.9249,18.4241",
    returnLocation: "Cape Town International Airport",
    returnCoordinates: "-33.9715,18.6021",
    totalAmount: "1350.00",
    duration: 3,
  };

  test("dates become instants; transmission defaults to manual", () => {
    const data = parsed(bookingCreateSchema, valid);
    expect(data.pickupDate).toEqual(new Date("2025-03-05T08:00:00Z"));
    expect(data.returnDate).toEqual(new Date("2025-03-08T08:00:00Z"));
    expect(data.transmission).toBe("manual");
  });

  test("date-times without a zone are refused (they would depend on the process zone)", () => {
    expect(errors(bookingCreateSchema, { ...valid, pickupDate: "2025-03-05T10:00" })).toEqual({
      pickupDate: ["Please enter a valid date and time"],
    });
    expect(errors(bookingCreateSchema, { ...valid, returnDate: "" })).toEqual({ returnDate: ["Return date is required"] });
  });

  test("every part of the date-time must be real (no rolling 30 February over to March)", () => {
    for (const pickupDate of [
      "2025-02-30T08:00:00Z",
      "2025-02-29T08:00:00Z",
      "2025-13-01T08:00:00Z",
      "2025-03-05T24:00:00Z",
      "2025-03-05T08:60:00Z",
      "2025-03-05T08:00:60Z",
      "2025-03-05T08:00:00+24:00",
    ]) {
      expect([pickupDate, errors(bookingCreateSchema, { ...valid, pickupDate })]).toEqual([pickupDate, { pickupDate: ["Please enter a valid date and time"] }]);
    }
    expect(parsed(bookingCreateSchema, { ...valid, pickupDate: "2024-02-29T23:59:59.999+02:00", returnDate: "2024-03-01T08:00:00Z" }).pickupDate).toEqual(
      new Date("2024-02-29T21:59:59.999Z"),
    );
  });

  test("return must be after pickup", () => {
    expect(errors(bookingCreateSchema, { ...valid, returnDate: valid.pickupDate })).toEqual({
      returnDate: ["Return must be after pickup"],
    });
  });

  test("vehicle, locations and coordinates are required", () => {
    expect(errors(bookingCreateSchema, { ...valid, vehicleId: "", deliveryLocation: " ", returnCoordinates: "somewhere" })).toEqual({
      vehicleId: ["Please complete all booking steps and select a vehicle"],
      deliveryLocation: ["Delivery location is required"],
      returnCoordinates: ["Invalid coordinates"],
    });
  });

  test("typed address must be non-empty after trimming", () => {
    expect(typedAddressSchema.safeParse("   ").success).toBe(false);
    expect(typedAddressSchema.parse(" 1 Dorp St, Stellenbosch ")).toBe("1 Dorp St, Stellenbosch");
  });

  test("the client's totalAmount and duration are optional (null too); wrong types get a clear message", () => {
    const data = parsed(bookingCreateSchema, { ...valid, totalAmount: null, duration: null });
    expect(data.totalAmount).toBeUndefined();
    expect(data.duration).toBeUndefined();
    expect(parsed(bookingCreateSchema, { ...valid, totalAmount: 1350 }).totalAmount).toBe(1350);
    expect(errors(bookingCreateSchema, { ...valid, totalAmount: { rand: 1350 }, duration: "3" })).toEqual({
      totalAmount: ["Total amount must be an amount in rand"],
      duration: ["Duration must be a whole number of days"],
    });
    expect(errors(bookingCreateSchema, { ...valid, duration: 2.5 })).toEqual({ duration: ["Duration must be a whole number of days"] });
    expect(errors(bookingCreateSchema, { ...valid, duration: -1 })).toEqual({ duration: ["Duration must be a whole number of days"] });
  });
});

describe("idempotencyKeySchema", () => {
  test("a UUID, or 16 to 100 letters, digits, '-', '_', '.' or ':'; anything else is refused with one message", () => {
    for (const key of [crypto.randomUUID(), "a".repeat(16), "Z9._:-".repeat(16).slice(0, 100), "booking:2025-03-05:7f3a"]) {
      expect([key, idempotencyKeySchema.safeParse(key).success]).toEqual([key, true]);
    }
    for (const key of [
      "",
      "a".repeat(15),
      "a".repeat(101),
      ` ${crypto.randomUUID()}`,
      "key with spaces in it",
      "ключ-ключ-ключ-ключ",
      "a/b/c/d/e/f/g/h/i",
      42,
      null,
    ]) {
      const result = idempotencyKeySchema.safeParse(key);
      expect([key, result.success]).toEqual([key, false]);
      expect(result.error?.issues[0]?.message).toBe(IDEMPOTENCY_KEY_MESSAGE);
    }
  });
});

describe("bookingQuoteSchema", () => {
  test("category and two instants", () => {
    expect(parsed(bookingQuoteSchema, { category: "large", pickupDate: "2025-03-05T10:00:00+02:00", returnDate: "2025-03-06T08:00:00Z" })).toEqual({
      category: "large",
      pickupDate: new Date("2025-03-05T08:00:00Z"),
      returnDate: new Date("2025-03-06T08:00:00Z"),
    });
    expect(errors(bookingQuoteSchema, { category: "huge", pickupDate: "tomorrow" })).toEqual({
      category: ["Please select a category"],
      pickupDate: ["Please enter a valid date and time"],
      returnDate: ["Return date is required"],
    });
  });
});

describe("availabilityPeriodSchema", () => {
  test("neither date: no period", () => {
    expect(parsed(availabilityPeriodSchema, {})).toBeNull();
    expect(parsed(availabilityPeriodSchema, { pickupDate: null, returnDate: null })).toBeNull();
  });

  test("both dates: the period as instants", () => {
    expect(parsed(availabilityPeriodSchema, { pickupDate: "2025-03-05T08:00:00Z", returnDate: "2025-03-06T10:00:00+02:00" })).toEqual({
      pickup: new Date("2025-03-05T08:00:00Z"),
      returnAt: new Date("2025-03-06T08:00:00Z"),
    });
  });

  test("one date alone, return not after pickup, or an unreadable date are refused", () => {
    expect(errors(availabilityPeriodSchema, { pickupDate: "2025-03-05T08:00:00Z" })).toEqual({ returnDate: ["Return date is required"] });
    expect(errors(availabilityPeriodSchema, { returnDate: "2025-03-05T08:00:00Z" })).toEqual({ pickupDate: ["Pickup date is required"] });
    expect(errors(availabilityPeriodSchema, { pickupDate: "2025-03-05T08:00:00Z", returnDate: "2025-03-05T08:00:00Z" })).toEqual({
      returnDate: ["Return must be after pickup"],
    });
    expect(errors(availabilityPeriodSchema, { pickupDate: "2025-03-05 08:00", returnDate: "2025-03-06T08:00:00Z" })).toEqual({
      pickupDate: ["Please enter a valid date and time"],
    });
  });
});

describe("admin booking and service-area inputs", () => {
  test("status update accepts the five statuses only", () => {
    expect(errors(bookingStatusUpdateSchema, { status: "in_progress" })).toEqual({});
    expect(errors(bookingStatusUpdateSchema, { status: "done" })).toEqual({ status: ["Please select a status"] });
  });

  test("assign vehicle", () => {
    expect(errors(assignVehicleSchema, { vehicleId: "" })).toEqual({ vehicleId: ["Please select a vehicle"] });
  });

  test("service area polygon is validated and normalised", async () => {
    const fixture: unknown = await Bun.file(new URL("./fixtures/cape-town-service-area.geojson", import.meta.url)).json();
    const data = parsed(serviceAreaSchema, { name: " Cape Town ", polygon: fixture });
    expect(data.name).toBe("Cape Town");
    expect(data.isActive).toBe(true);
    expect(data.polygon.type).toBe("Polygon");
    expect(errors(serviceAreaSchema, { name: "X", polygon: { type: "Point", coordinates: [0, 0] } })).toEqual({
      polygon: ["Service area must be a GeoJSON Polygon or a Feature with a Polygon geometry"],
    });
  });
});
