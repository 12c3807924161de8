-- No two bookings may hold one car for overlapping periods, whatever writes them (the app takes
-- the database's write lock as well, server/db/vehicle-lock.ts): the same rule as PostgreSQL's
-- exclusion constraint "bookings_vehicle_period_excl", as triggers. Blocking statuses only
-- (domain/booking.ts BLOCKING_BOOKING_STATUSES); periods are half-open [pickup, return), so
-- back-to-back bookings do not clash, and an empty period clashes with nothing (as a range).
-- Dates are compared through julianday() so any ISO text SQLite understands compares correctly.
-- The message starts with the constraint's name, which the services map to a 409.
-- Prisma's schema cannot express triggers: the migration drift check ignores them.

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
