// Input validation for every transport: the domain's zod schemas, turned into one 400 with a
// message per field (the first problem of each field), so REST and GraphQL report the same.
import type { z } from "zod";
import { badInput } from "../errors";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
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
