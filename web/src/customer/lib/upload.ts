/**
 * Photo uploads (SPEC 2, 4, 7, 9): ask the server for a signed, single-use upload URL
 * (createUploadUrl), PUT the bytes there in one request, keep the returned object path as the
 * field value. One file, images only, at most 10 MB.
 */
import { gql, type Client } from "urql";
import { customerToken } from "../../lib/session.ts";
import { serverMessage } from "../session/errors.ts";

export const MAX_UPLOAD_BYTES = 10_485_760; // 10 MB
export type UploadPurpose = "profile_picture" | "drivers_license" | "id_document";

const CREATE_UPLOAD_URL = gql`
  mutation CreateUploadUrl($input: CreateUploadInput!) {
    createUploadUrl(input: $input) {
      uploadURL
      objectPath
      expiresAt
    }
  }
`;

/** Why a chosen file cannot be uploaded, or null when it can. */
export function rejectImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return "Only image files can be uploaded. Please choose a photo.";
  if (file.size > MAX_UPLOAD_BYTES) return "The photo is larger than 10 MB. Please choose a smaller one.";
  if (file.size === 0) return "The file is empty. Please choose another photo.";
  return null;
}

export class UploadError extends Error {}

function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** PUT with upload progress (fetch has none). Resolves with the parsed JSON answer. */
function put(url: string, body: Blob, contentType: string, onProgress?: (fraction: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", contentType);
    const token = customerToken();
    // Our own upload URL may want to know who is uploading; never send the token elsewhere.
    if (token && sameOrigin(url)) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed);
      else {
        const message = (parsed as { message?: unknown } | null)?.message;
        reject(new UploadError(typeof message === "string" && message ? message : ""));
      }
    };
    xhr.onerror = () => reject(new UploadError(""));
    xhr.ontimeout = () => reject(new UploadError(""));
    xhr.timeout = 5 * 60_000; // SPEC 9: 5-minute socket timeout
    xhr.send(body);
  });
}

/**
 * Uploads one image and returns its object path ("/objects/uploads/<uuid>"). Throws UploadError
 * whose message is the server's (or empty: the caller shows the spec's default text).
 */
export async function uploadImage(
  client: Client,
  purpose: UploadPurpose,
  body: Blob,
  contentType: string,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const ticket = await client
    .mutation<{ createUploadUrl: { uploadURL: string; objectPath: string } }>(CREATE_UPLOAD_URL, { input: { purpose } })
    .toPromise();
  const data = ticket.data?.createUploadUrl;
  if (!data) throw new UploadError(serverMessage(ticket.error) ?? "");
  const answer = (await put(data.uploadURL, body, contentType, onProgress)) as { objectPath?: unknown } | null;
  const path = typeof answer?.objectPath === "string" && answer.objectPath ? answer.objectPath : data.objectPath;
  return path;
}
