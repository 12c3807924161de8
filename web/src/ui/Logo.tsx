import { css, cx } from "styled-system/css";

/** Brand colours baked into the mark (they match the ocean/sunset tokens). */
const OCEAN_700 = "#0f4c6e";
const OCEAN_950 = "#061f2e";
const SUNSET_400 = "#fb923c";

type Tone = "brand" | "inverse";

/** The square mark: Table Mountain under a low sun, with the coast road below. Decorative. */
export function LogoMark({ size = 36, tone = "brand" }: { size?: number; tone?: Tone }) {
  const tile = tone === "brand" ? OCEAN_700 : "#ffffff";
  const mountain = tone === "brand" ? "#ffffff" : OCEAN_700;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill={tile} />
      <circle cx="29" cy="12.5" r="4" fill={SUNSET_400} />
      <path d="M5 27.5 10 21l2.2 1.2L16.5 15h10l3 3.8 5 6.2v2.5Z" fill={mountain} />
      <path d="M6 32.5c5-2.6 9.5-2.6 14 0s9 2.6 14 0" fill="none" stroke={SUNSET_400} strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

const wordmark = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "2.5",
  fontWeight: "800",
  letterSpacing: "-0.02em",
  lineHeight: "1",
  whiteSpace: "nowrap",
});

const textSize = {
  sm: css({ fontSize: "1.125rem" }),
  md: css({ fontSize: "1.3125rem" }),
  lg: css({ fontSize: "1.875rem" }),
};

const toneColours = {
  brand: { cape: css({ color: "brand.text" }), drive: css({ color: "accent.solid" }) },
  inverse: { cape: css({ color: "white" }), drive: css({ color: "sunset.300" }) },
};

/**
 * Mark + wordmark. The wordmark is real text ("CapeDrive"), so it is read out and scales with
 * the user's font size; the mark is hidden from assistive technology.
 */
export function Logo({ tone = "brand", size = "md", className }: { tone?: Tone; size?: "sm" | "md" | "lg"; className?: string }) {
  const markSize = size === "sm" ? 28 : size === "md" ? 34 : 48;
  return (
    <span className={cx(wordmark, className)}>
      <LogoMark size={markSize} tone={tone} />
      <span className={textSize[size]}>
        <span className={toneColours[tone].cape}>Cape</span>
        <span className={toneColours[tone].drive}>Drive</span>
      </span>
    </span>
  );
}

export { OCEAN_700, OCEAN_950, SUNSET_400 };
