-- CreateIndex
CREATE INDEX "bookings_userId_status_returnDate_pickupDate_idx" ON "bookings"("userId", "status", "returnDate", "pickupDate");
