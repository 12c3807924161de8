-- CreateIndex
CREATE INDEX "vehicles_dealershipId_status_category_transmission_dailyRat_idx" ON "vehicles"("dealershipId", "status", "category", "transmission", "dailyRate", "make", "model", "id");
