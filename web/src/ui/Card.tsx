import type { ComponentProps } from "react";
import { cx } from "styled-system/css";
import { card, type CardVariantProps } from "styled-system/recipes";

type CardProps = ComponentProps<"div"> & CardVariantProps & { as?: "div" | "section" | "article" | "li" };

/** A content card. `as` picks the element (e.g. "li" inside a list, "article" for a booking). */
export function Card({ variant, padding, className, as = "div", ...rest }: CardProps) {
  const Tag = as as "div"; // same props for all four elements; only the tag name differs
  return <Tag className={cx(card({ variant, padding }), className)} {...rest} />;
}
