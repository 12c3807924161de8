// Service areas for admins: list (admins, or a key with service-areas:read), create, edit,
// activate/deactivate and delete (admins). A polygon must be GeoJSON (a Polygon, or a Feature
// with one; object or JSON text) with closed rings of at least 3 distinct points and valid
// coordinates (domain geo.ts validateServiceAreaPolygon); it is stored as a bare Polygon.
import type { ServiceArea } from "../../prisma/generated/sqlite/client";
import type { Prisma } from "../db";
import { serviceAreaSchema } from "#domain";
import { fieldConflict, notFound } from "../errors";
import { recordAudit, type Actor } from "./audit";
import type { Services } from "./context";
import { jsonObject, parseInput } from "./validation";
import { requireAdmin, requireAdminOrKey, type Viewer } from "./viewer";

export type PublicServiceArea = { id: string; name: string; isActive: boolean; polygon: unknown; createdAt: Date; updatedAt: Date };

export function publicServiceArea(area: ServiceArea): PublicServiceArea {
  return {
    id: area.id,
    name: area.name,
    isActive: area.isActive,
    polygon: area.polygon,
    createdAt: area.createdAt,
    updatedAt: area.updatedAt,
  };
}

/** The stored GeoJSON: only the two members the domain checked. */
const polygonJson = (polygon: { type: "Polygon"; coordinates: number[][][] }): Prisma.InputJsonObject => ({
  type: polygon.type,
  coordinates: polygon.coordinates,
});

const auditView = (area: ServiceArea) => ({ name: area.name, isActive: area.isActive, polygon: area.polygon });

/** The fields given; GraphQL sends null for fields left out (a null polygon is the schema's to refuse). */
function givenFields(input: unknown): Record<string, unknown> {
  const fields = { ...jsonObject(input) };
  for (const [key, value] of Object.entries(fields)) if (value === null && key !== "polygon") delete fields[key];
  return fields;
}

/** Every service area, by name (at most 500: a handful in practice). */
export async function listServiceAreas(services: Services, viewer: Viewer): Promise<PublicServiceArea[]> {
  requireAdminOrKey(viewer, "service-areas:read");
  return listAllServiceAreas(services, 500);
}

/** Service areas by name without a viewer (rentals-cli on the server host): the first `take`, or every one. */
export async function listAllServiceAreas(services: Services, take?: number): Promise<PublicServiceArea[]> {
  const rows = await services.db.serviceArea.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }], take });
  return rows.map(publicServiceArea);
}

async function findArea(db: Prisma.TransactionClient, id: unknown): Promise<ServiceArea> {
  const areaId = typeof id === "string" ? id.trim() : "";
  const area = areaId ? await db.serviceArea.findUnique({ where: { id: areaId } }) : null;
  if (!area) throw notFound("Service area not found");
  return area;
}

export async function createServiceArea(services: Services, viewer: Viewer, input: unknown): Promise<PublicServiceArea> {
  return createServiceAreaAs(services, requireAdmin(viewer), input);
}

export const SERVICE_AREA_NAME_TAKEN = "A service area with this name already exists";

/**
 * Two areas of one name could not be told apart on the map, in the list or in the audit log (an
 * import run twice made a second one): a name is taken whatever its case. Compared here, not in
 * SQL, where SQLite's = and PostgreSQL's differ on case: an operator keeps a handful of areas.
 */
async function refuseTakenName(tx: Prisma.TransactionClient, name: string, exceptId?: string): Promise<void> {
  const others = await tx.serviceArea.findMany({ where: exceptId ? { id: { not: exceptId } } : {}, select: { name: true } });
  if (others.some((area) => area.name.toLowerCase() === name.toLowerCase())) throw fieldConflict("name", SERVICE_AREA_NAME_TAKEN);
}

/** createServiceArea for an actor already allowed to (an admin, or an operator through rentals-cli). */
export async function createServiceAreaAs(services: Services, admin: Actor, input: unknown): Promise<PublicServiceArea> {
  const data = parseInput(serviceAreaSchema, givenFields(input));
  const area = await services.db.$transaction(async (tx) => {
    await refuseTakenName(tx, data.name);
    const created = await tx.serviceArea.create({ data: { name: data.name, isActive: data.isActive, polygon: polygonJson(data.polygon) } });
    await recordAudit(tx, admin, { action: "service_area.create", entity: "service_area", entityId: created.id, after: auditView(created) });
    return created;
  });
  return publicServiceArea(area);
}

/** Edits an area; fields left out keep their values (so `{isActive:false}` deactivates it). */
export async function updateServiceArea(services: Services, viewer: Viewer, id: unknown, input: unknown): Promise<PublicServiceArea> {
  const admin = requireAdmin(viewer);
  const current = await findArea(services.db, id);
  const data = parseInput(serviceAreaSchema, { name: current.name, isActive: current.isActive, polygon: current.polygon, ...givenFields(input) });
  const area = await services.db.$transaction(async (tx) => {
    const before = await findArea(tx, current.id);
    await refuseTakenName(tx, data.name, current.id);
    const updated = await tx.serviceArea.update({
      where: { id: current.id },
      data: { name: data.name, isActive: data.isActive, polygon: polygonJson(data.polygon) },
    });
    await recordAudit(tx, admin, {
      action: "service_area.update",
      entity: "service_area",
      entityId: current.id,
      before: auditView(before),
      after: auditView(updated),
    });
    return updated;
  });
  return publicServiceArea(area);
}

export async function deleteServiceArea(services: Services, viewer: Viewer, id: unknown): Promise<void> {
  const admin = requireAdmin(viewer);
  const current = await findArea(services.db, id);
  await services.db.$transaction(async (tx) => {
    const before = await findArea(tx, current.id);
    await tx.serviceArea.delete({ where: { id: current.id } });
    await recordAudit(tx, admin, { action: "service_area.delete", entity: "service_area", entityId: current.id, before: auditView(before) });
  });
}
