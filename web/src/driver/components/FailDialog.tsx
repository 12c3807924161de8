/** "Couldn't hand over": the reason (customer absent, licence mismatch, other) and a note. */
import { Dialog } from "@ark-ui/react/dialog";
import { useState } from "react";
import { css } from "styled-system/css";
import { FAILURE_REASON_LABELS, FAILURE_REASONS, type FailureReason } from "#domain";
import { Button } from "../../ui/Button.tsx";
import { dialogStyles } from "../../ui/dialog.ts";
import { DialogShell } from "../../ui/DialogShell.tsx";
import { TextAreaField } from "../../ui/Field.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

export function FailDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: FailureReason, note: string) => Promise<boolean>;
}) {
  const [reason, setReason] = useState<FailureReason | null>(null);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [missing, setMissing] = useState(false);
  async function confirm() {
    if (!reason) return setMissing(true);
    setSending(true);
    const ok = await onConfirm(reason, note);
    setSending(false);
    if (ok) onOpenChange(false);
  }
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} closeDisabled={sending}>
      <Dialog.Title className={dialogStyles.title}>Couldn't hand over</Dialog.Title>
      <Dialog.Description className={dialogStyles.description}>The office sees the reason and will reschedule the job.</Dialog.Description>
      <div role="radiogroup" aria-label="Reason" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        {FAILURE_REASONS.map((r) => (
          <label
            key={r}
            className={css({
              display: "flex",
              alignItems: "center",
              gap: "3",
              minH: "11",
              px: "3",
              borderRadius: "lg",
              borderWidth: "1px",
              borderColor: reason === r ? "brand.solid" : "border.default",
              cursor: "pointer",
            })}
          >
            <input type="radio" name="failure-reason" value={r} checked={reason === r} onChange={() => (setReason(r), setMissing(false))} />
            {FAILURE_REASON_LABELS[r]}
          </label>
        ))}
      </div>
      {missing ? <p className={css({ fontSize: "sm", color: "danger.fg" })}>Choose why the handover failed</p> : null}
      <TextAreaField label="Note (optional)" rows={3} value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
      <div className={dialogStyles.actions}>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={sending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={sending} aria-busy={sending || undefined}>
          {sending ? <Spinner /> : null}
          Mark as failed
        </Button>
      </div>
    </DialogShell>
  );
}
