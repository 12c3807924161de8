/** The back office's GraphQL documents and the shapes they return (contract: schema.graphql). */
import { graphql, type ResultOf } from "../../lib/graphql.ts";

export type HandoverSummary = ResultOf<typeof HANDOVER_SUMMARY_FIELDS>;

/** A delivery or collection job as the booking card shows it: kind, state, driver. */
export const HANDOVER_SUMMARY_FIELDS = graphql(`
  fragment HandoverSummaryFields on HandoverReport {
    id
    kind
    state
    driverName
    failureReason
    failureNote
    finishedAt
  }
`);

export type BookingChangeEntry = ResultOf<typeof BOOKING_CHANGE_FIELDS>;

/** One entry of a booking's change history: what changed, who, when, and the price difference. */
export const BOOKING_CHANGE_FIELDS = graphql(`
  fragment BookingChangeFields on BookingChange {
    id
    kind
    fromStatus
    toStatus
    fromVehicleStatus
    toVehicleStatus
    madeBy
    createdAt
    changes {
      field
      label
      from
      to
    }
    oldTotal
    newTotal
    differenceText
    carChanged
  }
`);

export type AdminBooking = ResultOf<typeof BOOKING_FIELDS>;

export const BOOKING_FIELDS = graphql(
  `
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
      status
    }
    account {
      lines {
        kind
        label
        amount
      }
      balance
    }
    handovers {
      ...HandoverSummaryFields
    }
    changes {
      ...BookingChangeFields
    }
  }
`,
  [HANDOVER_SUMMARY_FIELDS, BOOKING_CHANGE_FIELDS],
);

export type AdminVehicle = ResultOf<typeof VEHICLE_FIELDS>;

export const VEHICLE_FIELDS = graphql(`
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
`);

export type Customer = ResultOf<typeof CUSTOMER_FIELDS>;

export const CUSTOMER_FIELDS = graphql(`
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
`);

export type ServiceArea = ResultOf<typeof SERVICE_AREA_FIELDS>;

export const SERVICE_AREA_FIELDS = graphql(`
  fragment ServiceAreaFields on ServiceArea {
    id
    name
    isActive
    polygon
    createdAt
    updatedAt
  }
`);

export const SERVICE_AREAS = graphql(
  `
  query ServiceAreas {
    serviceAreas {
      ...ServiceAreaFields
    }
  }
`,
  [SERVICE_AREA_FIELDS],
);

export type ApiKey = ResultOf<typeof API_KEY_FIELDS>;

export const API_KEY_FIELDS = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    prefix
    permissions
    isActive
    lastUsed
    createdAt
  }
`);

export type Driver = ResultOf<typeof DRIVER_FIELDS>;

export const DRIVER_FIELDS = graphql(`
  fragment DriverFields on Driver {
    id
    name
    email
    phone
    isActive
    createdAt
  }
`);

export type DispatchEntry = ResultOf<typeof DISPATCH_ENTRY_FIELDS>;

/** One delivery or collection on the dispatch board. */
export const DISPATCH_ENTRY_FIELDS = graphql(
  `
  fragment DispatchEntryFields on DispatchEntry {
    id
    kind
    at
    state
    bookingId
    bookingNumber
    bookingStatus
    category
    transmission
    address
    coordinates
    verified
    customerName
    customerPhone
    vehicle {
      id
      make
      model
      registrationNumber
    }
    driver {
      id
      name
      phone
      isActive
    }
    job {
      ...HandoverSummaryFields
    }
  }
`,
  [HANDOVER_SUMMARY_FIELDS],
);

/** Every driver, active first (the Drivers screen, and the dispatch board's choices). */
export const ADMIN_DRIVERS = graphql(
  `
  query AdminDrivers {
    adminDrivers {
      ...DriverFields
    }
  }
`,
  [DRIVER_FIELDS],
);
