// Demo data for the embedded default: a small Cape Town rental fleet in all three categories and
// both transmissions, two dealerships with for-sale stock across the four price bands, and one
// service area. Rates follow SPEC section 9 (small 450, medium 650, large 850).
import type { Category } from "../../server/domain";

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
  { registrationNumber: "CA 204-118", make: "Volkswagen", model: "Polo Vivo", year: 2023, category: "small", transmission: "manual", mileage: 18_400, features: ["Air conditioning", "Bluetooth", "USB charging"] },
  { registrationNumber: "CA 311-907", make: "Suzuki", model: "Swift", year: 2024, category: "small", transmission: "manual", mileage: 9_200, features: ["Air conditioning", "Apple CarPlay", "Fuel efficient"] },
  { registrationNumber: "CA 457-332", make: "Toyota", model: "Starlet", year: 2024, category: "small", transmission: "automatic", mileage: 12_050, features: ["Air conditioning", "Reverse camera", "Bluetooth", "Cruise control"] },
  { registrationNumber: "CA 528-640", make: "Hyundai", model: "i20", year: 2023, category: "small", transmission: "automatic", mileage: 21_300, features: ["Air conditioning", "Android Auto"] },
  { registrationNumber: "CA 612-085", make: "Toyota", model: "Corolla Cross", year: 2024, category: "medium", transmission: "automatic", mileage: 15_800, features: ["Air conditioning", "Reverse camera", "Lane assist", "Apple CarPlay"] },
  { registrationNumber: "CA 703-219", make: "Haval", model: "Jolion", year: 2024, category: "medium", transmission: "automatic", mileage: 7_900, features: ["Panoramic roof", "360° camera", "Wireless charging"] },
  { registrationNumber: "CA 745-561", make: "Volkswagen", model: "T-Cross", year: 2023, category: "medium", transmission: "manual", mileage: 26_100, features: ["Air conditioning", "Bluetooth", "Roof rails"] },
  { registrationNumber: "CA 809-374", make: "Toyota", model: "Corolla Quest", year: 2022, category: "medium", transmission: "manual", mileage: 41_700, features: ["Air conditioning", "Large boot"] },
  { registrationNumber: "CA 902-446", make: "Toyota", model: "Fortuner", year: 2024, category: "large", transmission: "automatic", mileage: 11_200, features: ["7 seats", "4x4", "Tow bar", "Reverse camera"] },
  { registrationNumber: "CA 918-203", make: "Hyundai", model: "Staria", year: 2023, category: "large", transmission: "automatic", mileage: 33_500, features: ["9 seats", "Sliding doors", "Dual-zone climate"] },
  { registrationNumber: "CA 934-775", make: "Toyota", model: "Hilux Double Cab", year: 2023, category: "large", transmission: "manual", mileage: 38_900, features: ["Load bin", "4x4", "Tow bar"] },
  { registrationNumber: "CA 951-680", make: "Volkswagen", model: "Tiguan Allspace", year: 2024, category: "large", transmission: "automatic", mileage: 8_600, features: ["7 seats", "Apple CarPlay", "Adaptive cruise"] },
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
      { registrationNumber: "CA 120-551", make: "Renault", model: "Kwid", year: 2019, category: "small", transmission: "manual", mileage: 88_000, features: [], salesPrice: "84900.00" },
      { registrationNumber: "CA 133-902", make: "Volkswagen", model: "Polo Vivo", year: 2020, category: "small", transmission: "manual", mileage: 72_500, features: [], salesPrice: "149900.00" },
      { registrationNumber: "CA 147-318", make: "Toyota", model: "Corolla", year: 2019, category: "medium", transmission: "automatic", mileage: 95_300, features: [], salesPrice: "229000.00" },
      { registrationNumber: "CA 158-764", make: "Ford", model: "Ranger XLT", year: 2021, category: "large", transmission: "automatic", mileage: 64_200, features: [], salesPrice: "429900.00" },
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
      { registrationNumber: "CL 210-447", make: "Suzuki", model: "Celerio", year: 2018, category: "small", transmission: "manual", mileage: 101_000, features: [], salesPrice: "96500.00" },
      { registrationNumber: "CL 225-830", make: "Mazda", model: "CX-3", year: 2020, category: "medium", transmission: "automatic", mileage: 58_900, features: [], salesPrice: "189900.00" },
      { registrationNumber: "CL 239-162", make: "Volkswagen", model: "Golf 7 GTI", year: 2018, category: "medium", transmission: "automatic", mileage: 83_400, features: [], salesPrice: "279900.00" },
      { registrationNumber: "CL 246-915", make: "Toyota", model: "Fortuner 2.8GD-6", year: 2021, category: "large", transmission: "automatic", mileage: 71_800, features: [], salesPrice: "519000.00" },
    ],
  },
];

export const demoAdmin = { email: "admin@capedrive.example", firstName: "Demo", lastName: "Admin" };
