-- AlterTable
ALTER TABLE "vehicles" ADD COLUMN "createKey" TEXT;
ALTER TABLE "vehicles" ADD COLUMN "createRequest" TEXT;
ALTER TABLE "vehicles" ADD COLUMN "soldAt" DATETIME;

-- CreateIndex
CREATE UNIQUE INDEX "vehicles_dealershipId_createKey_key" ON "vehicles"("dealershipId", "createKey");
