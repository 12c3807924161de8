/**
 * A page with a form that must not lose unsaved edits by leaving: while `isDirty()` says so, an
 * in-app navigation to another page (a link, Back) is held by react-router's blocker and asks
 * "Discard changes?" (Keep editing stays; Discard goes on), and closing or reloading the tab gets
 * the browser's own "Leave site?" question (beforeunload). `isDirty` is read when the user
 * leaves, so a form can say "not dirty" while it saves and then navigates away itself.
 * Render the returned element (the question) in the page.
 */
import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { DiscardChangesDialog } from "./DialogShell.tsx";

export function useLeaveGuard(isDirty: () => boolean): ReactNode {
  const check = useRef(isDirty);
  check.current = isDirty;
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
      currentLocation.pathname !== nextLocation.pathname && check.current(),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!check.current()) return;
      event.preventDefault();
      // Older browsers still want returnValue set to show their question.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  return <DiscardChangesDialog open={blocker.state === "blocked"} onKeep={() => blocker.reset?.()} onDiscard={() => blocker.proceed?.()} />;
}
