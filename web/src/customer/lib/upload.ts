/**
 * Customer photo uploads (SPEC 2, 4, 7, 9): ask the server for a signed, single-use upload URL
 * (createUploadUrl), PUT the bytes there in one request (lib/upload.ts), keep the returned object
 * path as the field value. One file, images only, at most 10 MB.
 */
import { type Client } from "urql";
import { customerToken } from "../../lib/session.ts";
import { type RetryPolicy, ticketError, uploadWithTicket } from "../../lib/upload.ts";
import { graphql } from "../../lib/graphql.ts";

export { MAX_UPLOAD_BYTES, rejectImageFile, UPLOAD_WAITING_OFFLINE_NOTE, UploadError } from "../../lib/upload.ts";

export type UploadPurpose = "profile_picture" | "drivers_license" | "id_document";

const CREATE_UPLOAD_URL = graphql(`
  mutation CreateUploadUrl($input: CreateUploadInput!) {
    createUploadUrl(input: $input) {
      uploadURL
      objectPath
      expiresAt
    }
  }
`);

/**
 * Uploads one image and returns its object path ("/objects/uploads/<uuid>"), retrying on a poor
 * connection (lib/upload.ts). Throws UploadError whose message is the server's (or empty: the
 * caller shows the spec's default text).
 */
export function uploadImage(
  client: Client,
  purpose: UploadPurpose,
  body: Blob,
  contentType: string,
  onProgress?: (fraction: number) => void,
  onRetry?: RetryPolicy["onRetry"],
): Promise<string> {
  const getTicket = async () => {
    const ticket = await client.mutation(CREATE_UPLOAD_URL, { input: { purpose } }, { requestPolicy: "network-only" }).toPromise();
    const data = ticket.data?.createUploadUrl;
    if (!data) throw ticketError(ticket.error);
    return data;
  };
  return uploadWithTicket(getTicket, body, contentType, { token: customerToken(), onProgress, onRetry });
}
