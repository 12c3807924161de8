-- DropIndex
DROP INDEX "vehicles_dealershipId_idx";

-- DropIndex
DROP INDEX "vehicles_status_category_dailyRate_make_model_id_idx";

-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "deliveryVerified" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "returnVerified" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "vehicles_dealershipId_status_category_dailyRate_make_model__idx" ON "vehicles"("dealershipId", "status", "category", "dailyRate", "make", "model", "id");

-- Data: a typed address the geocoder could not place was stored at the specification's
-- Stellenbosch stand-in coordinate: such points are not the real place (domain geo.ts).
UPDATE "bookings" SET "deliveryVerified" = false WHERE "deliveryCoordinates" = '-33.9321,18.8602';
UPDATE "bookings" SET "returnVerified" = false WHERE "returnCoordinates" = '-33.9321,18.8602';

-- Data: a dealership's stock is for sale, never rented. Open bookings that were put on such a car
-- give it back: the booking keeps its category and an admin assigns a fleet car.
UPDATE "bookings" SET "vehicleId" = NULL WHERE "status" IN ('pending', 'confirmed') AND "vehicleId" IN (SELECT "id" FROM "vehicles" WHERE "dealershipId" IS NOT NULL);
