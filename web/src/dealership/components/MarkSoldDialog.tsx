/**
 * Mark as sold, confirmed first: the car leaves Cars for Sale (a buyer's old link says it has
 * been sold, enquiries are refused) but stays in the inventory with its enquiries, unlike a
 * delete. "Mark as available again" on the sold car's card undoes it (useMarkAvailable).
 */
import { useMutation } from "urql";
import { serverMessage } from "../../lib/errors.ts";
import { CheckCircleIcon, TagIcon } from "../../ui/icons.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { errorCode } from "../lib/errors.ts";
import { carName, type DealershipVehicle } from "../lib/vehicle.ts";
import { notifyStepRefused, VehicleQuestion } from "./VehicleQuestion.tsx";
import { graphql } from "../../lib/graphql.ts";

const MARK_SOLD = graphql(`
  mutation MarkDealershipVehicleSold($id: ID!) {
    markDealershipVehicleSold(id: $id) {
      id
      status
      soldAt
    }
  }
`);

const MARK_AVAILABLE = graphql(`
  mutation MarkDealershipVehicleAvailable($id: ID!) {
    markDealershipVehicleAvailable(id: $id) {
      id
      status
      soldAt
    }
  }
`);

export const MARK_SOLD_QUESTION = "Mark this vehicle as sold?";

/** The undo of Mark as sold: the car is available and listed again. */
export function useMarkAvailable() {
  const [{ fetching }, markAvailable] = useMutation(MARK_AVAILABLE);
  async function run(vehicle: DealershipVehicle) {
    const result = await markAvailable({ id: vehicle.id });
    if (result.data?.markDealershipVehicleAvailable) {
      notifySuccess("Vehicle available again", `${carName(vehicle)} is back in stock${vehicle.salesPrice ? " and on Cars for Sale" : ""}.`);
      return;
    }
    notifyError("Error", (errorCode(result.error) === "NOT_FOUND" ? serverMessage(result.error) : undefined) ?? "Failed to update vehicle");
  }
  return { fetching, markAvailable: run };
}

export function MarkSoldDialog({ vehicle, onClose }: { vehicle: DealershipVehicle | null; onClose: () => void }) {
  const [{ fetching }, markSold] = useMutation(MARK_SOLD);

  async function confirm() {
    if (!vehicle) return;
    const result = await markSold({ id: vehicle.id });
    if (result.data?.markDealershipVehicleSold) {
      notifySuccess("Vehicle marked as sold", `${carName(vehicle)} is off Cars for Sale. Its enquiries stay under Enquiries.`);
      onClose();
      return;
    }
    if (notifyStepRefused(result.error, "Failed to mark the vehicle as sold")) onClose();
  }

  return (
    <VehicleQuestion
      open={vehicle !== null}
      busy={fetching}
      onClose={onClose}
      tone="brand"
      icon={<TagIcon size={24} />}
      title="Mark as sold"
      question={MARK_SOLD_QUESTION}
      vehicle={vehicle ? `${carName(vehicle)} · ${vehicle.registrationNumber}` : null}
      detail="It leaves Cars for Sale and buyers can no longer send enquiries about it. It stays in your inventory with its enquiries, and you can mark it as available again."
      confirmIcon={<CheckCircleIcon size={18} />}
      confirmLabel="Mark as sold"
      busyLabel="Marking..."
      onConfirm={confirm}
    />
  );
}
