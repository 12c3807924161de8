-- DropIndex
DROP INDEX "vehicles_category_transmission_status_idx";

-- CreateIndex
CREATE INDEX "vehicles_status_category_dailyRate_make_model_id_idx" ON "vehicles"("status", "category", "dailyRate", "make", "model", "id");
