// rentals-cli dealership: see `rentals-cli dealership --help`.
import type { Command } from "commander";
import { listDealershipsForOperator, onboardDealership, resetDealershipPassword, setDealershipActive } from "../../server/services/dealership-auth";
import { withServices } from "../context";
import { print, printJson, readOptionalPassword, table, withoutInterruption } from "../io";
import { listed, listingOptions, type ListOptions } from "./listing";
import { examples, FINISHING, jsonOption, printWithPassword, type Json } from "./shared";

export function registerDealershipCommands(program: Command): void {
  const dealership = program
    .command("dealership")
    .description("dealership accounts of the dealership portal")
    .addHelpText(
      "after",
      examples(
        'rentals-cli dealership onboard --code ATLANTIC01 --company "Atlantic Motors" --contact-person "Sam Jacobs" --email sales@atlanticmotors.co.za',
        "rentals-cli dealership list",
        "rentals-cli dealership reset-password ATLANTIC01",
      ),
    );
  dealership
    .command("onboard")
    .description("create a dealership account; prints its generated initial password once")
    .requiredOption("--code <code>", "dealership code it signs in with (2-32 letters, digits, - or _; unique in any case)")
    .requiredOption("--company <name>", "company name")
    .requiredOption("--contact-person <name>", "contact person")
    .requiredOption("--email <email>", "contact email (unique)")
    .option("--phone <phone>", "contact phone")
    .option("--address <address>", "street address")
    .option("--city <city>", "city")
    .option("--password-stdin", "read the initial password from standard input instead of generating one")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        'rentals-cli dealership onboard --code ATLANTIC01 --company "Atlantic Motors" --contact-person "Sam Jacobs" --email sales@atlanticmotors.co.za --city "Cape Town"',
        "printf '%s' \"$PASSWORD\" | rentals-cli dealership onboard --code WL02 --company Winelands --contact-person Lee --email lee@winelands.co.za --password-stdin",
      ) + '\nThe generated password is shown once (also in --json as "password"); a password from stdin needs at least 8 characters and is never printed.\n',
    )
    .action(
      async (
        o: {
          code: string;
          company: string;
          contactPerson: string;
          email: string;
          phone?: string;
          address?: string;
          city?: string;
          passwordStdin?: boolean;
        } & Json,
      ) => {
        const password = await readOptionalPassword(o);
        const input = {
          dealershipCode: o.code,
          companyName: o.company,
          contactPerson: o.contactPerson,
          contactEmail: o.email,
          contactPhone: o.phone,
          address: o.address,
          city: o.city,
        };
        await withoutInterruption(FINISHING, async () => {
          // The full address (PUBLIC_URL, as in the emails): the operator passes it on with the password.
          const { result, signInUrl } = await withServices(async (services, actor) => ({
            result: await onboardDealership(services, actor, input, password),
            signInUrl: `${services.config.publicUrl}/dealership/signin`,
          }));
          const d = result.dealership;
          await printWithPassword(o, { dealership: d }, result.generated ? result.password : null, {
            before: [`Dealership onboarded: ${d.dealershipCode} (${d.companyName}, id ${d.id})`, `Contact: ${d.contactPerson} <${d.contactEmail}>`],
            label: "Initial password (shown only now; give it to the dealership)",
            after: [
              `Sign-in: ${signInUrl} with the dealership code and this password`,
              "At its first sign-in the portal asks the dealership to choose its own password.",
            ],
          });
        });
      },
    );
  listingOptions(dealership.command("list"))
    .description("list dealerships, by code")
    .addHelpText("after", examples("rentals-cli dealership list", "rentals-cli dealership list --all --json"))
    .action(async (o: ListOptions) => {
      const rows = await listed(o, "dealerships (by code)", listDealershipsForOperator);
      if (o.json) return printJson(rows);
      if (rows.length === 0) return print("No dealerships yet: onboard one with `rentals-cli dealership onboard`.");
      await print(
        table(
          ["CODE", "COMPANY", "CONTACT", "EMAIL", "CITY", "ACTIVE"],
          rows.map((d) => [d.dealershipCode, d.companyName, d.contactPerson, d.contactEmail, d.city, d.isActive]),
        ),
      );
    });
  dealership
    .command("reset-password")
    .description("give a dealership a new password (generated and printed once, or from stdin); its sessions end")
    .argument("<code>", "dealership code (any case)")
    .option("--password-stdin", "read the new password from standard input instead of generating one")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli dealership reset-password ATLANTIC01", "rentals-cli dealership reset-password atlantic01 --json"))
    .action(async (code: string, o: { passwordStdin?: boolean } & Json) => {
      const password = await readOptionalPassword(o);
      await withoutInterruption(FINISHING, async () => {
        const result = await withServices((services, actor) => resetDealershipPassword(services, actor, code, password), { existing: true });
        await printWithPassword(o, { dealership: result.dealership }, result.generated ? result.password : null, {
          before: [`Password reset for ${result.dealership.dealershipCode}; its sessions ended`],
          label: "New password (shown only now)",
        });
      });
    });
  for (const [name, active] of [
    ["deactivate", false],
    ["activate", true],
  ] as const) {
    dealership
      .command(name)
      .description(active ? "let a deactivated dealership sign in again" : "stop a dealership from signing in (403), end its sessions, hide its cars for sale")
      .argument("<code>", "dealership code (any case)")
      .addOption(jsonOption())
      .addHelpText("after", examples(`rentals-cli dealership ${name} ATLANTIC01`))
      .action(async (code: string, o: Json) => {
        const result = await withServices((services, actor) => setDealershipActive(services, actor, code, active), { existing: true });
        if (o.json) return printJson(result);
        const state = active ? "activated" : "deactivated";
        const code_ = result.dealership.dealershipCode;
        await print(result.changed ? `Dealership ${code_} ${state}${active ? "" : "; its sessions ended"}` : `Dealership ${code_} was already ${state}`);
      });
  }
}
