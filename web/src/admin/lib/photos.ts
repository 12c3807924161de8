/**
 * Vehicle photos from the admin form: the server hands out a signed upload URL
 * (createVehiclePhotoUpload), the bytes go there in one PUT (lib/upload.ts), and the object path
 * it answers ("/objects/uploads/<uuid>") becomes the vehicle's imageUrl.
 */
import { type Client } from "urql";
import { type RetryPolicy, ticketError, uploadWithTicket } from "../../lib/upload.ts";
import { adminToken } from "../session/store.ts";
import { graphql } from "../../lib/graphql.ts";

const CREATE_VEHICLE_PHOTO_UPLOAD = graphql(`
  mutation CreateVehiclePhotoUpload {
    createVehiclePhotoUpload {
      uploadURL
      objectPath
      expiresAt
    }
  }
`);

/** Uploads one photo, retrying on a poor connection (lib/upload.ts), and returns its object path. */
export function uploadVehiclePhoto(client: Client, file: Blob, onProgress?: (fraction: number) => void, onRetry?: RetryPolicy["onRetry"]): Promise<string> {
  const getTicket = async () => {
    const ticket = await client.mutation(CREATE_VEHICLE_PHOTO_UPLOAD, {}, { requestPolicy: "network-only" }).toPromise();
    const data = ticket.data?.createVehiclePhotoUpload;
    if (!data) throw ticketError(ticket.error);
    return data;
  };
  return uploadWithTicket(getTicket, file, file.type || "application/octet-stream", { token: adminToken(), onProgress, onRetry });
}

/** Whether an imageUrl can be shown here: our own objects (external hosts are not reachable). */
export function isLocalImage(url: string | null | undefined): url is string {
  return typeof url === "string" && (url.startsWith("/objects/") || url.startsWith("blob:"));
}
