// Demo data for the embedded default: a small Cape Town rental fleet in all three categories and
// both transmissions, two dealerships with for-sale stock across the four price bands, and one
// service area. Rates follow SPEC section 9 (small 450, medium 650, large 850).
import type { Category } from "#domain";

type DemoVehicle = {
  registrationNumber: string;
  make: string;
  model: string;
  year: number;
  category: Category;
  transmission: "manual" | "automatic";
  mileage: number;
  features: string[];
  salesPrice?: string;
};

export const demoFleet: DemoVehicle[] = [
  {
    registrationNumber: "CA 204-118",
    make: "Volkswagen",
    model: "Polo Vivo",
    year: 2023,
    category: "small",
    transmission: "manual",
    mileage: 18_400,
    features: ["Air conditioning", "Bluetooth", "USB charging"],
  },
  {
    registrationNumber: "CA 311-907",
    make: "Suzuki",
    model: "Swift",
    year: 2024,
    category: "small",
    transmission: "manual",
    mileage: 9_200,
    features: ["Air conditioning", "Apple CarPlay", "Fuel efficient"],
  },
  {
    registrationNumber: "CA 457-332",
    make: "Toyota",
    model: "Starlet",
    year: 2024,
    category: "small",
    transmission: "automatic",
    mileage: 12_050,
    features: ["Air conditioning", "Reverse camera", "Bluetooth", "Cruise control"],
  },
  {
    registrationNumber: "CA 528-640",
    make: "Hyundai",
    model: "i20",
    year: 2023,
    category: "small",
    transmission: "automatic",
    mileage: 21_300,
    features: ["Air conditioning", "Android Auto"],
  },
  {
    registrationNumber: "CA 612-085",
    make: "Toyota",
    model: "Corolla Cross",
    year: 2024,
    category: "medium",
    transmission: "automatic",
    mileage: 15_800,
    features: ["Air conditioning", "Reverse camera", "Lane assist", "Apple CarPlay"],
  },
  {
    registrationNumber: "CA 703-219",
    make: "Haval",
    model: "Jolion",
    year: 2024,
    category: "medium",
    transmission: "automatic",
    mileage: 7_900,
    features: ["Panoramic roof", "360° camera", "Wireless charging"],
  },
  {
    registrationNumber: "CA 745-561",
    make: "Volkswagen",
    model: "T-Cross",
    year: 2023,
    category: "medium",
    transmission: "manual",
    mileage: 26_100,
    features: ["Air conditioning", "Bluetooth", "Roof rails"],
  },
  {
    registrationNumber: "CA 809-374",
    make: "Toyota",
    model: "Corolla Quest",
    year: 2022,
    category: "medium",
    transmission: "manual",
    mileage: 41_700,
    features: ["Air conditioning", "Large boot"],
  },
  {
    registrationNumber: "CA 902-446",
    make: "Toyota",
    model: "Fortuner",
    year: 2024,
    category: "large",
    transmission: "automatic",
    mileage: 11_200,
    features: ["7 seats", "4x4", "Tow bar", "Reverse camera"],
  },
  {
    registrationNumber: "CA 918-203",
    make: "Hyundai",
    model: "Staria",
    year: 2023,
    category: "large",
    transmission: "automatic",
    mileage: 33_500,
    features: ["9 seats", "Sliding doors", "Dual-zone climate"],
  },
  {
    registrationNumber: "CA 934-775",
    make: "Toyota",
    model: "Hilux Double Cab",
    year: 2023,
    category: "large",
    transmission: "manual",
    mileage: 38_900,
    features: ["Load bin", "4x4", "Tow bar"],
  },
  {
    registrationNumber: "CA 951-680",
    make: "Volkswagen",
    model: "Tiguan Allspace",
    year: 2024,
    category: "large",
    transmission: "automatic",
    mileage: 8_600,
    features: ["7 seats", "Apple CarPlay", "Adaptive cruise"],
  },
];

