-- AlterTable
ALTER TABLE "booking_changes" ADD COLUMN "fromStatus" TEXT;
ALTER TABLE "booking_changes" ADD COLUMN "toStatus" TEXT;
