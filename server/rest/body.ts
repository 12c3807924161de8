// Request bodies for the REST shims: Elysia answers malformed JSON with 400 itself; a body that
// parsed but is not an object (a string, a number, an array) is refused here the same way.
import { badInput } from "../errors";
import { checkInputSafety } from "../services/validation";

export function jsonObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === "") return {};
  if (typeof body !== "object" || Array.isArray(body)) throw badInput("The request body must be a JSON object");
  checkInputSafety(body);
  return body as Record<string, unknown>;
}
