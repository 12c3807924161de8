// rentals-cli maintenance: see `rentals-cli maintenance --help`.
import { runHousekeeping } from "../../server/services/housekeeping";
import type { Command } from "commander";
import { withServices } from "../context";
import { print, printJson } from "../io";
import { examples, jsonOption, type Json } from "./shared";

export function registerMaintenanceCommands(program: Command): void {
  const maintenance = program
    .command("maintenance")
    .description("housekeeping: expired upload links, stuck uploads, unused photos, upload files no row refers to")
    .addHelpText("after", examples("rentals-cli maintenance run"));
  maintenance
    .command("run")
    .description("run the housekeeping job now (the server also runs it every hour); on PostgreSQL one instance at a time")
    .addOption(jsonOption())
    .addHelpText("after", examples("rentals-cli maintenance run", "rentals-cli maintenance run --json"))
    .action(async (o: Json) => {
      const result = await withServices((services) => runHousekeeping(services), { existing: true });
      if (o.json) return printJson(result);
      const files = `${result.unreferencedFiles} upload files no row refers to`;
      if (!result.ran) return print(`Housekeeping is running on another instance right now; only this instance's folder was swept: ${files} removed.`);
      await print(
        `Housekeeping done: ${result.expiredLinks} expired upload links, ${result.stuckUploads} stuck uploads, ${result.unusedPhotos} unused photos and ${files} removed (${(result.bytesFreed / 1_048_576).toFixed(1)} MB freed), ${result.fleetChanges} fleet change records older than an hour deleted.`,
      );
    });
}
