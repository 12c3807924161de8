/**
 * The condition report's GraphQL document: the booking's coordinates (for the maps links) and its
 * delivery and collection records (readings, photos, signature, time, place, charges).
 */
import { graphql, type ResultOf } from "../../lib/graphql.ts";

export const HANDOVER_REPORT_FIELDS = graphql(`
  fragment HandoverReportFields on HandoverReport {
    id
    kind
    state
    failureReason
    finishedAt
    odometerKm
    fuelEighths
    licenceChecked
    position
    signatureUrl
    driverName
    photos {
      id
      slot
      url
      note
    }
    charges {
      lateDays
      lateFee
      fuelEighthsShort
      fuelFee
      total
    }
  }
`);

export const CONDITION_REPORT_QUERY = graphql(
  `
  query ConditionReport($bookingId: ID!) {
    booking(id: $bookingId) {
      id
      category
      deliveryCoordinates
      returnCoordinates
    }
    conditionReport(bookingId: $bookingId) {
      bookingId
      bookingNumber
      status
      pickupDate
      returnDate
      deliveryLocation
      returnLocation
      vehicle {
        id
        make
        model
        registrationNumber
      }
      delivery {
        ...HandoverReportFields
      }
      collection {
        ...HandoverReportFields
      }
    }
  }
`,
  [HANDOVER_REPORT_FIELDS],
);

export type ConditionReportData = ResultOf<typeof CONDITION_REPORT_QUERY>;
export type ConditionReport = ConditionReportData["conditionReport"];
export type HandoverReport = ResultOf<typeof HANDOVER_REPORT_FIELDS>;
export type HandoverPhoto = HandoverReport["photos"][number];
export type HandoverCharges = NonNullable<HandoverReport["charges"]>;
