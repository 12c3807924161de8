/**
 * The frame every dialog of the app shares (Ark UI Dialog): mounted only while open, in a
 * portal, over a dimmed backdrop; a bottom sheet on phones and centred above; with the round
 * close button in its corner unless the dialog asks the user to decide (closeButton={false}).
 * Each dialog puts its own Dialog.Title, Dialog.Description and actions inside. Its look is the
 * `dialog` slot recipe (web/panda.config.ts); `size` is the frame's width: "phone" (the
 * customer's sheet, the default) or the back office's "sm", "md", "lg" and "xl".
 */
import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { dialog } from "styled-system/recipes";
import { XIcon } from "./icons.tsx";

export function DialogShell({
  open,
  onOpenChange,
  role = "dialog",
  closeButton = true,
  closeDisabled = false,
  closeOnInteractOutside,
  closeOnEscape,
  initialFocusEl,
  finalFocusEl,
  size = "phone",
  children,
}: {
  open: boolean;
  /** Told when the user closes it (Escape, the backdrop, the close button) or it opens. */
  onOpenChange: (open: boolean) => void;
  role?: "dialog" | "alertdialog";
  closeButton?: boolean;
  /** While something is being sent: the close button stays but does nothing. */
  closeDisabled?: boolean;
  closeOnInteractOutside?: boolean;
  closeOnEscape?: boolean;
  initialFocusEl?: () => HTMLElement | null;
  finalFocusEl?: () => HTMLElement | null;
  /** The frame's width: the phone-width sheet, or one of the back office's wider sizes. */
  size?: (typeof dialog.variantMap.size)[number];
  children: ReactNode;
}) {
  const styles = dialog({ size });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      lazyMount
      unmountOnExit
      {...(closeOnInteractOutside === undefined ? {} : { closeOnInteractOutside })}
      {...(closeOnEscape === undefined ? {} : { closeOnEscape })}
      {...(initialFocusEl ? { initialFocusEl } : {})}
      {...(finalFocusEl ? { finalFocusEl } : {})}
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            {children}
            {closeButton ? (
              <Dialog.CloseTrigger className={styles.closeTrigger} aria-label="Close" disabled={closeDisabled}>
                <XIcon size={20} />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
