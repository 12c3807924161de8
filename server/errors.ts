// One error type for every expected failure. Transports map `code` to an HTTP status (REST) or
// `extensions.code` (GraphQL); anything else is an internal error and is never shown to clients.
export type ErrorCode = "BAD_USER_INPUT" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "TOO_MANY_REQUESTS" | "PAYLOAD_TOO_LARGE" | "GONE" | "UNSUPPORTED_MEDIA_TYPE" | "BAD_GATEWAY" | "SERVICE_UNAVAILABLE";

export const httpStatusOf: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  // An outside service we depend on answered badly (502) or could not be reached, or we are too
  // busy right now (503): the client may try again later or fall back.
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badInput = (message: string, fieldErrors?: Record<string, string>) => new AppError("BAD_USER_INPUT", message, fieldErrors);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const unauthenticated = (message = "Please sign in") => new AppError("UNAUTHENTICATED", message);
export const serviceUnavailable = (message: string) => new AppError("SERVICE_UNAVAILABLE", message);
export const badGateway = (message: string) => new AppError("BAD_GATEWAY", message);
export const forbidden = (message = "You do not have access to this") => new AppError("FORBIDDEN", message);

/** The JSON body of a REST error. */
export function errorBody(error: AppError) {
  return { message: error.message, code: error.code, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) };
}
