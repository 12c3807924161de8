import type { ComponentProps } from "react";
import { cx } from "styled-system/css";
import { iconDisc, type IconDiscVariantProps } from "styled-system/recipes";

type IconDiscProps = ComponentProps<"span"> & IconDiscVariantProps;

/** The round tinted disc holding an empty state's, a prompt's or an option's icon (the iconDisc recipe). */
export function IconDisc({ size, className, ...rest }: IconDiscProps) {
  return <span className={cx(iconDisc({ size }), className)} {...rest} />;
}
