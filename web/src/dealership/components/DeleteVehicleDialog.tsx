/**
 * Confirms a delete (SPEC 8: "Are you sure you want to delete this vehicle?"), then deletes:
 * "Vehicle deleted", or "Error" with the server's reason (a car with upcoming bookings, 409) or
 * "Failed to delete vehicle". Cancel gives focus back to the Delete button that opened it; after
 * a delete it goes to `focusAfterDelete()` (the opener is gone).
 */
import { Dialog } from "@ark-ui/react/dialog";
import { useEffect, useRef } from "react";
import { useMutation } from "urql";
import { css } from "styled-system/css";
import { serverMessage } from "../../lib/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { dialogStyles } from "../../ui/dialog.ts";
import { TrashIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { errorCode } from "../lib/errors.ts";
import type { DealershipVehicle } from "../lib/vehicle.ts";
import { graphql } from "../../lib/graphql.ts";
import { DialogShell } from "../../ui/DialogShell.tsx";

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
      notifySuccess("Vehicle deleted", `${vehicle.year} ${vehicle.make} ${vehicle.model} (${vehicle.registrationNumber}) was removed.`);
      onClose();
      return;
    }
    const code = errorCode(result.error);
    const reason = code === "CONFLICT" || code === "NOT_FOUND" ? serverMessage(result.error) : undefined;
    notifyError("Error", reason ?? "Failed to delete vehicle");
    if (code === "NOT_FOUND" || code === "CONFLICT") onClose();
  }

  return (
    <DialogShell
      open={vehicle !== null}
      onOpenChange={(open) => {
        if (!open && !fetching) onClose();
      }}
      role="alertdialog"
      closeDisabled={fetching}
      finalFocusEl={() => (deleted.current ? (focusAfterDelete?.() ?? null) : null)}
    >
      <span
        className={css({
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          width: "12",
          height: "12",
          borderRadius: "full",
          bg: "danger.bg",
          color: "danger.fg",
        })}
      >
        <TrashIcon size={24} />
      </span>
      <Dialog.Title className={dialogStyles.title}>Delete vehicle</Dialog.Title>
      <Dialog.Description className={css({ display: "flex", flexDirection: "column", gap: "2", color: "fg.default" })}>
        <span>{DELETE_QUESTION}</span>
        {vehicle ? (
          <span className={css({ textStyle: "small", color: "fg.muted" })}>
            {vehicle.year} {vehicle.make} {vehicle.model} · {vehicle.registrationNumber}. Its photos and enquiries are removed too. This cannot be undone.
          </span>
        ) : null}
      </Dialog.Description>
      <div className={dialogStyles.actions}>
        <Dialog.CloseTrigger asChild>
          <Button variant="outline" size="lg" disabled={fetching}>
            Cancel
          </Button>
        </Dialog.CloseTrigger>
        <Button variant="danger" size="lg" onClick={confirm} disabled={fetching} aria-busy={fetching || undefined}>
          {fetching ? <Spinner /> : <TrashIcon size={18} />}
          {fetching ? "Deleting..." : "Delete"}
        </Button>
      </div>
    </DialogShell>
  );
}
