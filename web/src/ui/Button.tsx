import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cx } from "styled-system/css";
import { button, type ButtonVariantProps } from "styled-system/recipes";

type ButtonProps = ComponentProps<"button"> & ButtonVariantProps;

/** A <button> styled by the button recipe. Defaults to type="button" (never submits by accident). */
export function Button({ variant, size, fullWidth, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={cx(button({ variant, size, fullWidth }), className)} {...rest} />;
}

type ButtonLinkProps = ComponentProps<typeof Link> & ButtonVariantProps;

/** A router <Link> that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: ButtonLinkProps) {
  return <Link className={cx(button({ variant, size, fullWidth }), className)} {...rest} />;
}
