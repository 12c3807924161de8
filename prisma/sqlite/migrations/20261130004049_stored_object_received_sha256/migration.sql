-- AlterTable
ALTER TABLE "stored_objects" ADD COLUMN "receivedSha256" TEXT;
