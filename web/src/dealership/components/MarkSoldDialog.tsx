/**
 * Mark as sold, confirmed first: the car leaves Cars for Sale (a buyer's old link says it has
 * been sold, enquiries are refused) but stays in the inventory with its enquiries, unlike a
 * delete. "Mark as available again" on the sold car's card undoes it (useMarkAvailable).
 */
import { Dialog } from "@ark-ui/react/dialog";
import { useMutation } from "urql";
import { css } from "styled-system/css";
import { serverMessage } from "../../lib/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { dialogStyles } from "../../ui/dialog.ts";
import { CheckCircleIcon, TagIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { errorCode } from "../lib/errors.ts";
import type { DealershipVehicle } from "../lib/vehicle.ts";
import { graphql } from "../../lib/graphql.ts";
import { DialogShell } from "../../ui/DialogShell.tsx";

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

const carName = (vehicle: DealershipVehicle) => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

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
    const code = errorCode(result.error);
    const reason = code === "CONFLICT" || code === "NOT_FOUND" ? serverMessage(result.error) : undefined;
    notifyError("Error", reason ?? "Failed to mark the vehicle as sold");
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
    >
      <span
        className={css({
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          width: "12",
          height: "12",
          borderRadius: "full",
          bg: "brand.subtle",
          color: "brand.text",
        })}
      >
        <TagIcon size={24} />
      </span>
      <Dialog.Title className={dialogStyles.title}>Mark as sold</Dialog.Title>
      <Dialog.Description className={css({ display: "flex", flexDirection: "column", gap: "2", color: "fg.default" })}>
        <span>{MARK_SOLD_QUESTION}</span>
        {vehicle ? (
          <span className={css({ textStyle: "small", color: "fg.muted" })}>
            {carName(vehicle)} · {vehicle.registrationNumber}. It leaves Cars for Sale and buyers can no longer send enquiries about it. It stays in your
            inventory with its enquiries, and you can mark it as available again.
          </span>
        ) : null}
      </Dialog.Description>
      <div className={dialogStyles.actions}>
        <Dialog.CloseTrigger asChild>
          <Button variant="outline" size="lg" disabled={fetching}>
            Cancel
          </Button>
        </Dialog.CloseTrigger>
        <Button size="lg" onClick={confirm} disabled={fetching} aria-busy={fetching || undefined}>
          {fetching ? <Spinner /> : <CheckCircleIcon size={18} />}
          {fetching ? "Marking..." : "Mark as sold"}
        </Button>
      </div>
    </DialogShell>
  );
}
