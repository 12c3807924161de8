// Input validation for every transport: the domain's zod schemas, turned into one 400 with a
// message per field (the first problem of each field), so REST and GraphQL report the same.
import type { z } from "zod";
import { inputProblem } from "#domain";
import { badInput } from "../errors";

/** Every input's first check (domain input.ts): no control characters in text, no non-finite numbers. */
export function checkInputSafety(input: unknown): void {
  const problem = inputProblem(input);
  if (problem) throw badInput(problem.message, { [problem.path || "input"]: problem.message });
}

/**
 * A body or input that must be a JSON object: none (undefined, null, an empty body) is `{}`; a
 * string, number or array is a 400; an object passes the first check above. Elysia answers
 * malformed JSON with 400 itself.
 */
export function jsonObject(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null || input === "") return {};
  if (typeof input !== "object" || Array.isArray(input)) throw badInput("The request body must be a JSON object");
  checkInputSafety(input);
  return input as Record<string, unknown>;
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  checkInputSafety(input);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".") || "input";
    fieldErrors[field] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? "Invalid input";
  throw badInput(first, fieldErrors);
}
