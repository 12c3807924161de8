// Who else may read a private object, beyond its owner and admins: the people a handover
// concerns. A booking's customer reads the photos and signature of its deliveries and
// collections (the condition report); the driver of a job reads the customer's licence photo
// while the job is in the driver's window, to compare it with the person at the door.
import { driverJobWindowWhere } from "./handover-window";
import type { Services } from "./context";
import type { Viewer } from "./viewer";

/** `object`: the stored object's purpose and the URL path it is served at (uploads.ts objectUrlPath). */
export async function handoverMayRead(services: Services, viewer: Viewer, { purpose, url }: { purpose: string; url: string }): Promise<boolean> {
  if (viewer.kind === "customer" && (purpose === "handover_photo" || purpose === "signature")) {
    const job = await services.db.handoverJob.findFirst({
      where: { booking: { userId: viewer.userId }, OR: [{ signaturePath: url }, { photos: { some: { path: url } } }] },
      select: { id: true },
    });
    return job !== null;
  }
  if (viewer.kind === "driver" && purpose === "drivers_license") {
    const job = await services.db.handoverJob.findFirst({
      where: { driverId: viewer.driverId, booking: { user: { driversLicenseImage: url } }, ...driverJobWindowWhere() },
      select: { id: true },
    });
    return job !== null;
  }
  return false;
}
