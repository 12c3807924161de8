/**
 * The booking flow's GraphQL documents and the shapes the screens read, typed from the schema
 * (vehicles, quote, myBookings, booking, createBooking, cancelBooking, reverseGeocode, geocodeSearch).
 */
import { graphql, type ResultOf } from "../../lib/graphql.ts";

export type Vehicle = VehiclesData["vehicles"][number];

export const VEHICLES_QUERY = graphql(`
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
`);

export type VehiclesData = ResultOf<typeof VEHICLES_QUERY>;

export const QUOTE_QUERY = graphql(`
  query Quote($category: VehicleCategory!, $pickupDate: String!, $returnDate: String!) {
    quote(category: $category, pickupDate: $pickupDate, returnDate: $returnDate) {
      days
      dailyRate
      total
    }
  }
`);

export type QuoteData = ResultOf<typeof QUOTE_QUERY>;

export type Booking = ResultOf<typeof BOOKING_FIELDS>;

export const BOOKING_FIELDS = graphql(`
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
    canChange
    changeBlockedReason
    canExtend
    handoverStatus
    hasConditionReport
    account {
      lines {
        kind
        label
        amount
      }
      balance
    }
    vehicle {
      id
      make
      model
      year
    }
  }
`);

export const MY_BOOKINGS_QUERY = graphql(
  `
  query MyBookings {
    myBookings(limit: 100) {
      ...BookingFields
    }
  }
`,
  [BOOKING_FIELDS],
);

export type MyBookingsData = ResultOf<typeof MY_BOOKINGS_QUERY>;

/** One of the customer's bookings (/bookings/{id}): the card's fields plus where exactly. */
export const BOOKING_QUERY = graphql(
  `
  query MyBooking($id: ID!) {
    booking(id: $id) {
      ...BookingFields
      deliveryCoordinates
      returnCoordinates
      specialRequests
      changes {
        id
        kind
        fromStatus
        toStatus
        madeBy
        createdAt
        differenceText
        newTotal
        carChanged
        changes {
          field
          label
          from
          to
        }
      }
    }
  }
`,
  [BOOKING_FIELDS],
);

export type BookingDetails = NonNullable<ResultOf<typeof BOOKING_QUERY>["booking"]>;

export const CREATE_BOOKING = graphql(
  `
  mutation CreateBooking($input: CreateBookingInput!) {
    createBooking(input: $input) {
      ...BookingFields
    }
  }
`,
  [BOOKING_FIELDS],
);

/** The booking a create with this idempotency key made, if any (the confirmation's check after a reload). */
export const BOOKING_BY_IDEMPOTENCY_KEY = graphql(`
  query BookingByIdempotencyKey($key: String!) {
    myBookingByIdempotencyKey(idempotencyKey: $key) {
      id
      status
    }
  }
`);

export const CANCEL_BOOKING = graphql(
  `
  mutation CancelBooking($id: ID!) {
    cancelBooking(id: $id) {
      ...BookingFields
      # The cancellation joins the booking's history: its page reads the new entry.
      changes {
        id
      }
    }
  }
`,
  [BOOKING_FIELDS],
);

export type GeocodeResult = ResultOf<typeof REVERSE_GEOCODE>["reverseGeocode"];

export const REVERSE_GEOCODE = graphql(`
  query ReverseGeocode($lat: Float!, $lon: Float!) {
    reverseGeocode(lat: $lat, lon: $lon) {
      displayName
      lat
      lon
      coordinates
    }
  }
`);

/** Whether a point ("lat,lon") is inside an active service area: the location step asks before accepting it. */
export const IS_LOCATION_SERVED = graphql(`
  query IsLocationServed($coordinates: String!) {
    isLocationServed(coordinates: $coordinates)
  }
`);

const CHANGE_QUOTE_FIELDS = graphql(`
  fragment ChangeQuoteFields on BookingChangeQuote {
    days
    dailyRate
    total
    oldTotal
    difference
    differenceText
    car
    freeUntil
    changes {
      field
      label
      from
      to
    }
  }
`);

export type ChangeQuote = ResultOf<typeof CHANGE_QUOTE_FIELDS>;

/** The server's figures for a change before it is made (issue 13). */
export const BOOKING_CHANGE_QUOTE = graphql(
  `
  query BookingChangeQuote($id: ID!, $input: BookingChangeInput!) {
    bookingChangeQuote(id: $id, input: $input) {
      ...ChangeQuoteFields
    }
  }
`,
  [CHANGE_QUOTE_FIELDS],
);

export const CHANGE_BOOKING = graphql(
  `
  mutation ChangeBooking($id: ID!, $input: BookingChangeInput!) {
    changeBooking(id: $id, input: $input) {
      ...BookingFields
      deliveryCoordinates
      returnCoordinates
      changes {
        id
      }
    }
  }
`,
  [BOOKING_FIELDS],
);

export const TRIP_EXTENSION_QUOTE = graphql(
  `
  query TripExtensionQuote($id: ID!, $returnDate: String!) {
    tripExtensionQuote(id: $id, returnDate: $returnDate) {
      ...ChangeQuoteFields
    }
  }
`,
  [CHANGE_QUOTE_FIELDS],
);

export const EXTEND_TRIP = graphql(
  `
  mutation ExtendTrip($id: ID!, $input: TripExtensionInput!) {
    extendTrip(id: $id, input: $input) {
      ...BookingFields
      changes {
        id
      }
    }
  }
`,
  [BOOKING_FIELDS],
);

/** The customer's own booking limits and how many active bookings they hold (the flow warns before the last step). */
export const MY_BOOKING_LIMITS = graphql(`
  query MyBookingLimits {
    myBookingLimits {
      maxActive
      maxDays
      allowOverlap
      active
    }
  }
`);

export type OwnBookingLimits = ResultOf<typeof MY_BOOKING_LIMITS>["myBookingLimits"];
