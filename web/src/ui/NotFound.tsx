import { css } from "styled-system/css";
import { usePageTitle } from "../lib/usePageTitle.ts";
import { ButtonLink } from "./Button.tsx";
import { IconDisc } from "./IconDisc.tsx";

const wrap = css({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  textAlign: "center",
  gap: "4",
  flex: "1",
  px: "6",
  py: "16",
  mx: "auto",
  maxW: "md",
});

/** A signpost pointing nowhere in particular. */
function SignpostIcon() {
  return (
    <svg
      width="40"
      height="40"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3v18" />
      <path d="M5 6h11l3 2.5L16 11H5Z" />
      <path d="M19 13H8l-3 2.5L8 18h11Z" />
    </svg>
  );
}

/**
 * The 404 content: "404 Page Not Found" (SPEC 2 and 8) with a way back. Content only: the
 * surrounding layout supplies the header and the main landmark.
 */
export function NotFound({ homeHref = "/", homeLabel = "Go to home page" }: { homeHref?: string; homeLabel?: string }) {
  usePageTitle("Page not found");
  return (
    <div className={wrap}>
      <IconDisc size="xl" className={css({ mb: "2" })}>
        <SignpostIcon />
      </IconDisc>
      <h1 className={css({ textStyle: "title", color: "fg.default" })}>404 Page Not Found</h1>
      <p className={css({ color: "fg.muted", maxW: "xs" })}>The page you are looking for does not exist or has moved.</p>
      <ButtonLink to={homeHref} size="lg" className={css({ mt: "2" })}>
        {homeLabel}
      </ButtonLink>
    </div>
  );
}
