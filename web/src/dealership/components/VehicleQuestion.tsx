/**
 * The question the dealership answers before a step taken on one car (Delete, Mark as sold): an
 * alert dialog with the step's icon, title, question, the car (bold, on a line of its own, as the
 * admin's Delete vehicle shows it) and what the step does to it, Cancel, and the
 * step's button (busy while it runs; closing is off meanwhile). The step itself, and what it says
 * when done, stay with its dialog (DeleteVehicleDialog, MarkSoldDialog); a refusal is said by
 * notifyStepRefused below, with the dialog's own fallback.
 */
import { Dialog } from "@ark-ui/react/dialog";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { dialogStyles } from "../../ui/dialog.ts";
import { DialogShell } from "../../ui/DialogShell.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { notifyError } from "../../ui/toast.tsx";
import { errorCode } from "../lib/errors.ts";
import type { CombinedError } from "urql";

const disc = { display: "flex", alignItems: "center", justifyContent: "center", width: "12", height: "12", borderRadius: "full" } as const;
const brandDisc = css(disc, { bg: "brand.subtle", color: "brand.text" });
const dangerDisc = css(disc, { bg: "danger.bg", color: "danger.fg" });

export function VehicleQuestion({
  open,
  busy,
  onClose,
  tone,
  icon,
  title,
  question,
  vehicle,
  detail,
  confirmIcon,
  confirmLabel,
  busyLabel,
  onConfirm,
  finalFocusEl,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  /** danger: a step that cannot be undone. */
  tone: "brand" | "danger";
  icon: ReactNode;
  title: string;
  question: string;
  /** "2021 Toyota Corolla · CA 123-456": which car, at a glance. */
  vehicle: string | null;
  detail: ReactNode;
  confirmIcon: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => void;
  finalFocusEl?: () => HTMLElement | null;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
      role="alertdialog"
      closeDisabled={busy}
      finalFocusEl={finalFocusEl}
    >
      <span className={tone === "danger" ? dangerDisc : brandDisc}>{icon}</span>
      <Dialog.Title className={dialogStyles.title}>{title}</Dialog.Title>
      <Dialog.Description className={css({ display: "flex", flexDirection: "column", gap: "2", color: "fg.default" })}>
        <span>{question}</span>
        {vehicle ? <span className={css({ fontWeight: "600" })}>{vehicle}</span> : null}
        {detail ? <span className={css({ textStyle: "small", color: "fg.muted" })}>{detail}</span> : null}
      </Dialog.Description>
      <div className={dialogStyles.actions}>
        <Dialog.CloseTrigger asChild>
          <Button variant="outline" size="lg" disabled={busy}>
            Cancel
          </Button>
        </Dialog.CloseTrigger>
        <Button variant={tone === "danger" ? "danger" : undefined} size="lg" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : confirmIcon}
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </DialogShell>
  );
}

/**
 * A step on one car that did not happen: the toast gives the server's reason when the car is
 * gone (NOT_FOUND) or the step is refused (CONFLICT), else `fallback`. True in those two cases:
 * the question no longer applies, so its dialog closes.
 */
export function notifyStepRefused(error: CombinedError | undefined, fallback: string): boolean {
  const code = errorCode(error);
  const settled = code === "CONFLICT" || code === "NOT_FOUND";
  notifyError("Error", (settled ? serverMessage(error) : undefined) ?? fallback);
  return settled;
}
