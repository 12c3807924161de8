-- The overlap triggers of 20261125110000_booking_overlap_guard, the same rule, found through the
-- bookings (vehicleId, status, returnDate, pickupDate) index: julianday() of every blocking
-- booking of the car (dozens a car, on each new booking) cost a booking's insert 50-70 us.
-- Two text bounds now pick the candidates from the index before julianday() compares instants:
-- - other."returnDate" >= the day before the new pickup's UTC date, and
-- - other."pickupDate" < two days after the new return's UTC date.
-- Sound for any ISO text SQLite understands ("YYYY-MM-DD...", "T" or space, any zone suffix): a
-- text's own date differs from its UTC date by at most one day (zones lie within -12:00..+14:00),
-- and a text that starts with a date compares as that date (a longer text with the same date
-- sorts after it). The instants still decide, exactly as before.

-- DropTrigger
DROP TRIGGER "bookings_vehicle_period_excl_insert";

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
      AND other."returnDate" >= date(NEW."pickupDate", '-1 day')
      AND other."pickupDate" < date(NEW."returnDate", '+2 days')
      AND julianday(other."pickupDate") < julianday(NEW."returnDate")
      AND julianday(NEW."pickupDate") < julianday(other."returnDate")
  );
END;

-- DropTrigger
DROP TRIGGER "bookings_vehicle_period_excl_update";

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
      AND other."returnDate" >= date(NEW."pickupDate", '-1 day')
      AND other."pickupDate" < date(NEW."returnDate", '+2 days')
      AND julianday(other."pickupDate") < julianday(NEW."returnDate")
      AND julianday(NEW."pickupDate") < julianday(other."returnDate")
  );
END;
