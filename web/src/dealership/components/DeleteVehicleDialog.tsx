/**
 * Confirms a delete (SPEC 8: "Are you sure you want to delete this vehicle?"), then deletes:
 * "Vehicle deleted", or "Error" with the server's reason (a car with upcoming bookings, 409) or
 * "Failed to delete vehicle". Cancel gives focus back to the Delete button that opened it; after
 * a delete it goes to `focusAfterDelete()` (the opener is gone).
 */
import { useEffect, useRef } from "react";
import { useMutation } from "urql";
import { TrashIcon } from "../../ui/icons.tsx";
import { notifySuccess } from "../../ui/toast.tsx";
import { carName, type DealershipVehicle } from "../lib/vehicle.ts";
import { notifyStepRefused, VehicleQuestion } from "./VehicleQuestion.tsx";
import { graphql } from "../../lib/graphql.ts";

const DELETE_VEHICLE = graphql(`
  mutation DeleteDealershipVehicle($id: ID!) {
    deleteDealershipVehicle(id: $id)
  }
`);

export const DELETE_QUESTION = "Are you sure you want to delete this vehicle?";

export function DeleteVehicleDialog({
  vehicle,
  onClose,
  focusAfterDelete,
}: {
  vehicle: DealershipVehicle | null;
  onClose: () => void;
  focusAfterDelete?: () => HTMLElement | null;
}) {
  const [{ fetching }, deleteVehicle] = useMutation(DELETE_VEHICLE);
  const deleted = useRef(false);
  useEffect(() => {
    if (vehicle) deleted.current = false;
  }, [vehicle]);

  async function confirm() {
    if (!vehicle) return;
    const result = await deleteVehicle({ id: vehicle.id });
    if (result.data?.deleteDealershipVehicle) {
      deleted.current = true;
      notifySuccess("Vehicle deleted", `${carName(vehicle)} (${vehicle.registrationNumber}) was removed.`);
      onClose();
      return;
    }
    if (notifyStepRefused(result.error, "Failed to delete vehicle")) onClose();
  }

  return (
    <VehicleQuestion
      open={vehicle !== null}
      busy={fetching}
      onClose={onClose}
      tone="danger"
      icon={<TrashIcon size={24} />}
      title="Delete vehicle"
      question={DELETE_QUESTION}
      vehicle={vehicle ? `${carName(vehicle)} · ${vehicle.registrationNumber}` : null}
      detail="Its photos and enquiries are removed too. This cannot be undone."
      confirmIcon={<TrashIcon size={18} />}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={confirm}
      finalFocusEl={() => (deleted.current ? (focusAfterDelete?.() ?? null) : null)}
    />
  );
}
