// The dispatch board's shared styles: a stop's number (the colour of its kind, as on the map) and the legend's dots.
import { css, cx } from "styled-system/css";

const numberBase = css({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  width: "8",
  height: "8",
  borderRadius: "full",
  color: "white",
  fontWeight: "700",
  fontSize: "sm",
  fontVariantNumeric: "tabular-nums",
  boxShadow: "0 0 0 2px white, 0 0 0 3px token(colors.slate.200)",
});

/** A stop's number in the list, in its kind's colour (ocean 700 / sunset 700, as the map's markers). */
export const stopNumber = {
  delivery: cx(numberBase, css({ bg: "ocean.700" })),
  collection: cx(numberBase, css({ bg: "sunset.700" })),
};

const dotBase = css({ display: "inline-block", width: "3", height: "3", borderRadius: "full" });

export const kindDot = {
  delivery: cx(dotBase, css({ bg: "ocean.700" })),
  collection: cx(dotBase, css({ bg: "sunset.700" })),
};
