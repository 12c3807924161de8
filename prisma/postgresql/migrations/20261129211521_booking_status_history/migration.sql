-- AlterTable
ALTER TABLE "booking_changes" ADD COLUMN     "fromStatus" "BookingStatus",
ADD COLUMN     "toStatus" "BookingStatus";
