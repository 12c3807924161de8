-- AlterTable
ALTER TABLE "booking_changes" ADD COLUMN     "fromVehicleStatus" "VehicleStatus",
ADD COLUMN     "toVehicleStatus" "VehicleStatus";
