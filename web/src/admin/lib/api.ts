/** The back office's GraphQL documents and the shapes they return (contract: schema.graphql). */
import { gql } from "urql";

export interface AdminBooking {
  id: string;
  bookingNumber: string;
  status: string;
  category: string;
  transmission: string;
  pickupDate: string;
  returnDate: string;
  deliveryLocation: string;
  deliveryCoordinates: string;
  /** False when the customer's typed address could not be placed on the map (call, then set the point). */
  deliveryVerified: boolean;
  returnLocation: string;
  returnCoordinates: string;
  returnVerified: boolean;
  totalAmount: string;
  duration: number;
  specialRequests: string | null;
  createdAt: string;
  vehicleId: string | null;
  user: { id: string; name: string; firstName: string; lastName: string; email: string; phone: string | null };
  vehicle: { id: string; make: string; model: string; year: number; registrationNumber: string; dailyRate: string } | null;
}

export const BOOKING_FIELDS = gql`
  fragment AdminBookingFields on AdminBooking {
    id
    bookingNumber
    status
    category
    transmission
    pickupDate
    returnDate
    deliveryLocation
    deliveryCoordinates
    deliveryVerified
    returnLocation
    returnCoordinates
    returnVerified
    totalAmount
    duration
    specialRequests
    createdAt
    vehicleId
    user {
      id
      name
      firstName
      lastName
      email
      phone
    }
    vehicle {
      id
      make
      model
      year
      registrationNumber
      dailyRate
    }
  }
`;

export interface AdminVehicle {
  id: string;
  make: string;
  model: string;
  year: number;
  category: "small" | "medium" | "large";
  transmission: "manual" | "automatic";
  pricePerDay: string;
  features: string[];
  imageUrl: string | null;
  licensePlate: string;
  status: "available" | "rented" | "maintenance" | "out_of_service";
  lastKnownLocation: unknown;
}

export const VEHICLE_FIELDS = gql`
  fragment AdminVehicleFields on AdminVehicle {
    id
    make
    model
    year
    category
    transmission
    pricePerDay
    features
    imageUrl
    licensePlate
    status
    lastKnownLocation
  }
`;

export interface Customer {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  city: string | null;
  address: string | null;
  postalCode: string | null;
  nationality: string | null;
  dateOfBirth: string | null;
  idType: string | null;
  idNumber: string | null;
  driversLicenseNumber: string | null;
  driversLicenseExpiryDate: string | null;
  driversLicenseImage: string | null;
  profilePicture: string | null;
  profileCompleted: boolean;
  createdAt: string;
}

export const CUSTOMER_FIELDS = gql`
  fragment AdminCustomerFields on User {
    id
    name
    email
    phone
    city
    address
    postalCode
    nationality
    dateOfBirth
    idType
    idNumber
    driversLicenseNumber
    driversLicenseExpiryDate
    driversLicenseImage
    profilePicture
    profileCompleted
    createdAt
  }
`;

export interface ServiceArea {
  id: string;
  name: string;
  isActive: boolean;
  polygon: unknown;
  createdAt: string;
  updatedAt: string;
}

export const SERVICE_AREA_FIELDS = gql`
  fragment ServiceAreaFields on ServiceArea {
    id
    name
    isActive
    polygon
    createdAt
    updatedAt
  }
`;

export const SERVICE_AREAS = gql`
  query ServiceAreas {
    serviceAreas {
      ...ServiceAreaFields
    }
  }
  ${SERVICE_AREA_FIELDS}
`;

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  isActive: boolean;
  lastUsed: string | null;
  createdAt: string;
}

export const API_KEY_FIELDS = gql`
  fragment ApiKeyFields on ApiKey {
    id
    name
    prefix
    permissions
    isActive
    lastUsed
    createdAt
  }
`;

export interface AuditEntry {
  id: string;
  action: string;
  entity: string;
  entityId: string | null;
  actorType: string;
  actorId: string | null;
  actorName: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}
