/**
 * Vehicle photos from the admin form: the server hands out a signed upload URL
 * (createVehiclePhotoUpload), the bytes go there in one PUT (lib/upload.ts), and the object path
 * it answers ("/objects/uploads/<uuid>") becomes the vehicle's imageUrl.
 */
import { type Client } from "urql";
import { serverMessage } from "../../lib/errors.ts";
import { putImage, storedPath, UploadError } from "../../lib/upload.ts";
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

export async function uploadVehiclePhoto(client: Client, file: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  const ticket = await client.mutation(CREATE_VEHICLE_PHOTO_UPLOAD, {}, { requestPolicy: "network-only" }).toPromise();
  const data = ticket.data?.createVehiclePhotoUpload;
  if (!data) throw new UploadError(serverMessage(ticket.error) ?? "");
  const answer = await putImage(data.uploadURL, file, file.type || "application/octet-stream", { token: adminToken(), onProgress });
  return storedPath(answer, data.objectPath);
}

/** Whether an imageUrl can be shown here: our own objects (external hosts are not reachable). */
export function isLocalImage(url: string | null | undefined): url is string {
  return typeof url === "string" && (url.startsWith("/objects/") || url.startsWith("blob:"));
}
