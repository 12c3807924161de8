-- DropIndex
DROP INDEX "bookings_vehicleId_pickupDate_returnDate_idx";

-- CreateIndex
CREATE INDEX "bookings_vehicleId_status_returnDate_pickupDate_idx" ON "bookings"("vehicleId", "status", "returnDate", "pickupDate");
