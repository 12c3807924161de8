-- The log of rentable cars whose listing or bookings changed (model FleetChange), written by
-- triggers so that every write path, the app's, the CLI's or a hand-run statement, is in it, in
-- the writing transaction. SQLite has one writer, so `seq` is also the order of the commits: a
-- reader that has applied the rows up to N needs only the rows after N. `createdAt` is written in
-- the text form Prisma writes instants in, so housekeeping's cut-off compares as instants.
-- CreateTable
CREATE TABLE "fleet_changes" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "vehicleId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "txid" BIGINT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "fleet_changes_txid_idx" ON "fleet_changes"("txid");

-- CreateTrigger
CREATE TRIGGER "fleet_changes_booking_insert"
AFTER INSERT ON "bookings"
WHEN NEW."vehicleId" IS NOT NULL
BEGIN
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") VALUES (NEW."vehicleId", 'bookings', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

-- CreateTrigger
CREATE TRIGGER "fleet_changes_booking_update"
AFTER UPDATE OF "vehicleId", "status", "pickupDate", "returnDate" ON "bookings"
WHEN NEW."vehicleId" IS NOT OLD."vehicleId" OR NEW."status" IS NOT OLD."status"
  OR NEW."pickupDate" IS NOT OLD."pickupDate" OR NEW."returnDate" IS NOT OLD."returnDate"
BEGIN
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") SELECT OLD."vehicleId", 'bookings', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') WHERE OLD."vehicleId" IS NOT NULL;
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") SELECT NEW."vehicleId", 'bookings', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
    WHERE NEW."vehicleId" IS NOT NULL AND NEW."vehicleId" IS NOT OLD."vehicleId";
END;

-- CreateTrigger
CREATE TRIGGER "fleet_changes_booking_delete"
AFTER DELETE ON "bookings"
WHEN OLD."vehicleId" IS NOT NULL
BEGIN
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") VALUES (OLD."vehicleId", 'bookings', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

-- CreateTrigger
CREATE TRIGGER "fleet_changes_vehicle_insert"
AFTER INSERT ON "vehicles"
BEGIN
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") VALUES (NEW."id", 'vehicle', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

-- CreateTrigger
CREATE TRIGGER "fleet_changes_vehicle_update"
AFTER UPDATE OF "id", "dealershipId", "make", "model", "year", "category", "transmission", "status", "mileage", "dailyRate", "salesPrice" ON "vehicles"
BEGIN
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") VALUES (OLD."id", 'vehicle', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") SELECT NEW."id", 'vehicle', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') WHERE NEW."id" IS NOT OLD."id";
END;

-- CreateTrigger
CREATE TRIGGER "fleet_changes_vehicle_delete"
AFTER DELETE ON "vehicles"
BEGIN
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") VALUES (OLD."id", 'vehicle', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

-- CreateTrigger
CREATE TRIGGER "fleet_changes_photo_insert"
AFTER INSERT ON "vehicle_images"
BEGIN
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") VALUES (NEW."vehicleId", 'vehicle', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

-- CreateTrigger
CREATE TRIGGER "fleet_changes_photo_update"
AFTER UPDATE OF "vehicleId", "url", "position", "createdAt", "id" ON "vehicle_images"
BEGIN
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") VALUES (OLD."vehicleId", 'vehicle', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") SELECT NEW."vehicleId", 'vehicle', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') WHERE NEW."vehicleId" IS NOT OLD."vehicleId";
END;

-- CreateTrigger
CREATE TRIGGER "fleet_changes_photo_delete"
AFTER DELETE ON "vehicle_images"
BEGIN
  INSERT INTO "fleet_changes" ("vehicleId", "kind", "createdAt") VALUES (OLD."vehicleId", 'vehicle', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;
