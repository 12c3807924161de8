/**
 * The current customer as the web app reads it (contract: GraphQL `User`), and the `me` query.
 * Every document that returns a user selects USER_FIELDS, so graphcache can write sign-in and
 * profile results straight into the `me` query without another round trip.
 */
import { gql } from "urql";

export type IdType = "south_african_id" | "passport";

export interface User {
  __typename?: "User";
  id: string;
  name: string;
  email: string;
  phone: string | null;
  profileCompleted: boolean;
  profilePicture: string | null;
  dateOfBirth: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  nationality: string | null;
  idType: IdType | null;
  idNumber: string | null;
  driversLicenseNumber: string | null;
  driversLicenseImage: string | null;
  driversLicenseExpiryDate: string | null;
  createdAt: string;
}

export const USER_FIELDS = gql`
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
`;

export const ME_QUERY = gql`
  query Me {
    me {
      ...UserFields
    }
  }
  ${USER_FIELDS}
`;

export interface MeData {
  me: User | null;
}
