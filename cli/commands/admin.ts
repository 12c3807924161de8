// rentals-cli admin: see `rentals-cli admin --help`.
import { type Command, Option } from "commander";
import { ADMIN_ROLES, adminSignUpSchema } from "#domain";
import { createAdmin, listAdmins, setAdminActive } from "../../server/services/operators";
import { parseInput } from "../../server/services/validation";
import { withServices } from "../context";
import { print, printJson, readNewPassword, table } from "../io";
import { listed, listingOptions, type ListOptions } from "./listing";
import { date, examples, jsonOption, type Json } from "./shared";

export function registerAdminCommands(program: Command): void {
  const admin = program
    .command("admin")
    .description("admin accounts of the back office")
    .addHelpText(
      "after",
      examples(
        "rentals-cli admin create --email ada@capedrive.co.za --first-name Ada --last-name Lovelace",
        "rentals-cli admin list",
        "rentals-cli admin disable ada@capedrive.co.za",
      ),
    );
  admin
    .command("create")
    .description("create an admin account (the password is asked for without echo, or read from stdin)")
    .requiredOption("--email <email>", "sign-in email")
    .requiredOption("--first-name <name>", "first name")
    .requiredOption("--last-name <name>", "last name")
    .addOption(new Option("--role <role>", "the account's role").choices(ADMIN_ROLES).default("admin"))
    .option("--password-stdin", "read the password from standard input instead of asking")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        "rentals-cli admin create --email ada@capedrive.co.za --first-name Ada --last-name Lovelace",
        "printf '%s' \"$ADMIN_PASSWORD\" | rentals-cli admin create --email ops@capedrive.co.za --first-name Ops --last-name Team --password-stdin --json",
      ) + "\nThe password needs at least 8 characters, not all spaces. It is never taken from a flag and never printed.\n",
    )
    .action(async (o: { email: string; firstName: string; lastName: string; role: string; passwordStdin?: boolean } & Json) => {
      const fields = { email: o.email, firstName: o.firstName, lastName: o.lastName, role: o.role };
      // Check the other fields before asking for a password.
      parseInput(adminSignUpSchema.omit({ password: true }), fields);
      const password = await readNewPassword(o);
      const created = await withServices((services, actor) => createAdmin(services, actor, { ...fields, password }));
      if (o.json) return printJson({ admin: created });
      await print(`Admin created: ${created.email} (${created.firstName} ${created.lastName}, role ${created.role}, id ${created.id})`);
    });
  listingOptions(admin.command("list"))
    .description("list admin accounts, by email")
    .addHelpText("after", examples("rentals-cli admin list", "rentals-cli admin list --all --json"))
    .action(async (o: ListOptions) => {
      const admins = await listed(o, "admins (by email)", listAdmins);
      if (o.json) return printJson(admins);
      if (admins.length === 0) return print("No admins yet: create one with `rentals-cli admin create`.");
      await print(
        table(
          ["EMAIL", "NAME", "ROLE", "ACTIVE", "CREATED (UTC)"],
          admins.map((a) => [a.email, `${a.firstName} ${a.lastName}`, a.role, a.isActive, date(a.createdAt)]),
        ),
      );
    });
  for (const [name, active] of [
    ["disable", false],
    ["enable", true],
  ] as const) {
    admin
      .command(name)
      .description(active ? "let a disabled admin sign in again" : "stop an admin from signing in (their sessions end at once)")
      .argument("<email>", "the admin's email")
      .addOption(jsonOption())
      .addHelpText("after", examples(`rentals-cli admin ${name} ada@capedrive.co.za`))
      .action(async (email: string, o: Json) => {
        const result = await withServices((services, actor) => setAdminActive(services, actor, email, active), { existing: true });
        if (o.json) return printJson(result);
        const state = active ? "enabled" : "disabled";
        await print(
          result.changed ? `Admin ${result.admin.email} ${state}${active ? "" : "; their sessions ended"}` : `Admin ${result.admin.email} was already ${state}`,
        );
      });
  }
}
