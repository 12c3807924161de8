-- CreateEnum
CREATE TYPE "HandoverKind" AS ENUM ('delivery', 'collection');

-- CreateEnum
CREATE TYPE "HandoverState" AS ENUM ('scheduled', 'en_route', 'done', 'failed');

-- CreateTable
CREATE TABLE "drivers" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "drivers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "handover_jobs" (
    "id" TEXT NOT NULL,
    "bookingId" TEXT NOT NULL,
    "kind" "HandoverKind" NOT NULL,
    "driverId" TEXT,
    "state" "HandoverState" NOT NULL DEFAULT 'scheduled',
    "failureReason" TEXT,
    "failureNote" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "odometerKm" INTEGER,
    "fuelEighths" INTEGER,
    "licenceChecked" BOOLEAN,
    "position" TEXT,
    "signaturePath" TEXT,
    "submissionKey" TEXT,
    "lateDays" INTEGER,
    "lateFeeCents" INTEGER,
    "fuelEighthsShort" INTEGER,
    "fuelFeeCents" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "handover_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "handover_photos" (
    "id" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "slot" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "note" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "handover_photos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "drivers_email_key" ON "drivers"("email");

-- CreateIndex
CREATE UNIQUE INDEX "handover_jobs_submissionKey_key" ON "handover_jobs"("submissionKey");

-- CreateIndex
CREATE INDEX "handover_jobs_driverId_idx" ON "handover_jobs"("driverId");

-- CreateIndex
CREATE UNIQUE INDEX "handover_jobs_bookingId_kind_key" ON "handover_jobs"("bookingId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "handover_photos_path_key" ON "handover_photos"("path");

-- CreateIndex
CREATE INDEX "handover_photos_jobId_position_idx" ON "handover_photos"("jobId", "position");

-- CreateIndex
CREATE INDEX "bookings_pickupDate_idx" ON "bookings"("pickupDate");

-- CreateIndex
CREATE INDEX "bookings_returnDate_idx" ON "bookings"("returnDate");

-- AddForeignKey
ALTER TABLE "handover_jobs" ADD CONSTRAINT "handover_jobs_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "handover_jobs" ADD CONSTRAINT "handover_jobs_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "drivers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "handover_photos" ADD CONSTRAINT "handover_photos_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "handover_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
