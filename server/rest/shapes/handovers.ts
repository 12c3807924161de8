// REST JSON of the driver's jobs (GET /api/driver/jobs, the checklist's answer): the same fields
// and formats as GraphQL's DriverJob; amounts as rand text, instants as ISO strings.
import { centsToDecimal, handoverPlace, handoverTime, type HandoverCharges } from "#domain";
import { deliveryRecordOf, storedCharges, type ChecklistResult, type DriverJobRow } from "../../services/handovers";

const chargesJson = (c: HandoverCharges | null) =>
  c && {
    lateDays: c.lateDays,
    lateFee: centsToDecimal(c.lateFeeCents),
    fuelEighthsShort: c.fuelEighthsShort,
    fuelFee: centsToDecimal(c.fuelFeeCents),
    total: centsToDecimal(c.totalCents),
  };

const photoJson = (p: { slot: string; path: string; note: string | null }) => ({ slot: p.slot, url: p.path, note: p.note });

export function driverJobJson(job: DriverJobRow) {
  const place = handoverPlace(job.kind, job.booking);
  const delivery = deliveryRecordOf(job);
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    at: handoverTime(job.kind, job.booking),
    address: place.address,
    coordinates: place.coordinates,
    specialRequests: job.booking.specialRequests,
    customer: {
      name: job.booking.user.name,
      phone: job.booking.user.phone,
      licenceNumber: job.booking.user.driversLicenseNumber,
      licenceImageUrl: job.booking.user.driversLicenseImage,
    },
    vehicle: job.booking.vehicle && {
      make: job.booking.vehicle.make,
      model: job.booking.vehicle.model,
      registrationNumber: job.booking.vehicle.registrationNumber,
      mileage: job.booking.vehicle.mileage,
    },
    failureReason: job.failureReason,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    odometerKm: job.odometerKm,
    fuelEighths: job.fuelEighths,
    photos: job.photos.map(photoJson),
    charges: chargesJson(storedCharges(job)),
    delivery: delivery
      ? {
          state: delivery.state,
          finishedAt: delivery.finishedAt,
          odometerKm: delivery.odometerKm,
          fuelEighths: delivery.fuelEighths,
          photos: delivery.photos.map(photoJson),
        }
      : null,
  };
}

export const checklistResultJson = (r: ChecklistResult) => ({ job: driverJobJson(r.job), charges: chargesJson(r.charges), replayed: r.replayed });
