-- DropIndex
DROP INDEX "bookings_userId_createdAt_idx";
