import { useId, type ComponentProps, type ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes";

/** What every labelled control shares: its label, an optional hint and a validation message. */
type FrameProps = {
  label: ReactNode;
  /** Validation message; when present the control is marked invalid and describes itself with it. */
  error?: string | undefined;
  hint?: ReactNode;
  id?: string | undefined;
  rootClassName?: string | undefined;
};

/** The ARIA wiring a control inside a FieldFrame takes. */
export type ControlWiring = {
  id: string;
  className: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * The one layout of a form field: label, the control, hint and error (announced), with the
 * control linked to both. Field, SelectField, TextAreaField and the booking DateField draw their
 * control inside it.
 */
export function FieldFrame({ label, error, hint, id, rootClassName, children }: FrameProps & { children: (control: ControlWiring) => ReactNode }) {
  const auto = useId();
  const controlId = id ?? auto;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const classes = field();
  return (
    <div className={cx(classes.root, rootClassName)}>
      <label htmlFor={controlId} className={classes.label}>
        {label}
      </label>
      {children({
        id: controlId,
        className: classes.input,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {hint ? (
        <p id={hintId} className={classes.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={classes.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps = ComponentProps<"input"> & FrameProps & { label: ReactNode };

/**
 * A labelled input with hint and error. Works with react-hook-form's register(): React 19 passes
 * `ref` through as a normal prop, so `<Field label="Email" {...register("email")} />` just works.
 */
export function Field({ label, error, hint, id, className, rootClassName, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} rootClassName={rootClassName}>
      {(control) => <input {...control} className={cx(control.className, className)} {...input} />}
    </FieldFrame>
  );
}

type SelectFieldProps = ComponentProps<"select"> & FrameProps & { options: readonly { value: string; label: string }[] };

const selectChevron = css({
  appearance: "none",
  pr: "10",
  bgImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='20' height='20' viewBox='0 0 24 24' fill='none' stroke='%235b6675' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
  bgRepeat: "no-repeat",
  bgPosition: "right 0.75rem center",
  cursor: "pointer",
});

/**
 * A labelled native <select> (the phone's own picker: large targets, works with every screen
 * reader), styled like the text fields.
 */
export function SelectField({ label, error, hint, id, className, rootClassName, options, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} rootClassName={rootClassName}>
      {(control) => (
        <select {...control} className={cx(control.className, selectChevron, className)} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = ComponentProps<"textarea"> & FrameProps;

/** A labelled <textarea> with hint and error, styled like the text fields. */
export function TextAreaField({ label, error, hint, id, className, rootClassName, rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} rootClassName={rootClassName}>
      {(control) => (
        <textarea {...control} rows={rows} className={cx(control.className, css({ resize: "vertical", lineHeight: "1.5" }), className)} {...textarea} />
      )}
    </FieldFrame>
  );
}
