/**
 * An in-app alert (instead of window.alert, which blocks the page and looks foreign on a phone):
 * an Ark UI Dialog with role "alertdialog", a title, the message and an OK button.
 */
import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { Button } from "../../ui/Button.tsx";
import { dialogStyles } from "../components/dialog.ts";

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
    <Dialog.Root
      role="alertdialog"
      open={message !== null}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      finalFocusEl={finalFocus}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={dialogStyles.backdrop} />
        <Dialog.Positioner className={dialogStyles.positioner}>
          <Dialog.Content className={dialogStyles.content}>
            <Dialog.Title className={dialogStyles.title}>{title}</Dialog.Title>
            <Dialog.Description>{message}</Dialog.Description>
            <div className={dialogStyles.actions}>
              <Dialog.CloseTrigger asChild>
                <Button size="lg">OK</Button>
              </Dialog.CloseTrigger>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
