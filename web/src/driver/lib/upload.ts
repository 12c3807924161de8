/**
 * Handover photo uploads on a flaky phone network: ask for a signed upload URL, PUT the bytes
 * with progress, and on a network failure try again (a new URL each time, up to three attempts,
 * waiting a little longer each time). A refusal with a reason (not an image, too big) is not
 * retried: the driver takes another photo.
 */
import type { Client } from "urql";
import { serverMessage } from "../../lib/errors.ts";
import { putImage, storedPath, UploadError } from "../../lib/upload.ts";
import { CREATE_UPLOAD } from "./api.ts";
import { driverToken } from "../session/store.ts";

export { rejectImageFile, UploadError } from "../../lib/upload.ts";

const ATTEMPTS = 3;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function uploadHandoverImage(
  client: Client,
  body: Blob,
  purpose: "handover_photo" | "signature",
  onProgress?: (fraction: number, attempt: number) => void,
): Promise<string> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const ticket = await client.mutation(CREATE_UPLOAD, { input: { purpose } }, { requestPolicy: "network-only" }).toPromise();
      const t = ticket.data?.createUploadUrl;
      if (!t) {
        // The server refused with a reason (too many uploads, signed out): say so, don't retry.
        const message = serverMessage(ticket.error);
        if (message && !ticket.error?.networkError) throw new UploadError(message);
        throw new Error("network");
      }
      const answer = await putImage(t.uploadURL, body, body.type || "image/jpeg", { token: driverToken(), onProgress: (f) => onProgress?.(f, attempt) });
      return storedPath(answer, t.objectPath);
    } catch (error) {
      if (error instanceof UploadError && error.message) throw error;
      lastError = error;
      if (attempt < ATTEMPTS) await wait(800 * attempt);
    }
  }
  throw lastError instanceof UploadError ? lastError : new UploadError("");
}
