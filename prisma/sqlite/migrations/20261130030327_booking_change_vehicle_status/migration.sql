-- AlterTable
ALTER TABLE "booking_changes" ADD COLUMN "fromVehicleStatus" TEXT;
ALTER TABLE "booking_changes" ADD COLUMN "toVehicleStatus" TEXT;
