-- DropIndex
DROP INDEX "bookings_status_createdAt_idx";

-- DropIndex
DROP INDEX "bookings_createdAt_idx";

-- CreateIndex
CREATE INDEX "bookings_status_createdAt_id_idx" ON "bookings"("status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "bookings_createdAt_id_idx" ON "bookings"("createdAt", "id");
