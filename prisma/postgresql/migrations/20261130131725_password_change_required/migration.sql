-- AlterTable
ALTER TABLE "admin_users" ADD COLUMN     "passwordChangeRequired" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "dealerships" ADD COLUMN     "passwordChangeRequired" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "drivers" ADD COLUMN     "passwordChangeRequired" BOOLEAN NOT NULL DEFAULT false;
