/**
 * Photo uploads shared by every area (SPEC 5, 7, 9): the file checks (one image, at most 10 MB)
 * and the single PUT of the bytes to the signed upload URL the server handed out, retried on a
 * poor connection. Each area asks for that URL with its own call (customer createUploadUrl,
 * dealership createDealershipPhotoUpload) and its own token; see customer/lib/upload.ts and
 * dealership/lib/photos.ts.
 */
import type { CombinedError } from "urql";
import { isTransientError, serverMessage } from "./errors.ts";

export const MAX_UPLOAD_BYTES = 10_485_760; // 10 MB

/** Why a chosen file cannot be uploaded, or null when it can. */
export function rejectImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return "Only image files can be uploaded. Please choose a photo.";
  if (file.size > MAX_UPLOAD_BYTES) return "The photo is larger than 10 MB. Please choose a smaller one.";
  if (file.size === 0) return "The file is empty. Please choose another photo.";
  return null;
}

/**
 * SPEC 9, the upload client's defaults (single-PUT mode only is used): 10 retries and a 5-minute
 * socket timeout. A retry waits 0.5 s, then twice as long each time, at most 8 s (and, offline,
 * until the browser is back online, at most OFFLINE_WAIT_MS): about a minute of pauses in all,
 * enough for a phone to walk out of a dead spot, short enough for someone waiting on the screen.
 */
export const UPLOAD_RETRIES = 10;
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;
export const FIRST_RETRY_PAUSE_MS = 500;
export const MAX_RETRY_PAUSE_MS = 8000;

/**
 * How long an upload waits for the connection to come back (each time the browser says it is
 * offline) before it stops: about as long as all the retries' pauses, so a phone still offline
 * after a minute shows the photo as not uploaded, with Try again, instead of a spinner for ever.
 */
export const OFFLINE_WAIT_MS = 60_000;

/** What every area says while an upload waits for the connection to come back (it then goes on by itself). */
export const UPLOAD_WAITING_OFFLINE_NOTE = "You seem to be offline. The photo will be sent when you're back online.";

/**
 * The failure's message when the upload stopped with the device offline (it waited OFFLINE_WAIT_MS
 * for the connection, or its last try found none): nothing more is sent by itself.
 */
export const UPLOAD_OFFLINE_MESSAGE = "You seem to be offline. Try again when you're back online.";

/**
 * A failed upload; `message` is the server's text, or empty (the caller shows its default).
 * `status` is the HTTP status of the answer, or null when none came (no connection, a timeout).
 */
export class UploadError extends Error {
  readonly status: number | null;
  readonly retryable: boolean;
  constructor(message: string, status: number | null = null, retryable: boolean = isRetryableStatus(status)) {
    super(message);
    this.name = "UploadError";
    this.status = status;
    this.retryable = retryable;
  }
}

/**
 * Whether a PUT that failed this way may be sent again: no answer at all (offline, a dropped
 * connection, a timeout), 408, 429 or a 5xx. Never another 4xx: the server looked at the photo and
 * refused it (not an image, too big, a used or invalid link), and the same bytes would be refused again.
 */
export function isRetryableStatus(status: number | null): boolean {
  return status === null || status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The pause before retry `n` (1-based): 0.5 s, 1 s, 2 s, 4 s, then 8 s each. */
export function retryPause(n: number, first = FIRST_RETRY_PAUSE_MS, max = MAX_RETRY_PAUSE_MS): number {
  return Math.min(first * 2 ** Math.max(0, n - 1), max);
}

export interface RetryPolicy {
  retries?: number;
  firstPauseMs?: number;
  maxPauseMs?: number;
  /** One attempt's limit (SPEC 9: 5 minutes). */
  timeoutMs?: number;
  /** How long to wait for the connection to come back before giving up (OFFLINE_WAIT_MS). */
  offlineWaitMs?: number;
  /**
   * Told before each pause: retry `retry` of `retries` comes after `pauseMs` (and after the
   * connection is back, when `offline`).
   */
  onRetry?: ((retry: number, info: { pauseMs: number; offline: boolean; retries: number }) => void) | undefined;
}

export interface PutOptions extends RetryPolicy {
  token?: string | null;
  /**
   * The share of the bytes sent so far in the current attempt: back to 0 when an attempt starts,
   * since a retry sends every byte again.
   */
  onProgress?: ((fraction: number) => void) | undefined;
}

function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * Resolves true when the browser says it is online (at once when it already is), or false when it
 * is still offline after `limitMs`.
 */
function whenOnline(limitMs: number): Promise<boolean> {
  if (!isOffline() || typeof window === "undefined") return Promise.resolve(true);
  return new Promise((resolve) => {
    const online = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      window.removeEventListener("online", online);
      resolve(false);
    }, limitMs);
    window.addEventListener("online", online, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, retrying an UploadError marked retryable at most `retries`
 * times with the growing pause; anything else, or the last failure, is thrown. Offline, a retry
 * waits for the connection, at most `offlineWaitMs`; then an UploadError with
 * UPLOAD_OFFLINE_MESSAGE is thrown (not retryable: it has already waited).
 */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy = {}): Promise<T> {
  const retries = policy.retries ?? UPLOAD_RETRIES;
  for (let retry = 1; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof UploadError) || !error.retryable) throw error;
      // The last try got no answer with the device offline: say so, rather than the area's default.
      if (retry > retries) throw error.status === null && isOffline() ? new UploadError(UPLOAD_OFFLINE_MESSAGE, null, false) : error;
      const pauseMs = retryPause(retry, policy.firstPauseMs, policy.maxPauseMs);
      policy.onRetry?.(retry, { pauseMs, offline: isOffline(), retries });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      if (!(await whenOnline(policy.offlineWaitMs ?? OFFLINE_WAIT_MS))) throw new UploadError(UPLOAD_OFFLINE_MESSAGE, null, false);
    }
  }
}

