import type { ComponentProps } from "react";
import { cx } from "styled-system/css";
import { badge, type BadgeVariantProps } from "styled-system/recipes";

export type BadgeTone = NonNullable<BadgeVariantProps["tone"]>;

export function Badge({ tone, className, ...rest }: ComponentProps<"span"> & BadgeVariantProps) {
  return <span className={cx(badge({ tone }), className)} {...rest} />;
}

/** SPEC 4, "Badge colours": confirmed green, completed grey, cancelled red, anything else blue. */
export function bookingStatusTone(status: string): BadgeTone {
  switch (status) {
    case "confirmed":
      return "green";
    case "completed":
      return "grey";
    case "cancelled":
      return "red";
    default:
      return "blue";
  }
}
