import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { usePageTitle } from "../lib/usePageTitle.ts";
import { ButtonLink } from "../ui/Button.tsx";
import { HeaderLogo } from "../ui/HeaderLogo.tsx";
import { CustomerFooter } from "./CustomerScreen.tsx";

// SPEC 1: the exact tagline, split over two lines for the layout but read as one sentence.
const TAGLINE_LEAD = "Hassle-free car rentals in Cape Town.";
const TAGLINE_TAIL = "Fully insured. No deposits.";

const heroBg = css({ bg: "ocean.800", color: "white" });

const hero = css({
  bgImage: "linear-gradient(180deg, token(colors.ocean.800) 0%, token(colors.ocean.700) 45%, token(colors.ocean.500) 100%)",
  color: "white",
  pt: "4",
});

const eyebrow = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "2",
  px: "3",
  py: "1",
  mb: "3",
  borderRadius: "full",
  bg: "white/12",
  borderWidth: "1px",
  borderColor: "white/20",
  fontSize: "sm",
  fontWeight: "600",
  color: "ocean.50",
});

const title = css({
  textStyle: "display",
  fontSize: "2rem",
  textWrap: "balance",
  "& > span": { display: "block" },
});

const titleTail = css({
  mt: "2",
  fontSize: "1.25rem",
  lineHeight: "1.3",
  fontWeight: "700",
  letterSpacing: "-0.01em",
  color: "sunset.200",
});

/** Table Mountain with Lion's Head and Devil's Peak at dusk, a car on the coast road. Decorative. */
function HeroScene() {
  return (
    <svg viewBox="0 14 430 156" className={css({ display: "block", width: "full", height: "auto", mb: "-2px" })} aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="capedrive-sun-glow">
          <stop offset="0.45" stopColor="#fdba74" stopOpacity="0.45" />
          <stop offset="1" stopColor="#fdba74" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="252" cy="41" r="30" fill="url(#capedrive-sun-glow)" />
      <circle cx="252" cy="41" r="15" fill="#fdba74" />
      <path d="M0 128c20-8 34-26 46-42l9-10 8 10c12 14 32 18 49 14l16-10 18-22 4-4 150-2 6 4 16 12 18-20 8-2 14 20c18 20 43 28 68 32v62H0Z" fill="#0a3249" />
      <path d="M150 64h150" stroke="#2a769b" strokeWidth="1.5" opacity="0.7" />
      <path d="M0 150c60-18 120-10 190-4s140-10 240-4v28H0Z" fill="#061f2e" />
      <g transform="translate(232 127)">
        <path d="M2 12c0-3 2-4 5-4.5l6-5C14.5 1.2 16 1 18 1h11c2 0 3.5.7 4.8 2L38 7.3c3 .5 6 1.7 6 4.7v3H2Z" fill="#fb923c" />
        <path d="M15 3.2h7v4.3H10.5Z" fill="#0c3f5c" />
        <path d="M24 3.2h5c1 0 2 .5 2.8 1.3l3 3H24Z" fill="#0c3f5c" />
        <circle cx="11" cy="15" r="3.6" fill="#061f2e" />
        <circle cx="11" cy="15" r="1.4" fill="#d8e0e8" />
        <circle cx="35" cy="15" r="3.6" fill="#061f2e" />
        <circle cx="35" cy="15" r="1.4" fill="#d8e0e8" />
      </g>
      <path d="M0 172v-10c110-14 300 12 430-8v18Z" fill="#ffffff" />
    </svg>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const POINTS: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: "Fully insured",
    text: "Cover is included with every rental.",
    icon: (
      <Icon>
        <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
        <path d="m9 12 2 2 4-4" />
      </Icon>
    ),
  },
  {
    title: "No deposits",
    text: "Pay for your days. Nothing held back.",
    icon: (
      <Icon>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M2 10h20" />
        <path d="M6 15h4" />
      </Icon>
    ),
  },
  {
    title: "Delivered to you",
    text: "We drop off and collect where you say.",
    icon: (
      <Icon>
        <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
        <circle cx="12" cy="10" r="3" />
      </Icon>
    ),
  },
];

const pointIcon = css({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  width: "10",
  height: "10",
  borderRadius: "xl",
  bg: "brand.subtle",
  color: "brand.text",
});

/** The landing screen (SPEC 2, "/"): logo, tagline, Sign Up and Sign In. */
export function Landing() {
  usePageTitle();
  return (
    <>
      <header className={heroBg}>
        <div className={css({ px: "6", pt: "4" })}>
          <HeaderLogo tone="inverse" />
        </div>
      </header>
      <main id="main" className={css({ flex: "1", display: "flex", flexDirection: "column" })}>
        <section className={hero} aria-labelledby="landing-title">
          <div className={css({ px: "6" })}>
            <p className={eyebrow}>
              <span aria-hidden="true" className={css({ width: "2", height: "2", borderRadius: "full", bg: "sunset.400" })} />
              Cape Town · from R450/day
            </p>
            <h1 id="landing-title" className={title}>
              <span>{TAGLINE_LEAD}</span> <span className={titleTail}>{TAGLINE_TAIL}</span>
            </h1>
          </div>
          <HeroScene />
        </section>

        <section aria-label="Why CapeDrive" className={css({ position: "relative", bg: "bg.surface", px: "6", pt: "2", pb: "2" })}>
          <ul className={css({ display: "flex", flexDirection: "column", gap: "3.5" })}>
            {POINTS.map((point) => (
              <li key={point.title} className={css({ display: "flex", alignItems: "center", gap: "3.5" })}>
                <span className={pointIcon}>{point.icon}</span>
                <span className={css({ display: "flex", flexDirection: "column" })}>
                  <span className={css({ fontWeight: "650", color: "fg.default" })}>{point.title}</span>
                  <span className={css({ textStyle: "small", color: "fg.muted" })}>{point.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <div className={css({ mt: "auto", px: "6", pt: "4", pb: "1", display: "flex", flexDirection: "column", gap: "3" })}>
          <ButtonLink to="/signup" size="lg" fullWidth>
            Sign Up
          </ButtonLink>
          <ButtonLink to="/signin" size="lg" variant="outline" fullWidth>
            Sign In
          </ButtonLink>
          <p className={css({ textStyle: "caption", color: "fg.muted", textAlign: "center", textWrap: "balance", mt: "1" })}>
            A valid driver's licence is required. Cancel up to 24 hours before pickup.
          </p>
        </div>
      </main>
      <CustomerFooter />
    </>
  );
}
