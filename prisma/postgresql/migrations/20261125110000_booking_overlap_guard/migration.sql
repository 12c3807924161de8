-- No two bookings may hold one car for overlapping periods, whatever writes them (the app takes
-- the vehicle's row lock as well, server/db/vehicle-lock.ts): an exclusion constraint over the
-- vehicle and the half-open period [pickup, return), for the blocking statuses only
-- (domain/booking.ts BLOCKING_BOOKING_STATUSES), so back-to-back bookings and cancelled or
-- completed ones never clash. A violation is SQLSTATE 23P01, answered 409 by the services.
-- Prisma's schema cannot express it: the migration drift check ignores exclusion constraints.
-- btree_gist gives GiST the plain equality on "vehicleId". It is a trusted extension: the
-- database owner may create it. No semicolons inside a statement (the engine's replay splits on them).
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- AddConstraint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_period_excl"
  EXCLUDE USING gist ("vehicleId" WITH =, tsrange("pickupDate", "returnDate", '[)') WITH &&)
  WHERE ("vehicleId" IS NOT NULL AND "status" IN ('pending', 'confirmed', 'in_progress'));
