// rentals-cli service-area: see `rentals-cli service-area --help`.
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { createServiceAreaAs, listAllServiceAreas } from "../../server/services/admin-service-areas";
import { withServices } from "../context";
import { print, printJson, Refused, table } from "../io";
import { listed, listingOptions, type ListOptions } from "./listing";
import { date, examples, jsonOption, type Json } from "./shared";

export function registerServiceAreaCommands(program: Command): void {
  const area = program
    .command("service-area")
    .description("where cars are delivered and collected")
    .addHelpText("after", examples("rentals-cli service-area import prisma/seed/cape-town-service-area.geojson", "rentals-cli service-area list"));
  area
    .command("import")
    .description("add a service area from a GeoJSON file (a Polygon, a Feature with one, or a FeatureCollection of one)")
    .argument("<file>", "a .geojson file")
    .option("--name <name>", "its name (default: the Feature's properties.name)")
    .option("--inactive", "import it switched off")
    .addOption(jsonOption())
    .addHelpText(
      "after",
      examples(
        "rentals-cli service-area import prisma/seed/cape-town-service-area.geojson",
        'rentals-cli service-area import stellenbosch.geojson --name "Stellenbosch" --json',
      ),
    )
    .action(async (file: string, o: { name?: string; inactive?: boolean } & Json) => {
      const { polygon, name } = readGeoJson(file);
      const areaName = o.name ?? name;
      if (!areaName?.trim()) throw new Refused(`Name is required: pass --name, or give the Feature a properties.name`);
      const created = await withServices((services, actor) => createServiceAreaAs(services, actor, { name: areaName, isActive: !o.inactive, polygon }));
      if (o.json) return printJson({ serviceArea: created });
      await print(
        `Service area imported: ${created.name} (id ${created.id}, ${created.isActive ? "active" : "inactive"}, ${pointCount(created.polygon)} points)`,
      );
    });
  listingOptions(area.command("list"))
    .description("list service areas, by name")
    .addHelpText("after", examples("rentals-cli service-area list", "rentals-cli service-area list --all --json"))
    .action(async (o: ListOptions) => {
      const areas = await listed(o, "service areas (by name)", listAllServiceAreas);
      if (o.json) return printJson(areas);
      if (areas.length === 0) return print("No service areas: bookings are accepted anywhere. Import one with `rentals-cli service-area import`.");
      await print(
        table(
          ["ID", "NAME", "ACTIVE", "POINTS", "UPDATED (UTC)"],
          areas.map((a) => [a.id, a.name, a.isActive, pointCount(a.polygon), date(a.updatedAt)]),
        ),
      );
    });
}

function pointCount(polygon: unknown): number {
  const rings = (polygon as { coordinates?: unknown[][] } | null)?.coordinates;
  return Array.isArray(rings) ? rings.reduce((sum, ring) => sum + (Array.isArray(ring) ? ring.length : 0), 0) : 0;
}

/** The polygon and name of a GeoJSON file; a FeatureCollection may hold exactly one Feature. */
function readGeoJson(file: string): { polygon: unknown; name?: string } {
  const path = resolve(file);
  if (!existsSync(path)) throw new Refused(`No such file: ${path}`);
  if (statSync(path).isDirectory()) throw new Refused(`${path} is a folder, not a GeoJSON file`);
  if (!statSync(path).isFile()) throw new Refused(`${path} is not a regular file`);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    // Unreadable (permissions, an I/O error): say so, rather than call it bad JSON.
    throw new Refused(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    // Editors on Windows save UTF-8 with a byte order mark, which JSON.parse refuses.
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new Refused(`${file} is not valid JSON (${(error as Error).message})`);
  }
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "FeatureCollection") {
    const features = (value as { features?: unknown }).features;
    if (!Array.isArray(features) || features.length !== 1)
      throw new Refused(`${file} must hold exactly one Feature (it is a FeatureCollection of ${Array.isArray(features) ? features.length : 0})`);
    value = features[0];
  }
  const properties = (value as { properties?: { name?: unknown } } | null)?.properties;
  return { polygon: value, name: typeof properties?.name === "string" ? properties.name : undefined };
}
