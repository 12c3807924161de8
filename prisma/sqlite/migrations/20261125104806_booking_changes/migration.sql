-- CreateTable
CREATE TABLE "booking_changes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookingId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "fromPickupDate" DATETIME NOT NULL,
    "toPickupDate" DATETIME NOT NULL,
    "fromReturnDate" DATETIME NOT NULL,
    "toReturnDate" DATETIME NOT NULL,
    "fromDeliveryLocation" TEXT NOT NULL,
    "toDeliveryLocation" TEXT NOT NULL,
    "fromReturnLocation" TEXT NOT NULL,
    "toReturnLocation" TEXT NOT NULL,
    "fromCategory" TEXT NOT NULL,
    "toCategory" TEXT NOT NULL,
    "fromTransmission" TEXT NOT NULL,
    "toTransmission" TEXT NOT NULL,
    "fromVehicleId" TEXT,
    "toVehicleId" TEXT,
    "fromTotalCents" INTEGER NOT NULL,
    "toTotalCents" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "booking_changes_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "bookings" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "booking_changes_bookingId_createdAt_idx" ON "booking_changes"("bookingId", "createdAt");
