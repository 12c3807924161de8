-- No two bookings may hold one car for overlapping periods, whatever writes them (the app takes
-- the database's write lock as well, server/db/vehicle-lock.ts): the same rule as PostgreSQL's
-- exclusion constraint "bookings_vehicle_period_excl", as triggers. Blocking statuses only
-- (domain/booking.ts BLOCKING_BOOKING_STATUSES); periods are half-open [pickup, return), so
-- back-to-back bookings do not clash, and an empty period clashes with nothing (as a range).
-- Dates are compared through julianday() so any ISO text SQLite understands compares correctly.
-- The message starts with the constraint's name, which the services map to a 409.
-- Prisma's schema cannot express triggers: the migration drift check ignores them.

-- Like PostgreSQL's ADD CONSTRAINT, refuse to start on bookings that already overlap (triggers
-- only check later writes): the CHECK fails, naming what to do, and the migration rolls back.
CREATE TEMP TABLE "booking_overlap_guard_check" (
  "overlaps" INTEGER NOT NULL,
  CONSTRAINT "bookings of one car overlap: cancel or move one of each pair, then start again (README: No double bookings)" CHECK ("overlaps" = 0)
);
INSERT INTO "booking_overlap_guard_check" ("overlaps")
SELECT COUNT(*) FROM "bookings" AS a JOIN "bookings" AS b
  ON a."vehicleId" = b."vehicleId" AND a."id" < b."id"
  AND julianday(a."pickupDate") < julianday(b."returnDate") AND julianday(b."pickupDate") < julianday(a."returnDate")
WHERE a."status" IN ('pending', 'confirmed', 'in_progress') AND b."status" IN ('pending', 'confirmed', 'in_progress')
  AND julianday(a."pickupDate") < julianday(a."returnDate") AND julianday(b."pickupDate") < julianday(b."returnDate");
DROP TABLE "booking_overlap_guard_check";

-- CreateTrigger
CREATE TRIGGER "bookings_vehicle_period_excl_insert"
BEFORE INSERT ON "bookings"
WHEN NEW."vehicleId" IS NOT NULL
  AND NEW."status" IN ('pending', 'confirmed', 'in_progress')
  AND julianday(NEW."pickupDate") < julianday(NEW."returnDate")
BEGIN
  SELECT RAISE(ABORT, 'bookings_vehicle_period_excl: the vehicle is already booked for an overlapping period')
  WHERE EXISTS (
    SELECT 1 FROM "bookings" AS other
    WHERE other."vehicleId" = NEW."vehicleId"
      AND other."status" IN ('pending', 'confirmed', 'in_progress')
      AND julianday(other."pickupDate") < julianday(NEW."returnDate")
      AND julianday(NEW."pickupDate") < julianday(other."returnDate")
  );
END;

-- CreateTrigger
CREATE TRIGGER "bookings_vehicle_period_excl_update"
BEFORE UPDATE OF "vehicleId", "status", "pickupDate", "returnDate" ON "bookings"
WHEN NEW."vehicleId" IS NOT NULL
  AND NEW."status" IN ('pending', 'confirmed', 'in_progress')
  AND julianday(NEW."pickupDate") < julianday(NEW."returnDate")
BEGIN
  SELECT RAISE(ABORT, 'bookings_vehicle_period_excl: the vehicle is already booked for an overlapping period')
  WHERE EXISTS (
    SELECT 1 FROM "bookings" AS other
    WHERE other."vehicleId" = NEW."vehicleId"
      AND other."id" <> OLD."id"
      AND other."status" IN ('pending', 'confirmed', 'in_progress')
      AND julianday(other."pickupDate") < julianday(NEW."returnDate")
      AND julianday(NEW."pickupDate") < julianday(other."returnDate")
  );
END;
