// What the command groups share: the examples block of a help text, --json, and dates as
// "yyyy-mm-dd hh:mm".
import { Option } from "commander";

export type Json = { json?: boolean };

export const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`;
export const jsonOption = () => new Option("--json", "print the result as JSON (for scripts)");
/** "2025-03-05 06:00" (UTC, as stored); null stays null. */
export const date = (at: Date | null) => (at ? at.toISOString().replace("T", " ").slice(0, 16) : null);
/** What a command that saves a secret and then shows it once says to a Ctrl-C in between (see withoutInterruption). */
export const FINISHING = "rentals-cli: finishing first: it cannot stop between saving a password or key and showing it";
