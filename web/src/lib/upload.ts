/**
 * Photo uploads shared by every area (SPEC 5, 7, 9): the file checks (one image, at most 10 MB)
 * and the single PUT of the bytes to the signed upload URL the server handed out. Each area asks
 * for that URL with its own call (customer createUploadUrl, dealership createDealershipPhotoUpload)
 * and its own token; see customer/lib/upload.ts and dealership/lib/photos.ts.
 */

export const MAX_UPLOAD_BYTES = 10_485_760; // 10 MB

/** Why a chosen file cannot be uploaded, or null when it can. */
export function rejectImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return "Only image files can be uploaded. Please choose a photo.";
  if (file.size > MAX_UPLOAD_BYTES) return "The photo is larger than 10 MB. Please choose a smaller one.";
  if (file.size === 0) return "The file is empty. Please choose another photo.";
  return null;
}

/** A failed upload; `message` is the server's text, or empty (the caller shows its default). */
export class UploadError extends Error {}

function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * PUT with upload progress (fetch has none). Resolves with the parsed JSON answer. `token` is
 * sent only to our own origin: the upload URL may want to know who is uploading, and a token
 * must never leave for anywhere else.
 */
export function putImage(
  url: string,
  body: Blob,
  contentType: string,
  options: { token?: string | null; onProgress?: ((fraction: number) => void) | undefined } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", contentType);
    if (options.token && sameOrigin(url)) xhr.setRequestHeader("Authorization", `Bearer ${options.token}`);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && options.onProgress) options.onProgress(event.loaded / event.total);
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

/** The stored object path from the PUT's answer, else the one the upload ticket named. */
export function storedPath(answer: unknown, fallback: string): string {
  const path = (answer as { objectPath?: unknown } | null)?.objectPath;
  return typeof path === "string" && path ? path : fallback;
}
