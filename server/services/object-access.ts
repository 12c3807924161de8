// Who else may read a private object, beyond its owner and admins: the people a handover
// concerns. A booking's customer reads the photos and signature of its deliveries and
// collections (the condition report); the driver of a job reads the customer's licence photo
// while the job is in the driver's window, to compare it with the person at the door.
import type { StoredObject } from "../../prisma/generated/sqlite/client";
import { driverJobWindowWhere } from "./handover-window";
import type { Services } from "./context";
import type { Viewer } from "./viewer";

const objectUrl = (path: string) => `/objects/${path}`;

export async function handoverMayRead(services: Services, viewer: Viewer, row: Pick<StoredObject, "path" | "purpose">): Promise<boolean> {
  const url = objectUrl(row.path);
  if (viewer.kind === "customer" && (row.purpose === "handover_photo" || row.purpose === "signature")) {
    const job = await services.db.handoverJob.findFirst({
      where: { booking: { userId: viewer.userId }, OR: [{ signaturePath: url }, { photos: { some: { path: url } } }] },
      select: { id: true },
    });
    return job !== null;
  }
  if (viewer.kind === "driver" && row.purpose === "drivers_license") {
    const job = await services.db.handoverJob.findFirst({
      where: { driverId: viewer.driverId, booking: { user: { driversLicenseImage: url } }, ...driverJobWindowWhere() },
      select: { id: true },
    });
    return job !== null;
  }
  return false;
}
