-- DropIndex
DROP INDEX "bookings_status_idx";

-- CreateIndex
CREATE INDEX "bookings_status_createdAt_idx" ON "bookings"("status", "createdAt");
