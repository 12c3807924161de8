// rentals-cli seed: see `rentals-cli seed --help`.
import type { Command } from "commander";
import { isDatabaseEmpty, seedDemo } from "../../server/services/demo";
import { recordOperatorEvent } from "../../server/services/operators";
import { withServices } from "../context";
import { print, printError, printJson, Refused, withoutInterruption } from "../io";
import { examples, jsonOption, type Json } from "./shared";

export function registerSeedCommands(program: Command): void {
  const seed = program.command("seed").description("demo data").addHelpText("after", examples("rentals-cli seed demo"));
  seed
    .command("demo")
    .description("seed the demo fleet, dealerships, admin and service area into an EMPTY database; prints the sign-in details")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples("rentals-cli seed demo", "DATA_DIR=/tmp/capedrive-demo rentals-cli seed demo --json") +
        "\nRefused (exit 1) when the database already holds any of what the demo seeds: cars, dealerships, admins, customers, bookings, drivers, service areas or photos.\n",
    )
    .action((o: Json) =>
      // Stopped after its transaction, the demo would be in the database with passwords nobody was
      // shown, and a second `seed demo` refused: once started it finishes.
      withoutInterruption("rentals-cli: finishing the demo data first (a few seconds): it cannot stop halfway", async () => {
        const { credentials, file } = await withServices(async (services, actor) => {
          if (!(await isDatabaseEmpty(services))) throw new Refused("The database is not empty: demo data goes only into an empty database");
          await printError("Seeding demo data: cars and their photos, dealerships, customers, bookings, drivers, a service area (a few seconds)...");
          const seeded = await seedDemo(services);
          if (!seeded) throw new Refused("The database is not empty: demo data goes only into an empty database");
          const { admin, dealership, otherDealerships } = seeded.credentials;
          await recordOperatorEvent(services, actor, {
            action: "demo.seed",
            entity: "database",
            after: { admin: admin.email, dealerships: [dealership, ...otherDealerships].map((d) => d.dealershipCode) },
          });
          return seeded;
        });
        if (o.json) return printJson({ ...credentials, file });
        await print(
          [
            `Demo data created. Sign-in details (saved in ${file}):`,
            `  Admin       ${credentials.admin.email} / ${credentials.admin.password}   (/admin/signin)`,
            `  Customer    ${credentials.customer.email} / ${credentials.customer.password}   (/signin)`,
            `  Driver      ${credentials.driver.email} / ${credentials.driver.password}   (/driver/signin)`,
            ...[credentials.dealership, ...credentials.otherDealerships].map((d) => `  Dealership  ${d.dealershipCode} / ${d.password}   (/dealership/signin)`),
          ].join("\n"),
        );
      }),
    );
}
