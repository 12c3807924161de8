import { css } from "styled-system/css";

/**
 * A selectable card: a <label> holding a visually hidden native radio input, so the choice is a
 * real radio group for keyboards and screen readers, and the whole card is the touch target.
 */
export const choiceCard = css({
  position: "relative",
  display: "flex",
  alignItems: "center",
  gap: "4",
  p: "4",
  borderRadius: "card",
  borderWidth: "1.5px",
  borderColor: "border.default",
  bg: "bg.surface",
  cursor: "pointer",
  transition: "border-color 150ms, background-color 150ms, box-shadow 150ms",
  _hover: { borderColor: "ocean.300" },
  "&:has(input:checked)": { borderColor: "brand.solid", bg: "brand.subtle", boxShadow: "0 0 0 1px token(colors.ocean.700)" },
  "&:has(input:focus-visible)": { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
  "&:has(input:disabled)": { opacity: 0.55, cursor: "not-allowed" },
});

export const hiddenRadio = css({ srOnly: true });

/** The round tick at the right of a selected card. */
export const choiceTick = css({
  flexShrink: 0,
  width: "6",
  height: "6",
  borderRadius: "full",
  borderWidth: "2px",
  borderColor: "border.strong",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  color: "white",
  "& svg": { opacity: 0 },
  "label:has(input:checked) &": { bg: "brand.solid", borderColor: "brand.solid", "& svg": { opacity: 1 } },
});

export const iconTile = css({
  flexShrink: 0,
  width: "12",
  height: "12",
  borderRadius: "xl",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  bg: "brand.subtle",
  color: "brand.text",
  overflow: "hidden",
  "label:has(input:checked) &": { bg: "white" },
});
