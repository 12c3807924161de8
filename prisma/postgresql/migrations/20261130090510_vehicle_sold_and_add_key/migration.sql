-- AlterEnum
ALTER TYPE "VehicleStatus" ADD VALUE 'sold';

-- AlterTable
ALTER TABLE "vehicles" ADD COLUMN     "createKey" TEXT,
ADD COLUMN     "createRequest" TEXT,
ADD COLUMN     "soldAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "vehicles_dealershipId_createKey_key" ON "vehicles"("dealershipId", "createKey");
