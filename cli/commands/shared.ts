// What the command groups share: the examples block of a help text, --json, dates as
// "yyyy-mm-dd hh:mm", and the answer of a command that set a password.
import { Option } from "commander";
import { print, printJson } from "../io";

export type Json = { json?: boolean };

export const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`;
export const jsonOption = () => new Option("--json", "print the result as JSON (for scripts)");
/** "2025-03-05 06:00" (UTC, as stored); null stays null. */
export const date = (at: Date | null) => (at ? at.toISOString().replace("T", " ").slice(0, 16) : null);
/** What a command that saves a secret and then shows it once says to a Ctrl-C in between (see withoutInterruption). */
export const FINISHING = "rentals-cli: finishing first: it cannot stop between saving a password or key and showing it";

/**
 * The answer of a command that set an account's password (onboard, create, reset-password): with
 * --json the `answer` object plus `password` when it was generated; else `before`, the password
 * line (the generated one after `label`, shown this once; one from stdin is never printed), `after`.
 */
export async function printWithPassword(
  o: Json,
  answer: Record<string, unknown>,
  generated: string | null,
  text: { before: string[]; label: string; after?: string[] },
): Promise<void> {
  if (o.json) return printJson({ ...answer, ...(generated ? { password: generated } : {}) });
  const passwordLine = generated ? `${text.label}: ${generated}` : "Password: the one from standard input (not shown)";
  await print([...text.before, passwordLine, ...(text.after ?? [])].join("\n"));
}
