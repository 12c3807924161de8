/**
 * Handover photo uploads on a flaky phone network: ask for a signed upload URL and PUT the bytes
 * with progress, retrying a call that got no answer (or a 5xx, 408, 429) up to 10 times with a
 * growing pause, as every area does (lib/upload.ts). A refusal with a reason (not an image, too
 * big) is not retried: the driver takes another photo.
 */
import type { Client } from "urql";
import { type RetryPolicy, ticketError, uploadWithTicket } from "../../lib/upload.ts";
import { CREATE_UPLOAD } from "./api.ts";
import { driverToken } from "../session/store.ts";

export { rejectImageFile, UPLOAD_OFFLINE_MESSAGE, UPLOAD_WAITING_OFFLINE_NOTE, UploadError } from "../../lib/upload.ts";

/** `onProgress` also says which attempt is running (1 for the first); `onRetry` is told before each retry (offline or not). */
export function uploadHandoverImage(
  client: Client,
  body: Blob,
  purpose: "handover_photo" | "signature",
  onProgress?: (fraction: number, attempt: number) => void,
  onRetry?: RetryPolicy["onRetry"],
): Promise<string> {
  let attempt = 1;
  const getTicket = async () => {
    const ticket = await client.mutation(CREATE_UPLOAD, { input: { purpose } }, { requestPolicy: "network-only" }).toPromise();
    const t = ticket.data?.createUploadUrl;
    if (!t) throw ticketError(ticket.error);
    return t;
  };
  return uploadWithTicket(getTicket, body, body.type || "image/jpeg", {
    token: driverToken(),
    onProgress: (fraction) => onProgress?.(fraction, attempt),
    onRetry: (retry, info) => {
      attempt = retry + 1;
      onRetry?.(retry, info);
    },
  });
}
