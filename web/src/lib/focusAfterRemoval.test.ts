import { describe, expect, test } from "bun:test";
import { focusAfterRemoval, focusSuccessors } from "./focusAfterRemoval.ts";

describe("focus after removing a card", () => {
  test("the next card first, then the previous one", () => {
    expect(focusSuccessors(["a", "b", "c"], "b")).toEqual(["c", "a"]);
    expect(focusSuccessors(["a", "b", "c"], "a")).toEqual(["b"]);
    expect(focusSuccessors(["a", "b", "c"], "c")).toEqual(["b"]);
  });

  test("the only card, or one not in the list: nothing to try", () => {
    expect(focusSuccessors(["a"], "a")).toEqual([]);
    expect(focusSuccessors(["a", "b"], "x")).toEqual([]);
  });

  test("a successor missing from the page is skipped; with none, the fallback", () => {
    const el = (name: string) => ({ name }) as unknown as HTMLElement;
    const next = el("next");
    const previous = el("previous");
    const add = el("add");
    const page = new Map([
      ["a", previous],
      ["c", next],
    ]);
    const find = (id: string) => page.get(id) ?? null;
    expect(focusAfterRemoval(["a", "b", "c"], "b", find, () => add)).toBe(next);
    page.delete("c");
    expect(focusAfterRemoval(["a", "b", "c"], "b", find, () => add)).toBe(previous);
    expect(focusAfterRemoval(["b"], "b", find, () => add)).toBe(add);
  });
});
