import { css } from "styled-system/css";

const skip = css({
  position: "absolute",
  left: "4",
  top: "-20",
  zIndex: "100",
  bg: "bg.surface",
  color: "brand.text",
  px: "4",
  py: "2.5",
  borderRadius: "control",
  boxShadow: "raised",
  fontWeight: "600",
  _focus: { top: "3" },
});

/** The first stop of the keyboard on every page: straight past the header to the page's <main id="main">. */
export function SkipLink() {
  return (
    <a href="#main" className={skip}>
      Skip to content
    </a>
  );
}
