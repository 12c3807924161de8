/** The driver app's GraphQL documents (typed from schema.graphql by gql.tada). */
import { graphql } from "../../lib/graphql.ts";

export const PHOTO_FIELDS = graphql(`
  fragment DriverPhotoFields on HandoverPhoto {
    id
    slot
    url
    note
  }
`);

export const CHARGES_FIELDS = graphql(`
  fragment DriverChargesFields on HandoverCharges {
    lateDays
    lateFee
    fuelEighthsShort
    fuelFee
    total
  }
`);

export const JOB_FIELDS = graphql(
  `
  fragment DriverJobFields on DriverJob {
    id
    kind
    state
    at
    bookingNumber
    category
    transmission
    address
    coordinates
    specialRequests
    customer {
      name
      phone
      licenceNumber
      licenceImageUrl
    }
    vehicle {
      make
      model
      registrationNumber
      mileage
    }
    minOdometerKm
    failureReason
    startedAt
    finishedAt
    odometerKm
    fuelEighths
    photos {
      ...DriverPhotoFields
    }
    charges {
      ...DriverChargesFields
    }
    delivery {
      state
      finishedAt
      odometerKm
      fuelEighths
      photos {
        ...DriverPhotoFields
      }
    }
  }
`,
  [PHOTO_FIELDS, CHARGES_FIELDS],
);

export const DRIVER_JOBS = graphql(
  `
  query DriverJobs($date: String) {
    driverJobs(date: $date) {
      ...DriverJobFields
    }
  }
`,
  [JOB_FIELDS],
);

export const DRIVER_JOB = graphql(
  `
  query DriverJob($id: ID!) {
    driverJob(id: $id) {
      ...DriverJobFields
    }
  }
`,
  [JOB_FIELDS],
);

export const START_HANDOVER = graphql(
  `
  mutation StartHandover($id: ID!) {
    startHandover(id: $id) {
      ...DriverJobFields
    }
  }
`,
  [JOB_FIELDS],
);

export const FAIL_HANDOVER = graphql(
  `
  mutation FailHandover($id: ID!, $reason: HandoverFailureReason!, $note: String) {
    failHandover(id: $id, reason: $reason, note: $note) {
      ...DriverJobFields
    }
  }
`,
  [JOB_FIELDS],
);

export const CHARGE_PREVIEW = graphql(
  `
  query HandoverChargePreview($id: ID!, $fuelEighths: Int!) {
    handoverChargePreview(id: $id, fuelEighths: $fuelEighths) {
      ...DriverChargesFields
    }
  }
`,
  [CHARGES_FIELDS],
);

export const SUBMIT_CHECKLIST = graphql(
  `
  mutation SubmitHandoverChecklist($id: ID!, $input: HandoverChecklistInput!) {
    submitHandoverChecklist(id: $id, input: $input) {
      replayed
      charges {
        ...DriverChargesFields
      }
      job {
        ...DriverJobFields
      }
    }
  }
`,
  [CHARGES_FIELDS, JOB_FIELDS],
);

export const CREATE_UPLOAD = graphql(`
  mutation DriverCreateUpload($input: CreateUploadInput!) {
    createUploadUrl(input: $input) {
      uploadURL
      objectPath
    }
  }
`);
