/**
 * The back office's dialogs on Ark UI's Dialog: `AdminDialog` (a form or a detail view, wider
 * than the customer's phone-width sheet) and `ConfirmDialog` (an alertdialog asking "Are you
 * sure...?", e.g. SPEC 8's "Are you sure you want to delete this vehicle?").
 */
import { Dialog } from "@ark-ui/react/dialog";
import { useState, type ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { dialogStyles } from "../../ui/dialog.ts";
import { DialogShell } from "../../ui/DialogShell.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

/** The back office's widths (the `dialog` recipe's sizes): a confirmation, a form, a wide form, a detail view. */
export type DialogSize = "sm" | "md" | "lg" | "xl";

export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  size = "md",
  children,
  role = "dialog",
  closeOnInteractOutside = true,
  closeOnEscape = true,
  finalFocusEl,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogSize;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  closeOnInteractOutside?: boolean;
  /** False while it shows what cannot be shown again (a new key or password): one stray Escape would lose it. */
  closeOnEscape?: boolean;
  /** Where focus goes on close (null: back to what opened it). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      role={role}
      closeOnInteractOutside={closeOnInteractOutside}
      closeOnEscape={closeOnEscape}
      size={size}
      {...(finalFocusEl ? { finalFocusEl } : {})}
    >
      <Dialog.Title className={dialogStyles.title}>{title}</Dialog.Title>
      {description ? <Dialog.Description className={dialogStyles.description}>{description}</Dialog.Description> : null}
      {children}
    </DialogShell>
  );
}

/** Buttons at the foot of a dialog (the dialog recipe's actions): stacked on phones (main action on top), in a row above. */
export const dialogActions = cx(dialogStyles.actions, css({ pt: "2" }));

/** Keeps a long form's buttons in view at the foot of the dialog while it scrolls. */
export const stickyActions = css({
  position: "sticky",
  bottom: "calc(-1 * (token(spacing.5) + env(safe-area-inset-bottom, 0px)))",
  mx: { base: "-5", md: "-6" },
  px: { base: "5", md: "6" },
  py: "3",
  mb: "calc(-1 * (token(spacing.5) + env(safe-area-inset-bottom, 0px)))",
  pb: "calc(token(spacing.3) + token(spacing.5) + env(safe-area-inset-bottom, 0px))",
  bg: "bg.surface",
  borderTopWidth: "1px",
  borderColor: "border.default",
  zIndex: "1",
});

/**
 * "Are you sure...?" The confirm button runs `onConfirm`; the dialog stays open (busy) until it
 * settles, then closes, whatever the outcome (the caller says how it went in a toast).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  busyLabel,
  onConfirm,
  tone = "danger",
  finalFocusEl,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  onConfirm: () => Promise<unknown>;
  tone?: "danger" | "solid";
  /** Where focus goes on close, e.g. after a delete took away the button that opened it (null: that button). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onOpenChange(false);
    }
  };
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={message}
      size="sm"
      role="alertdialog"
      {...(finalFocusEl ? { finalFocusEl } : {})}
    >
      <div className={dialogActions}>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
        <Button variant={tone} onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : null}
          {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
        </Button>
      </div>
    </AdminDialog>
  );
}
