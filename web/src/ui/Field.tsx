import { useId, type ComponentProps, type ReactNode } from "react";
import { cx } from "styled-system/css";
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
