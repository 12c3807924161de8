// The booking card's shared styles (the card frame, its detail grid and the label/line pairs).
import { css } from "styled-system/css";

export const cardStyle = css({
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "xl",
  overflow: "hidden",
});

export const detailGrid = css({
  display: "grid",
  gap: { base: "4", md: "5" },
  gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))", xl: "repeat(4, minmax(0, 1fr))" },
  p: { base: "4", md: "5" },
});

export const termLabel = css({ fontSize: "xs", fontWeight: "650", textTransform: "uppercase", letterSpacing: "0.04em", color: "fg.muted", mb: "1" });

export const line = css({
  display: "flex",
  alignItems: "center",
  gap: "1.5",
  fontSize: "sm",
  minW: "0",
  overflowWrap: "anywhere",
  "& svg": { color: "fg.muted", flexShrink: 0 },
  // A link on its own line (an email, a phone number): at least 24 px high, WCAG 2.5.8's floor.
  "& > a": { display: "inline-flex", alignItems: "center", minH: "6" },
});
