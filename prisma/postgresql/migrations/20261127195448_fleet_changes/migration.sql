-- The log of rentable cars whose listing or bookings changed (model FleetChange), written by
-- triggers so that every write path, the app's, the CLI's or a hand-run statement, is in it, in
-- the writing transaction. Transactions here do not commit in `seq` order, so each row carries its
-- transaction's id: a reader that read the log under a snapshot whose oldest running transaction
-- was X has seen every row of the transactions before X, and next reads the rows of X and after.
-- `createdAt` is the transaction's start in UTC, as Prisma writes instants.
-- CreateTable
CREATE TABLE "fleet_changes" (
    "seq" SERIAL NOT NULL,
    "vehicleId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "txid" BIGINT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fleet_changes_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "fleet_changes_txid_idx" ON "fleet_changes"("txid");

-- AlterSequence: `seq` is a 32-bit serial (Prisma's Int, which SQLite stores in 64 bits). Rows live
-- an hour and readers here follow transaction ids, not `seq`, so it may start again from 1 rather
-- than refuse every write once it reaches 2^31 - 1.
ALTER SEQUENCE "fleet_changes_seq_seq" CYCLE;

-- CreateFunction: the car of a booking or photo row (TG_ARGV[0] is the log's kind).
CREATE FUNCTION "fleet_changes_note_vehicle_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD."vehicleId" IS NOT NULL THEN
      INSERT INTO "fleet_changes" ("vehicleId", "kind", "txid", "createdAt") VALUES (OLD."vehicleId", TG_ARGV[0], pg_current_xact_id()::text::bigint, now() AT TIME ZONE 'UTC');
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW."vehicleId" IS NOT NULL THEN
      INSERT INTO "fleet_changes" ("vehicleId", "kind", "txid", "createdAt") VALUES (NEW."vehicleId", TG_ARGV[0], pg_current_xact_id()::text::bigint, now() AT TIME ZONE 'UTC');
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW."vehicleId" IS NOT NULL AND NEW."vehicleId" IS DISTINCT FROM OLD."vehicleId" THEN
      INSERT INTO "fleet_changes" ("vehicleId", "kind", "txid", "createdAt") VALUES (NEW."vehicleId", TG_ARGV[0], pg_current_xact_id()::text::bigint, now() AT TIME ZONE 'UTC');
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- CreateFunction: a car's own row.
CREATE FUNCTION "fleet_changes_note_vehicle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "fleet_changes" ("vehicleId", "kind", "txid", "createdAt") VALUES (OLD."id", 'vehicle', pg_current_xact_id()::text::bigint, now() AT TIME ZONE 'UTC');
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "fleet_changes" ("vehicleId", "kind", "txid", "createdAt") VALUES (NEW."id", 'vehicle', pg_current_xact_id()::text::bigint, now() AT TIME ZONE 'UTC');
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW."id" IS DISTINCT FROM OLD."id" THEN
      INSERT INTO "fleet_changes" ("vehicleId", "kind", "txid", "createdAt") VALUES (NEW."id", 'vehicle', pg_current_xact_id()::text::bigint, now() AT TIME ZONE 'UTC');
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- CreateTrigger
CREATE TRIGGER "fleet_changes_booking_insert_delete" AFTER INSERT OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "fleet_changes_note_vehicle_id"('bookings');

-- CreateTrigger
CREATE TRIGGER "fleet_changes_booking_update" AFTER UPDATE OF "vehicleId", "status", "pickupDate", "returnDate" ON "bookings"
  FOR EACH ROW
  WHEN (NEW."vehicleId" IS DISTINCT FROM OLD."vehicleId" OR NEW."status" IS DISTINCT FROM OLD."status"
    OR NEW."pickupDate" IS DISTINCT FROM OLD."pickupDate" OR NEW."returnDate" IS DISTINCT FROM OLD."returnDate")
  EXECUTE FUNCTION "fleet_changes_note_vehicle_id"('bookings');

-- CreateTrigger
CREATE TRIGGER "fleet_changes_vehicle_insert_delete" AFTER INSERT OR DELETE ON "vehicles"
  FOR EACH ROW EXECUTE FUNCTION "fleet_changes_note_vehicle"();

-- CreateTrigger
CREATE TRIGGER "fleet_changes_vehicle_update"
  AFTER UPDATE OF "id", "dealershipId", "make", "model", "year", "category", "transmission", "status", "mileage", "dailyRate", "salesPrice" ON "vehicles"
  FOR EACH ROW EXECUTE FUNCTION "fleet_changes_note_vehicle"();

-- CreateTrigger
CREATE TRIGGER "fleet_changes_photo" AFTER INSERT OR DELETE OR UPDATE OF "vehicleId", "url", "position", "createdAt", "id" ON "vehicle_images"
  FOR EACH ROW EXECUTE FUNCTION "fleet_changes_note_vehicle_id"('vehicle');
