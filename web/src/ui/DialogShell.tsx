/**
 * The frame every dialog of the app shares (Ark UI Dialog): mounted only while open, in a
 * portal, over a dimmed backdrop; a bottom sheet on phones and centred above; with the round
 * close button in its corner unless the dialog asks the user to decide (closeButton={false}).
 * Each dialog puts its own Dialog.Title, Dialog.Description and actions inside. Its look is the
 * `dialog` slot recipe (web/panda.config.ts); `size` is the frame's width: "phone" (the
 * customer's sheet, the default) or the back office's "sm", "md", "lg" and "xl".
 *
 * Unsaved changes: a form inside says whether it holds any with `useDiscardGuard(dirty, close)`.
 * While it does, closing by Escape, the close button (or the backdrop) or the form's own Cancel
 * first asks "Discard changes?" (`DiscardChangesDialog`: Keep editing / Discard; Escape keeps
 * editing); with nothing changed it closes at once. A form closing itself after a save calls its
 * own close directly, so a saved form never asks.
 */
import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { dialog } from "styled-system/recipes";
import { Button } from "./Button.tsx";
import { XIcon } from "./icons.tsx";

/** How a form inside a DialogShell reports unsaved changes and asks to close. */
interface DiscardGuard {
  /** The form's "do I hold unsaved changes?"; returns its unregister. */
  register: (isDirty: () => boolean) => () => void;
  /** Runs `close` at once when nothing is unsaved; otherwise asks first, and runs it on Discard. */
  requestClose: (close: () => void) => void;
}

const DiscardGuardContext = createContext<DiscardGuard | null>(null);

/**
 * For a form inside a dialog: while `dirty`, the dialog asks "Discard changes?" before it closes
 * (Escape, close button). Returns the guarded close for the form's Cancel button; outside a
 * dialog it is `close` itself. Close after a successful save with `close`, not this.
 */
export function useDiscardGuard(dirty: boolean, close: () => void): () => void {
  const guard = useContext(DiscardGuardContext);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => guard?.register(() => dirtyRef.current), [guard]);
  return () => (guard ? guard.requestClose(close) : close());
}

export const DISCARD_TITLE = "Discard changes?";

/**
 * The small "Discard changes?" question: Keep editing (focused first, and what Escape, the
 * backdrop and closing it mean) or Discard.
 */
export function DiscardChangesDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  const styles = dialog({ size: "sm" });
  return (
    <DialogShell open={open} onOpenChange={(next) => !next && onKeep()} role="alertdialog" closeButton={false} size="sm" initialFocusEl={() => keep.current}>
      <Dialog.Title className={styles.title}>{DISCARD_TITLE}</Dialog.Title>
      <Dialog.Description className={styles.description}>Your changes have not been saved. If you discard them, they are lost.</Dialog.Description>
      <div className={styles.actions}>
        <Button ref={keep} variant="outline" onClick={onKeep}>
          Keep editing
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </DialogShell>
  );
}

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
  // The unsaved-changes guard of a form inside (useDiscardGuard), and the close it holds back.
  const isDirty = useRef<(() => boolean) | null>(null);
  const [held, setHeld] = useState<{ close: () => void } | null>(null);
  const guard = useMemo<DiscardGuard>(
    () => ({
      register(check) {
        isDirty.current = check;
        return () => {
          if (isDirty.current === check) isDirty.current = null;
        };
      },
      requestClose(close) {
        if (isDirty.current?.()) setHeld({ close });
        else close();
      },
    }),
    [],
  );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (details.open ? onOpenChange(true) : guard.requestClose(() => onOpenChange(false)))}
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
            <DiscardGuardContext.Provider value={guard}>{children}</DiscardGuardContext.Provider>
            <DiscardChangesDialog
              open={held !== null}
              onKeep={() => setHeld(null)}
              onDiscard={() => {
                setHeld(null);
                held?.close();
              }}
            />
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
