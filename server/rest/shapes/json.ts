// The two value formats of REST JSON, and the serialiser that writes them. Instants are ISO strings
// in UTC, exactly as the DateTime scalar sends them (what Date.prototype.toJSON writes).

import { largeResponse } from "../../http-send";

/** Rand as two-decimal text ("1350.00"), as the Money scalar sends it. */
export const money = (amount: { toFixed(digits: number): string }): string => amount.toFixed(2);

/**
 * A response body with its Dates written as ISO strings beforehand. The same text as
 * JSON.stringify's, which calls each Date's toJSON itself at about half a microsecond each: a page of
 * 50 admin bookings (250 instants) took 150 µs to serialise that way and 85 µs this way. Only the
 * objects and arrays with a Date somewhere inside are copied (the input is never changed); the
 * shapes of the busiest lists write their instants as text already, so nothing of theirs is.
 */
export function withInstantsAsText(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value.toISOString();
  if (WRITTEN.has(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const written = withInstantsAsText(value[i]);
      if (copy) copy[i] = written;
      else if (written !== value[i]) {
        copy = value.slice(0, i);
        copy[i] = written;
      }
    }
    return copy ?? value;
  }
  // Anything with its own JSON form (a Decimal, say) is left to it; only plain objects are copied.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const object = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    const written = withInstantsAsText(object[key]);
    if (copy) copy[key] = written;
    else if (written !== object[key]) {
      copy = {};
      for (const earlier in object) {
        if (earlier === key) break;
        copy[earlier] = object[earlier];
      }
      copy[key] = written;
    }
  }
  return copy ?? value;
}

const WRITTEN = new WeakSet<object>();

/**
 * Marks a body a shape wrote with its instants as text already (a page of bookings), so that
 * `withInstantsAsText` does not walk it: 50 admin entries of 30 values were 3 % of their request.
 * A Date left inside by mistake is still written right (JSON.stringify calls its toJSON), only slower.
 */
export function instantsWritten<T extends object>(body: T): T {
  WRITTEN.add(body);
  return body;
}

/** A JSON response (Elysia's own would serialise the Dates one toJSON call at a time). */
export function jsonResponse(body: unknown): Response {
  return largeResponse(JSON.stringify(withInstantsAsText(body)), { headers: { "content-type": "application/json" } });
}
