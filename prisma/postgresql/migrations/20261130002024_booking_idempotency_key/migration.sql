-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "idempotencyKey" TEXT,
ADD COLUMN     "idempotencyRequest" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "bookings_userId_idempotencyKey_key" ON "bookings"("userId", "idempotencyKey");
