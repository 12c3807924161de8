/** The receipt's GraphQL document: the booking's tax documents and the supplier. */
import { graphql, type ResultOf } from "../../lib/graphql.ts";

export const RECEIPT_QUERY = graphql(`
  query BookingReceipt($bookingId: ID!) {
    bookingReceipt(bookingId: $bookingId) {
      bookingId
      bookingStatus
      vatRate
      balance
      supplier {
        name
        address
        vatNumber
      }
      documents {
        id
        number
        kind
        title
        issuedAt
        customerName
        customerEmail
        customerAddress
        description
        exclusive
        vat
        total
      }
    }
  }
`);

export type ReceiptData = NonNullable<ResultOf<typeof RECEIPT_QUERY>["bookingReceipt"]>;
export type TaxDocumentData = ReceiptData["documents"][number];
