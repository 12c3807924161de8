-- CreateTable
CREATE TABLE "booking_changes" (
    "id" TEXT NOT NULL,
    "bookingId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "fromPickupDate" TIMESTAMP(3) NOT NULL,
    "toPickupDate" TIMESTAMP(3) NOT NULL,
    "fromReturnDate" TIMESTAMP(3) NOT NULL,
    "toReturnDate" TIMESTAMP(3) NOT NULL,
    "fromDeliveryLocation" TEXT NOT NULL,
    "toDeliveryLocation" TEXT NOT NULL,
    "fromReturnLocation" TEXT NOT NULL,
    "toReturnLocation" TEXT NOT NULL,
    "fromCategory" "VehicleCategory" NOT NULL,
    "toCategory" "VehicleCategory" NOT NULL,
    "fromTransmission" "Transmission" NOT NULL,
    "toTransmission" "Transmission" NOT NULL,
    "fromVehicleId" TEXT,
    "toVehicleId" TEXT,
    "fromTotalCents" INTEGER NOT NULL,
    "toTotalCents" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "booking_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "booking_changes_bookingId_createdAt_idx" ON "booking_changes"("bookingId", "createdAt");

-- AddForeignKey
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