export type DemoDealership = {
  dealershipCode: string;
  companyName: string;
  contactPerson: string;
  contactEmail: string;
  contactPhone: string;
  address: string;
  city: string;
  stock: DemoVehicle[];
};

export const demoDealerships: DemoDealership[] = [
  {
    dealershipCode: "ATLANTIC01",
    companyName: "Atlantic Motors",
    contactPerson: "Thandiwe Mokoena",
    contactEmail: "sales@atlanticmotors.example",
    contactPhone: "021 555 0134",
    address: "112 Voortrekker Road, Maitland",
    city: "Cape Town",
    stock: [
      {
        registrationNumber: "CA 120-551",
        make: "Renault",
        model: "Kwid",
        year: 2019,
        category: "small",
        transmission: "manual",
        mileage: 88_000,
        features: [],
        salesPrice: "84900.00",
      },
      {
        registrationNumber: "CA 133-902",
        make: "Volkswagen",
        model: "Polo Vivo",
        year: 2020,
        category: "small",
        transmission: "manual",
        mileage: 72_500,
        features: [],
        salesPrice: "149900.00",
      },
      {
        registrationNumber: "CA 147-318",
        make: "Toyota",
        model: "Corolla",
        year: 2019,
        category: "medium",
        transmission: "automatic",
        mileage: 95_300,
        features: [],
        salesPrice: "229000.00",
      },
      {
        registrationNumber: "CA 158-764",
        make: "Ford",
        model: "Ranger XLT",
        year: 2021,
        category: "large",
        transmission: "automatic",
        mileage: 64_200,
        features: [],
        salesPrice: "429900.00",
      },
    ],
  },
  {
    dealershipCode: "WINELANDS02",
    companyName: "Winelands Auto",
    contactPerson: "Pieter van der Merwe",
    contactEmail: "hello@winelandsauto.example",
    contactPhone: "021 555 0178",
    address: "8 Bird Street",
    city: "Stellenbosch",
    stock: [
      {
        registrationNumber: "CL 210-447",
        make: "Suzuki",
        model: "Celerio",
        year: 2018,
        category: "small",
        transmission: "manual",
        mileage: 101_000,
        features: [],
        salesPrice: "96500.00",
      },
      {
        registrationNumber: "CL 225-830",
        make: "Mazda",
        model: "CX-3",
        year: 2020,
        category: "medium",
        transmission: "automatic",
        mileage: 58_900,
        features: [],
        salesPrice: "189900.00",
      },
      {
        registrationNumber: "CL 239-162",
        make: "Volkswagen",
        model: "Golf 7 GTI",
        year: 2018,
        category: "medium",
        transmission: "automatic",
        mileage: 83_400,
        features: [],
        salesPrice: "279900.00",
      },
      {
        registrationNumber: "CL 246-915",
        make: "Toyota",
        model: "Fortuner 2.8GD-6",
        year: 2021,
        category: "large",
        transmission: "automatic",
        mileage: 71_800,
        features: [],
        salesPrice: "519000.00",
      },
    ],
  },
];

export const demoAdmin = { email: "admin@capedrive.example", firstName: "Demo", lastName: "Admin" };

/** Demo customers: the first can sign in (its password is made at seeding, like the staff's); the others have no password. */
export const demoCustomers = [
  {
    name: "Thandi Nkosi",
    email: "thandi@capedrive.example",
    phone: "082 555 0101",
    address: "14 Bree Street",
    city: "Cape Town",
    postalCode: "8001",
    idNumber: "9003155009087",
    driversLicenseNumber: "DL40218811",
  },
  {
    name: "Johan Botha",
    email: "johan@capedrive.example",
    phone: "083 555 0102",
    address: "7 Main Road, Claremont",
    city: "Cape Town",
    postalCode: "7708",
    idNumber: "8507225009081",
    driversLicenseNumber: "DL51822764",
  },
  {
    name: "Aisha Patel",
    email: "aisha@capedrive.example",
    phone: "084 555 0103",
    address: "22 Dorp Street",
    city: "Stellenbosch",
    postalCode: "7600",
    idNumber: "9211040056083",
    driversLicenseNumber: "DL60933127",
  },
  {
    name: "Sipho Dlamini",
    email: "sipho@capedrive.example",
    phone: "072 555 0104",
    address: "3 Beach Road, Sea Point",
    city: "Cape Town",
    postalCode: "8005",
    idNumber: "8810195009089",
    driversLicenseNumber: "DL71244580",
  },
] as const;

