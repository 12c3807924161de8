-- AlterTable
ALTER TABLE "users" ADD COLUMN     "allowOverlappingBookings" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "maxActiveBookings" INTEGER,
ADD COLUMN     "maxRentalDays" INTEGER;
