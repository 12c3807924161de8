// rentals-cli driver: see `rentals-cli driver --help`.
import type { Command } from "commander";
import { createDriver, listAllDrivers, resetDriverPassword, setDriverActive } from "../../server/services/drivers";
import { withServices } from "../context";
import { print, printJson, readOptionalPassword, table, withoutInterruption } from "../io";
import { listed, listingOptions, type ListOptions } from "./listing";
import { date, examples, FINISHING, jsonOption, printWithPassword, type Json } from "./shared";

export function registerDriverCommands(program: Command): void {
  const driver = program
    .command("driver")
    .description("driver accounts of the driver app (/driver): deliveries and collections")
    .addHelpText(
      "after",
      examples(
        'rentals-cli driver create --name "Sipho Dlamini" --email sipho@capedrive.co.za --phone "082 555 0142"',
        "rentals-cli driver list",
        "rentals-cli driver disable sipho@capedrive.co.za",
      ),
    );
  driver
    .command("create")
    .description("create a driver account; prints its generated password once")
    .requiredOption("--name <name>", "full name")
    .requiredOption("--email <email>", "email it signs in with (unique)")
    .requiredOption("--phone <phone>", "mobile number customers may call")
    .option("--password-stdin", "read the password from standard input instead of generating one")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        'rentals-cli driver create --name "Sipho Dlamini" --email sipho@capedrive.co.za --phone "082 555 0142"',
        "printf '%s' \"$PASSWORD\" | rentals-cli driver create --name Lee --email lee@capedrive.co.za --phone 0825550143 --password-stdin",
      ) + '\nThe generated password is shown once (also in --json as "password"); a password from stdin needs at least 8 characters.\n',
    )
    .action(async (o: { name: string; email: string; phone: string; passwordStdin?: boolean } & Json) => {
      const password = await readOptionalPassword(o);
      await withoutInterruption(FINISHING, async () => {
        // The full address (PUBLIC_URL, as in the emails): the operator passes it on with the password.
        const { result, signInUrl } = await withServices(async (services, actor) => ({
          result: await createDriver(services, actor, { name: o.name, email: o.email, phone: o.phone, password }),
          signInUrl: `${services.config.publicUrl}/driver/signin`,
        }));
        await printWithPassword(o, { driver: result.driver }, result.password, {
          before: [`Driver created: ${result.driver.name} <${result.driver.email}> (id ${result.driver.id})`],
          label: "Initial password (shown only now; give it to the driver)",
          after: [`Sign-in: ${signInUrl} with this email and password`, "At their first sign-in the app asks the driver to choose their own password."],
        });
      });
    });
  listingOptions(driver.command("list"))
    .description("list drivers, active first, then by name")
    .addHelpText("after", examples("rentals-cli driver list", "rentals-cli driver list --all --json"))
    .action(async (o: ListOptions) => {
      const rows = await listed(o, "drivers (active first, then by name)", listAllDrivers);
      if (o.json) return printJson(rows);
      if (rows.length === 0) return print("No drivers yet: add one with `rentals-cli driver create`.");
      await print(
        table(
          ["NAME", "EMAIL", "PHONE", "ACTIVE", "CREATED (UTC)"],
          rows.map((d) => [d.name, d.email, d.phone, d.isActive, date(d.createdAt)]),
        ),
      );
    });
  for (const [name, active] of [
    ["disable", false],
    ["enable", true],
  ] as const) {
    driver
      .command(name)
      .description(active ? "let a disabled driver sign in again" : "stop a driver from signing in and end their sessions (their jobs stay until reassigned)")
      .argument("<email>", "the driver's email (or id)")
      .addOption(jsonOption())
      .addHelpText("after", examples(`rentals-cli driver ${name} sipho@capedrive.co.za`))
      .action(async (email: string, o: Json) => {
        const result = await withServices((services, actor) => setDriverActive(services, actor, email, active), { existing: true });
        if (o.json) return printJson(result);
        const state = active ? "enabled" : "disabled";
        await print(
          result.changed
            ? `Driver ${result.driver.email} ${state}${active ? "" : "; their sessions ended"}`
            : `Driver ${result.driver.email} was already ${state}`,
        );
      });
  }
  driver
    .command("reset-password")
    .description("give a driver a new password (generated and printed once, or from stdin); their sessions end")
    .argument("<email>", "the driver's email (or id)")
    .option("--password-stdin", "read the new password from standard input instead of generating one")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        "rentals-cli driver reset-password sipho@capedrive.co.za",
        "printf '%s' \"$PASSWORD\" | rentals-cli driver reset-password sipho@capedrive.co.za --password-stdin --json",
      ) + '\nThe generated password is shown once (also in --json as "password"); a password from stdin needs at least 8 characters and is never printed.\n',
    )
    .action(async (email: string, o: { passwordStdin?: boolean } & Json) => {
      const password = await readOptionalPassword(o);
      await withoutInterruption(FINISHING, async () => {
        const result = await withServices((services, actor) => resetDriverPassword(services, actor, email, password), { existing: true });
        await printWithPassword(o, { driver: result.driver }, result.password, {
          before: [`Password reset for ${result.driver.email}; their sessions ended`],
          label: "New password (shown only now)",
        });
      });
    });
}
