import { describe, expect, test } from "bun:test";
import { INPUT_MESSAGES, hasControlCharacters, inputProblem } from "./input.ts";

describe("inputProblem", () => {
  test("tabs, line breaks and any printable text (accents, emoji, right-to-left) are fine", () => {
    expect(inputProblem({ name: "Zoë Nkosi-Müller 🚗", note: "line one\r\nline two\tend", nested: [{ a: 1.5, b: -0 }] })).toBeNull();
  });
  test("NUL and other control characters, in values or keys, name the field", () => {
    expect(inputProblem({ name: "Thandi\u0000" })).toEqual({ path: "name", message: INPUT_MESSAGES.controlCharacters });
    expect(inputProblem({ list: ["ok", "bell\u0007"] })).toEqual({ path: "list.1", message: INPUT_MESSAGES.controlCharacters });
    expect(inputProblem({ "ke\u0000y": "v" })?.message).toBe(INPUT_MESSAGES.controlCharacters);
    // Bidirectional overrides and isolates, which make text display as other text.
    for (const mark of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(inputProblem({ name: `Ann${mark}gnp.exe` })).toEqual({ path: "name", message: INPUT_MESSAGES.controlCharacters });
    }
    // Right-to-left letters, emoji joined with U+200D and accents are text.
    expect(inputProblem({ name: "مريم", other: "שרה", family: "👩\u200D👩\u200D👧", accent: "Zoë Ndlovu" })).toBeNull();
    expect(hasControlCharacters("\u009b")).toBe(true);
  });
  test("non-finite numbers (JSON's 1e400 is Infinity) name the field", () => {
    expect(inputProblem(JSON.parse('{"duration":1e400}'))).toEqual({ path: "duration", message: INPUT_MESSAGES.notFinite });
    expect(inputProblem({ a: { b: Number.NaN } })).toEqual({ path: "a.b", message: INPUT_MESSAGES.notFinite });
  });
  test("absurd nesting is refused rather than walked", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(inputProblem(deep)?.message).toBe(INPUT_MESSAGES.tooDeep);
  });
});
