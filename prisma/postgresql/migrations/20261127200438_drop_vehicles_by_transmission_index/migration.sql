-- DropIndex
DROP INDEX "vehicles_dealershipId_status_category_transmission_dailyRat_idx";
