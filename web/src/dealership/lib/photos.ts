/**
 * Vehicle photo uploads for the dealership (SPEC 7 upload flow): createDealershipPhotoUpload
 * gives a signed, single-use upload URL; the bytes go there in one PUT (lib/upload.ts); the
 * stored "/objects/uploads/<uuid>" path is what the vehicle's `images` list keeps.
 */
import { type Client } from "urql";
import { type RetryPolicy, ticketError, uploadWithTicket } from "../../lib/upload.ts";
import { dealershipToken } from "../session/store.ts";
import { graphql } from "../../lib/graphql.ts";

/** The server keeps at most this many photos a vehicle (services/dealership-vehicles.ts). */
export const MAX_VEHICLE_PHOTOS = 8;

const CREATE_PHOTO_UPLOAD = graphql(`
  mutation CreateDealershipPhotoUpload {
    createDealershipPhotoUpload {
      uploadURL
      objectPath
      expiresAt
    }
  }
`);

/** Uploads one photo, retrying on a poor connection (lib/upload.ts), and returns its object path. */
export function uploadVehiclePhoto(
  client: Client,
  file: Blob,
  contentType: string,
  onProgress?: (fraction: number) => void,
  onRetry?: RetryPolicy["onRetry"],
): Promise<string> {
  const getTicket = async () => {
    const ticket = await client.mutation(CREATE_PHOTO_UPLOAD, {}, { requestPolicy: "network-only" }).toPromise();
    const data = ticket.data?.createDealershipPhotoUpload;
    if (!data) throw ticketError(ticket.error);
    return data;
  };
  return uploadWithTicket(getTicket, file, contentType, { token: dealershipToken(), onProgress, onRetry });
}

/** Moves the item at `from` to `to` (both clamped), returning a new list. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}
