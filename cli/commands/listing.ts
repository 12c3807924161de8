// What every `list` command shares: a first page of DEFAULT_LIST_LIMIT rows, --limit <n> for
// another size, --all for every row, and a line on stderr when rows were left out (stdout, --json
// included, stays the listing a script reads: an array).
import { type Command, InvalidArgumentError, Option } from "commander";
import type { Services } from "../../server/services/context";
import { withServices } from "../context";
import { printError } from "../io";
import { jsonOption, type Json } from "./shared";

/** How many rows a listing shows unless told otherwise: a screenful or two. */
export const DEFAULT_LIST_LIMIT = 100;

export type ListOptions = Json & { limit: number; all?: boolean };

function positiveCount(value: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(value.trim())) throw new InvalidArgumentError("must be a whole number of rows, 1 or more");
  return Number(value);
}

/** Adds --limit, --all and --json to a list command. */
export function listingOptions(command: Command): Command {
  return command
    .addOption(
      new Option("--limit <n>", "show at most n rows (a line on stderr says when there are more)").argParser(positiveCount).default(DEFAULT_LIST_LIMIT),
    )
    .addOption(new Option("--all", "show every row").conflicts("limit"))
    .addOption(jsonOption());
}

/**
 * The rows a list command shows: the first --limit of them (one more is read to learn whether
 * there are more, then said on stderr), or every one with --all. `what` names them with their
 * order, for that line: "admins (by email)".
 */
export async function listed<T>(o: ListOptions, what: string, find: (services: Services, take?: number) => Promise<T[]>): Promise<T[]> {
  const rows = await withServices((services) => find(services, o.all ? undefined : o.limit + 1), { existing: true });
  if (o.all || rows.length <= o.limit) return rows;
  await printError(`Showing the first ${o.limit} ${what}; there are more: add --all to list every one, or --limit <n>.`);
  return rows.slice(0, o.limit);
}
