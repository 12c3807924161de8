// rentals-cli api-key: see `rentals-cli api-key --help`.
import { type Command, Option } from "commander";
import { API_KEY_PERMISSIONS } from "#domain";
import { issueApiKeyAs, listAllApiKeys, revokeApiKeyAs } from "../../server/services/api-keys";
import { withServices } from "../context";
import { print, printJson, table, withoutInterruption } from "../io";
import { listed, listingOptions, type ListOptions } from "./listing";
import { date, examples, FINISHING, jsonOption, type Json } from "./shared";

export function registerApiKeyCommands(program: Command): void {
  const apiKey = program
    .command("api-key")
    .description("API keys for other systems")
    .addHelpText(
      "after",
      examples(
        'rentals-cli api-key issue --name "Fleet tracker" --permission vehicles:read bookings:read',
        "rentals-cli api-key list",
        "rentals-cli api-key revoke <id>",
      ),
    );
  apiKey
    .command("issue")
    .description("issue an API key; prints the key once (only its hash is stored)")
    .requiredOption("--name <name>", "what the key is for")
    .addOption(new Option("--permission <permission...>", "what the key may do (one or more)").choices(API_KEY_PERMISSIONS).makeOptionMandatory())
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        'rentals-cli api-key issue --name "Fleet tracker" --permission vehicles:read bookings:read',
        "rentals-cli api-key issue --name Billing --permission bookings:read --json",
      ) + `\nPermissions: ${API_KEY_PERMISSIONS.join(", ")}.\nSend the key as "Authorization: Bearer rk_..." or "X-API-Key: rk_...".\n`,
    )
    .action(async (o: { name: string; permission: string[] } & Json) => {
      await withoutInterruption(FINISHING, async () => {
        const { key, apiKey: row } = await withServices((services, actor) => issueApiKeyAs(services, actor, { name: o.name, permissions: o.permission }));
        if (o.json) return printJson({ key, apiKey: row });
        await print(
          [
            `API key issued: ${row.name} (id ${row.id})`,
            `Permissions: ${row.permissions.join(", ")}`,
            `Key (shown only now; it cannot be recovered): ${key}`,
          ].join("\n"),
        );
      });
    });
  listingOptions(apiKey.command("list"))
    .description("list API keys, newest first (never the keys themselves: their first characters only)")
    .addHelpText("after", examples("rentals-cli api-key list", "rentals-cli api-key list --all --json"))
    .action(async (o: ListOptions) => {
      const keys = await listed(o, "API keys (newest first)", listAllApiKeys);
      if (o.json) return printJson(keys);
      if (keys.length === 0) return print("No API keys yet: issue one with `rentals-cli api-key issue`.");
      await print(
        table(
          ["ID", "NAME", "PREFIX", "PERMISSIONS", "ACTIVE", "LAST USED (UTC)", "CREATED (UTC)"],
          keys.map((k) => [k.id, k.name, `${k.prefix}…`, k.permissions.join(","), k.isActive, date(k.lastUsed), date(k.createdAt)]),
        ),
      );
    });
  apiKey
    .command("revoke")
    .description("revoke an API key: it stops working at once")
    .argument("<id>", "the key's id (from `api-key list`)")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli api-key revoke 3f2c9a1e-8d4b-4c1a-9f7e-2b6d5e4a1c30"))
    .action(async (id: string, o: Json) => {
      const result = await withServices((services, actor) => revokeApiKeyAs(services, actor, id), { existing: true });
      // As `admin disable` and `dealership deactivate`: what it is now, and whether this run changed it.
      if (o.json) return printJson(result);
      const { apiKey: row, changed } = result;
      await print(changed ? `API key ${row.name} (${row.id}) revoked` : `API key ${row.name} (${row.id}) was already revoked`);
    });
}
