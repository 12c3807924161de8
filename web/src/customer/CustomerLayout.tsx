import { Outlet } from "react-router";
import { css } from "styled-system/css";

const page = css({
  minH: "100dvh",
  display: "flex",
  justifyContent: "center",
  bg: "bg.canvas",
  md: {
    bgImage:
      "radial-gradient(ellipse 80% 60% at 50% 0%, token(colors.ocean.100), transparent 70%), linear-gradient(180deg, token(colors.slate.50), token(colors.slate.100))",
  },
});

const frame = css({
  width: "full",
  maxW: "phone",
  minH: "100dvh",
  display: "flex",
  flexDirection: "column",
  position: "relative",
  bg: "bg.surface",
  md: { boxShadow: "frame" },
});

/** Customer screens sit in a phone-width frame (SPEC 1), centred on wider screens. */
export function CustomerLayout() {
  return (
    <div className={page}>
      <div className={frame} data-customer-frame="">
        <Outlet />
      </div>
    </div>
  );
}
