import { useId, type ComponentProps, type ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes";

type FieldProps = ComponentProps<"input"> & {
  label: ReactNode;
  /** Validation message; when present the input is marked invalid and describes itself with it. */
  error?: string | undefined;
  hint?: ReactNode;
  rootClassName?: string;
};

/**
 * A labelled input with hint and error. Works with react-hook-form's register(): React 19 passes
 * `ref` through as a normal prop, so `<Field label="Email" {...register("email")} />` just works.
 */
export function Field({ label, error, hint, id, className, rootClassName, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const classes = field();
  return (
    <div className={cx(classes.root, rootClassName)}>
      <label htmlFor={inputId} className={classes.label}>
        {label}
      </label>
      <input
        id={inputId}
        className={cx(classes.input, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...input}
      />
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

type SelectFieldProps = ComponentProps<"select"> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  rootClassName?: string;
  options: readonly { value: string; label: string }[];
};

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
  const auto = useId();
  const selectId = id ?? auto;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const classes = field();
  return (
    <div className={cx(classes.root, rootClassName)}>
      <label htmlFor={selectId} className={classes.label}>
        {label}
      </label>
      <select
        id={selectId}
        className={cx(classes.input, selectChevron, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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

type TextAreaFieldProps = ComponentProps<"textarea"> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  rootClassName?: string;
};

/** A labelled <textarea> with hint and error, styled like the text fields. */
export function TextAreaField({ label, error, hint, id, className, rootClassName, rows = 4, ...textarea }: TextAreaFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const classes = field();
  return (
    <div className={cx(classes.root, rootClassName)}>
      <label htmlFor={inputId} className={classes.label}>
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        className={cx(classes.input, css({ resize: "vertical", lineHeight: "1.5" }), className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...textarea}
      />
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
