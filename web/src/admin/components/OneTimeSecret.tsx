/**
 * A secret the server shows exactly once (an API key, a driver's generated password): a warning
 * that it will not be shown again, the value in a read-only box that selects itself, and a copy
 * button (selecting the value for Ctrl+C when the clipboard is not available).
 */
import { useState, type ReactNode } from "react";
import { css } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { CheckIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { notifyError } from "../../ui/toast.tsx";
import { CopyIcon } from "./icons.tsx";

export function OneTimeSecret({
  id,
  label,
  value,
  warning,
  children,
  hint,
  inputProps,
}: {
  /** The box's id (its label points at it). */
  id: string;
  label: ReactNode;
  value: string;
  /** The notice's title, e.g. "Copy this key now: you will not see it again." */
  warning: string;
  /** The notice's text under the title. */
  children?: ReactNode;
  /** A line under the box. */
  hint?: ReactNode;
  /** Extra attributes of the box (e.g. a data- attribute tests find it by). */
  inputProps?: Record<`data-${string}`, string | boolean>;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard access (an insecure context, a denied permission): select it for Ctrl+C.
      const box = document.getElementById(id) as HTMLInputElement | null;
      box?.select();
      notifyError("Could not copy", "Select the text and copy it with Ctrl+C (Cmd+C on a Mac).");
    }
  };
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <Notice tone="amber" title={warning}>
        {children}
      </Notice>
      <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
        <label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600" })}>
          {label}
        </label>
        <div className={css({ display: "flex", gap: "2", flexDirection: { base: "column", sm: "row" } })}>
          <input
            id={id}
            readOnly
            value={value}
            onFocus={(event) => event.target.select()}
            className={css({
              flex: "1",
              minW: "0",
              minH: "11",
              px: "3",
              fontFamily: "mono",
              fontSize: "sm",
              bg: "bg.subtle",
              borderWidth: "1px",
              borderColor: "border.strong",
              borderRadius: "control",
            })}
            {...inputProps}
          />
          <Button variant={copied ? "outline" : "solid"} onClick={() => void copy()}>
            {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            {copied ? "Copied" : "Copy"}
          </Button>
        </div>
        {hint ? <p className={css({ fontSize: "sm", color: "fg.muted" })}>{hint}</p> : null}
      </div>
    </div>
  );
}
