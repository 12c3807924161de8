/**
 * The current customer as the web app reads it (contract: GraphQL `User`), and the `me` query.
 * Every document that returns a user selects USER_FIELDS, so graphcache can write sign-in and
 * profile results straight into the `me` query without another round trip.
 */
import { graphql, type ResultOf } from "../../lib/graphql.ts";

export type IdType = "south_african_id" | "passport";

export type User = ResultOf<typeof USER_FIELDS>;

export const USER_FIELDS = graphql(`
  fragment UserFields on User {
    id
    name
    email
    phone
    profileCompleted
    profilePicture
    dateOfBirth
    address
    city
    postalCode
    nationality
    idType
    idNumber
    driversLicenseNumber
    driversLicenseImage
    driversLicenseExpiryDate
    createdAt
  }
`);

export const ME_QUERY = graphql(
  `
  query Me {
    me {
      ...UserFields
    }
  }
`,
  [USER_FIELDS],
);

export type MeData = ResultOf<typeof ME_QUERY>;
