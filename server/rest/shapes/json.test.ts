import { describe, expect, test } from "bun:test";
import { Prisma } from "../../../prisma/generated/sqlite/client";
import { instantsWritten, jsonResponse, withInstantsAsText } from "./json";

describe("REST JSON: instants written beforehand", () => {
  const sample = {
    createdAt: new Date("2026-11-27T12:34:56.789Z"),
    nothing: null,
    missing: undefined,
    amount: new Prisma.Decimal("1350.5"),
    coordinates: { lat: -33.92, lng: 18.42 },
    list: [new Date(0), "text", 3, true, null, { at: new Date("2030-01-01T00:00:00Z"), nested: [[new Date(86_400_000)]] }],
    bare: Object.assign(Object.create(null), { when: new Date(1_000) }),
  };

  test("the same text as JSON.stringify for dates, decimals, nulls, undefined, nesting and prototype-less objects", () => {
    expect(JSON.stringify(withInstantsAsText(sample))).toBe(JSON.stringify(sample));
    expect(JSON.stringify(withInstantsAsText([sample, sample]))).toBe(JSON.stringify([sample, sample]));
  });

  test("dates become ISO strings in UTC; the input is left as it was", () => {
    const copy = withInstantsAsText(sample) as Record<string, unknown>;
    expect(copy.createdAt).toBe("2026-11-27T12:34:56.789Z");
    expect(sample.createdAt).toBeInstanceOf(Date);
    // A Decimal keeps its own JSON form (a string of its digits).
    expect(JSON.stringify(copy.amount)).toBe('"1350.5"');
  });

  test("only what holds a Date is copied: a part without one is the input's own, an input without one is returned as it is", () => {
    const copy = withInstantsAsText(sample) as typeof sample;
    expect(copy).not.toBe(sample);
    expect(copy.coordinates).toBe(sample.coordinates);
    expect(copy.list).not.toBe(sample.list);
    expect((copy.list as unknown[])[1]).toBe("text");
    const plain = { id: "b-1", at: "2026-01-02T03:04:05.000Z", items: [{ amount: "10.00" }], none: null };
    expect(withInstantsAsText(plain)).toBe(plain);
    // A Date after other keys: those come first in the copy, in their order.
    expect(JSON.stringify(withInstantsAsText({ a: 1, b: [2, { c: 3 }], d: new Date(0), e: "last" }))).toBe(
      '{"a":1,"b":[2,{"c":3}],"d":"1970-01-01T00:00:00.000Z","e":"last"}',
    );
  });

  test("jsonResponse answers 200 application/json with that text", async () => {
    const response = jsonResponse({ at: new Date("2026-01-02T03:04:05Z") });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
  });

  test("a body marked as written by its shape is not walked, and a Date left inside it is still written right", async () => {
    const page = instantsWritten([{ at: "2026-01-02T03:04:05.000Z" }, { stray: new Date("2026-01-02T03:04:05Z") }]);
    expect(withInstantsAsText(page)).toBe(page);
    expect(await jsonResponse(page).text()).toBe(JSON.stringify([{ at: "2026-01-02T03:04:05.000Z" }, { stray: "2026-01-02T03:04:05.000Z" }]));
    // Unmarked, the same body is copied as before.
    const unmarked = [{ stray: new Date(0) }];
    expect(withInstantsAsText(unmarked)).not.toBe(unmarked);
  });
});
