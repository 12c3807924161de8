/**
 * The booking flow's GraphQL documents and the shapes the screens read (contract: schema.graphql
 * — vehicles, quote, myBookings, createBooking, cancelBooking, reverseGeocode, geocodeSearch).
 */
import { gql } from "urql";
import type { Category, Transmission } from "../../../../server/domain/catalogue.ts";

export interface Vehicle {
  __typename?: "Vehicle";
  id: string;
  make: string;
  model: string;
  year: number;
  category: Category;
  transmission: Transmission;
  /** Rand per day, "450.00". */
  dailyRate: string;
  images: string[];
}

export const VEHICLES_QUERY = gql`
  query AvailableVehicles($category: VehicleCategory, $transmission: Transmission, $pickupDate: String, $returnDate: String) {
    vehicles(category: $category, transmission: $transmission, pickupDate: $pickupDate, returnDate: $returnDate, limit: 100) {
      id
      make
      model
      year
      category
      transmission
      dailyRate
      images
    }
  }
`;

export interface VehiclesData {
  vehicles: Vehicle[];
}

export const QUOTE_QUERY = gql`
  query Quote($category: VehicleCategory!, $pickupDate: String!, $returnDate: String!) {
    quote(category: $category, pickupDate: $pickupDate, returnDate: $returnDate) {
      days
      dailyRate
      total
    }
  }
`;

export interface QuoteData {
  quote: { days: number; dailyRate: string; total: string };
}

export interface Booking {
  __typename?: "Booking";
  id: string;
  bookingNumber: string;
  category: Category;
  transmission: Transmission;
  pickupDate: string;
  returnDate: string;
  deliveryLocation: string;
  returnLocation: string;
  /** False when the address could not be placed on the map: we call to confirm it. */
  deliveryVerified: boolean;
  returnVerified: boolean;
  totalAmount: string;
  duration: number;
  status: string;
  createdAt: string;
  canCancel: boolean;
  cancelBlockedReason: string | null;
  vehicle: { __typename?: "Vehicle"; id: string; make: string; model: string; year: number } | null;
}

export const BOOKING_FIELDS = gql`
  fragment BookingFields on Booking {
    id
    bookingNumber
    category
    transmission
    pickupDate
    returnDate
    deliveryLocation
    returnLocation
    deliveryVerified
    returnVerified
    totalAmount
    duration
    status
    createdAt
    canCancel
    cancelBlockedReason
    vehicle {
      id
      make
      model
      year
    }
  }
`;

export const MY_BOOKINGS_QUERY = gql`
  query MyBookings {
    myBookings(limit: 100) {
      ...BookingFields
    }
  }
  ${BOOKING_FIELDS}
`;

export interface MyBookingsData {
  myBookings: Booking[];
}

export const CREATE_BOOKING = gql`
  mutation CreateBooking($input: CreateBookingInput!) {
    createBooking(input: $input) {
      ...BookingFields
    }
  }
  ${BOOKING_FIELDS}
`;

export const CANCEL_BOOKING = gql`
  mutation CancelBooking($id: ID!) {
    cancelBooking(id: $id) {
      ...BookingFields
    }
  }
  ${BOOKING_FIELDS}
`;

export interface GeocodeResult {
  displayName: string;
  lat: number;
  lon: number;
  coordinates: string;
}

export const REVERSE_GEOCODE = gql`
  query ReverseGeocode($lat: Float!, $lon: Float!) {
    reverseGeocode(lat: $lat, lon: $lon) {
      displayName
      lat
      lon
      coordinates
    }
  }
`;

export const GEOCODE_SEARCH = gql`
  query GeocodeSearch($q: String!) {
    geocodeSearch(q: $q) {
      displayName
      lat
      lon
      coordinates
    }
  }
`;

/** Whether a point ("lat,lon") is inside an active service area: the location step asks before accepting it. */
export const IS_LOCATION_SERVED = gql`
  query IsLocationServed($coordinates: String!) {
    isLocationServed(coordinates: $coordinates)
  }
`;
