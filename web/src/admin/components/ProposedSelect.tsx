// A select whose choice is only proposed until Save: the arrow keys walk a closed select's options
// (on Windows each step fires a change), so saving on change would save every step on the way.
// Save makes the change; Cancel or Escape puts the select back. Focus stays in the control: it
// returns to the select once the proposal is saved or dropped (the buttons then disappear).
import { type ReactNode, useRef, useState } from "react";
import { css, cx } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

export type ProposedOption = { value: string; label: string; disabled?: boolean };

export function ProposedSelect({
  id,
  value,
  options,
  onSave,
  saveLabel,
  savingLabel,
  disabled = false,
  className,
  selectClassName,
  children,
  ...aria
}: {
  id: string;
  /** The saved value; shown again once a proposal is saved or dropped, so a change made elsewhere shows too. */
  value: string;
  options: readonly ProposedOption[];
  /** Saves the proposed value; true when it was saved (a failure keeps the proposal, to try again). */
  onSave: (value: string) => Promise<boolean>;
  /** The Save button's text, e.g. "Save status". */
  saveLabel: string;
  /** What the busy Save button says to a screen reader. */
  savingLabel: string;
  disabled?: boolean;
  className?: string;
  selectClassName?: string;
  /** Shown after the buttons (e.g. a note). */
  children?: ReactNode;
  "aria-label"?: string;
  "aria-describedby"?: string;
}) {
  const selectRef = useRef<HTMLSelectElement>(null);
  // What the select proposes; null shows the saved value.
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const proposed = chosen !== null && chosen !== value ? chosen : null;
  const refocus = () => {
    // Only when the focus was in this control (a click elsewhere meanwhile is left alone).
    const active = document.activeElement;
    if (!active || active === document.body || selectRef.current?.parentElement?.contains(active)) selectRef.current?.focus();
  };
  const drop = () => {
    setChosen(null);
    // After React has removed the buttons.
    queueMicrotask(refocus);
  };
  const save = async () => {
    if (proposed === null || saving) return;
    setSaving(true);
    let saved = false;
    try {
      saved = await onSave(proposed);
    } finally {
      setSaving(false);
    }
    if (saved) {
      setChosen(null);
      setTimeout(refocus, 0);
    }
  };
  return (
    <div className={cx(css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2" }), className)}>
      <select
        ref={selectRef}
        id={id}
        value={chosen ?? value}
        // Not disabled while saving: the focus would be thrown away. Changes then wait for the save.
        disabled={disabled}
        aria-busy={saving || undefined}
        onChange={(event) => {
          if (!saving) setChosen(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape" && proposed !== null && !saving) {
            event.preventDefault();
            setChosen(null);
          }
        }}
        className={selectClassName}
        data-proposed={proposed !== null || undefined}
        {...aria}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {proposed !== null ? (
        <>
          {/* aria-disabled, not disabled, while saving: a disabled button drops the keyboard focus. */}
          <Button size="sm" aria-disabled={saving || undefined} aria-busy={saving || undefined} onClick={() => void save()}>
            {saving ? <Spinner label={savingLabel} /> : null}
            {saveLabel}
          </Button>
          <Button size="sm" variant="ghost" aria-disabled={saving || undefined} onClick={() => (saving ? undefined : drop())}>
            Cancel
          </Button>
        </>
      ) : null}
      {children}
    </div>
  );
}
