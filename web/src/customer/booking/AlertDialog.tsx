/**
 * An in-app alert (instead of window.alert, which blocks the page and looks foreign on a phone):
 * an Ark UI Dialog with role "alertdialog", a title, the message and an OK button.
 */
import { Dialog } from "@ark-ui/react/dialog";
import { Button } from "../../ui/Button.tsx";
import { dialogStyles } from "../components/dialog.ts";
import { DialogShell } from "../../ui/DialogShell.tsx";

export function AlertDialog({
  title,
  message,
  onClose,
  finalFocus,
}: {
  title: string;
  message: string | null;
  onClose: () => void;
  /** Where focus goes once the alert is closed (e.g. the field the message asks to fill). */
  finalFocus?: () => HTMLElement | null;
}) {
  return (
    <DialogShell
      role="alertdialog"
      closeButton={false}
      open={message !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      {...(finalFocus ? { finalFocusEl: finalFocus } : {})}
    >
      <Dialog.Title className={dialogStyles.title}>{title}</Dialog.Title>
      <Dialog.Description>{message}</Dialog.Description>
      <div className={dialogStyles.actions}>
        <Dialog.CloseTrigger asChild>
          <Button size="lg">OK</Button>
        </Dialog.CloseTrigger>
      </div>
    </DialogShell>
  );
}