/** Places inside the demo service area, as a customer would pick them. */
export const demoPlaces = [
  { location: "14 Bree Street, Cape Town City Centre", coordinates: "-33.9206,18.4176" },
  { location: "Cape Town International Airport", coordinates: "-33.9715,18.6021" },
  { location: "3 Beach Road, Sea Point", coordinates: "-33.9157,18.3880" },
  { location: "7 Main Road, Claremont", coordinates: "-33.9806,18.4653" },
  { location: "22 Dorp Street, Stellenbosch", coordinates: "-33.9380,18.8590" },
  { location: "V&A Waterfront, Cape Town", coordinates: "-33.9036,18.4207" },
] as const;

type DemoStatus = "pending" | "confirmed" | "in_progress" | "completed" | "cancelled";

/**
 * A living business on first start: bookings in every status around today (days from today in
 * Cape Town, 09:00 pickups and returns). `fleet` indexes demoFleet; `from`/`to` index demoPlaces.
 * Kept off the next weeks' only-car kinds where the journeys book (see e2e/bookings.spec.ts).
 */
/** `returnsSoon`: due back three hours after seeding (on the half hour), so today has a collection to plan. */
export const demoBookings: {
  customer: number;
  fleet: number;
  status: DemoStatus;
  fromDay: number;
  toDay: number;
  from: number;
  to: number;
  returnsSoon?: boolean;
}[] = [
  { customer: 0, fleet: 0, status: "completed", fromDay: -20, toDay: -17, from: 0, to: 1 },
  { customer: 1, fleet: 4, status: "completed", fromDay: -12, toDay: -9, from: 3, to: 3 },
  { customer: 2, fleet: 8, status: "completed", fromDay: -6, toDay: -4, from: 4, to: 1 },
  { customer: 0, fleet: 1, status: "in_progress", fromDay: -1, toDay: 2, from: 1, to: 0 },
  { customer: 2, fleet: 9, status: "in_progress", fromDay: -2, toDay: 3, from: 4, to: 4 },
  { customer: 1, fleet: 6, status: "confirmed", fromDay: 4, toDay: 7, from: 3, to: 1 },
  { customer: 3, fleet: 10, status: "confirmed", fromDay: 6, toDay: 9, from: 2, to: 2 },
  { customer: 0, fleet: 2, status: "confirmed", fromDay: 16, toDay: 19, from: 5, to: 1 },
  { customer: 2, fleet: 7, status: "pending", fromDay: 10, toDay: 12, from: 4, to: 0 },
  { customer: 3, fleet: 5, status: "cancelled", fromDay: 9, toDay: 11, from: 2, to: 5 },
  // Today's and tomorrow's deliveries and collections, for the dispatch board and the driver app.
  { customer: 1, fleet: 3, status: "in_progress", fromDay: -3, toDay: 0, from: 3, to: 1, returnsSoon: true },
  { customer: 3, fleet: 0, status: "confirmed", fromDay: 1, toDay: 5, from: 0, to: 0 },
];

/** Demo drivers: the first can sign in (its password is made at seeding); today's and tomorrow's jobs are theirs. */
export const demoDrivers = [
  { name: "Sipho Mokoena", email: "sipho@capedrive.example", phone: "082 555 0142" },
  { name: "Lerato Khumalo", email: "lerato@capedrive.example", phone: "082 555 0143" },
];
