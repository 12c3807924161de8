-- CreateIndex
CREATE INDEX "vehicles_dealershipId_status_category_transmission_dailyRate_make_model_id_idx" ON "vehicles"("dealershipId", "status", "category", "transmission", "dailyRate", "make", "model", "id");