/**
 * One PUT with upload progress (fetch has none). Resolves with the parsed JSON answer. An attempt
 * with no answer after `timeoutMs` is abandoned (a timer and abort(), the same in every browser).
 */
function putOnce(url: string, body: Blob, contentType: string, options: PutOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const timer = setTimeout(() => {
      xhr.abort();
      reject(new UploadError("", null));
    }, options.timeoutMs ?? UPLOAD_TIMEOUT_MS);
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      outcome();
    };
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", contentType);
    if (options.token && sameOrigin(url)) xhr.setRequestHeader("Authorization", `Bearer ${options.token}`);
    xhr.responseType = "text";
    options.onProgress?.(0);
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
      if (xhr.status >= 200 && xhr.status < 300) settle(() => resolve(parsed));
      else {
        const message = (parsed as { message?: unknown } | null)?.message;
        settle(() => reject(new UploadError(typeof message === "string" && message ? message : "", xhr.status || null)));
      }
    };
    xhr.onerror = () => settle(() => reject(new UploadError("", null)));
    xhr.send(body);
  });
}

/**
 * PUTs an image to an upload URL (SPEC 7: a single PUT), sending it again after a failure that
 * may pass (see isRetryableStatus), up to 10 times. Resolves with the parsed JSON answer. `token`
 * is sent only to our own origin: the upload URL may want to know who is uploading, and a token
 * must never leave for anywhere else.
 *
 * Sending the same bytes to the same link again is safe: the server answers a repeat of an upload
 * it already stored (the first answer lost on the way back) with that upload's answer.
 */
export function putImage(url: string, body: Blob, contentType: string, options: PutOptions = {}): Promise<unknown> {
  return withRetries(() => putOnce(url, body, contentType, options), options);
}

/** A signed upload link and the object path it fills. */
export interface UploadTicket {
  uploadURL: string;
  objectPath: string;
}

/**
 * The error for a ticket call (createUploadUrl and the like) that gave no ticket: a call that got no
 * answer (offline, a 5xx) may be retried; a refusal (too many uploads, signed out) carries the
 * server's words and is final.
 */
export function ticketError(error: CombinedError | undefined): UploadError {
  if (!error || isTransientError(error)) return new UploadError("", null);
  return new UploadError(serverMessage(error) ?? "", (error.response as { status?: number } | undefined)?.status ?? 400, false);
}

/**
 * The whole upload: asks `getTicket` for a link, PUTs the bytes there, and returns the stored
 * object path. One budget of 10 retries covers both calls; a link that expired while the phone was
 * offline (410) is replaced by a new ticket rather than ending the upload.
 */
export function uploadWithTicket(getTicket: () => Promise<UploadTicket>, body: Blob, contentType: string, options: PutOptions = {}): Promise<string> {
  let ticket: UploadTicket | null = null;
  return withRetries(async () => {
    ticket ??= await getTicket();
    try {
      return storedPath(await putOnce(ticket.uploadURL, body, contentType, options), ticket.objectPath);
    } catch (error) {
      if (error instanceof UploadError && error.status === 410) {
        ticket = null;
        throw new UploadError(error.message, 410, true);
      }
      throw error;
    }
  }, options);
}

/** The stored object path from the PUT's answer, else the one the upload ticket named. */
export function storedPath(answer: unknown, fallback: string): string {
  const path = (answer as { objectPath?: unknown } | null)?.objectPath;
  return typeof path === "string" && path ? path : fallback;
}
