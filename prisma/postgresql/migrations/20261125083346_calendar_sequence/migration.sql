-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "calendarSequence" INTEGER NOT NULL DEFAULT 0;
