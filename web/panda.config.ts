/**
 * CapeDrive design system (Panda CSS).
 *
 * Run from the web/ folder (web/build.ts and web/dev.ts do): paths below are relative to it.
 * Generated output goes to web/styled-system (git-ignored), imported as `styled-system/*`.
 *
 * Colour rules: every text/background pair used by a recipe has a contrast of at least 4.5:1
 * (white on brand.solid 9.2:1, white on success 5.0:1, white on danger 6.5:1, amber text on the
 * amber notice 6.8:1, muted text on white 5.8:1).
 */
import { defineConfig, defineRecipe, defineSemanticTokens, defineSlotRecipe, defineTextStyles, defineTokens } from "@pandacss/dev";
import { BRAND_FONT_STACK, BRAND_PALETTE } from "#domain/brand.ts";

// The palette and font stack live in domain/brand.ts, shared with the HTML emails.
const asTokens = <T extends Record<string, string>>(scale: T) =>
  Object.fromEntries(Object.entries(scale).map(([step, value]) => [step, { value }])) as { [K in keyof T]: { value: string } };

const tokens = defineTokens({
  colors: {
    // Atlantic / Table Mountain blue. 700 is the brand colour.
    ocean: asTokens(BRAND_PALETTE.ocean),
    // Cape sunset, used sparingly for highlights.
    sunset: asTokens(BRAND_PALETTE.sunset),
    slate: asTokens(BRAND_PALETTE.slate),
  },
  fonts: {
    body: { value: BRAND_FONT_STACK },
    mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
  },
  sizes: {
    phone: { value: "430px" },
  },
});

const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: "{colors.slate.100}" }, // behind the phone frame on wide screens
      surface: { value: "{colors.slate.0}" }, // cards, the phone frame, inputs
      subtle: { value: "{colors.slate.50}" }, // page sections, table stripes
      muted: { value: "{colors.slate.100}" },
    },
    fg: {
      default: { value: "{colors.slate.800}" },
      muted: { value: "{colors.slate.500}" },
      onBrand: { value: "{colors.slate.0}" },
      link: { value: "{colors.ocean.700}" },
    },
    border: {
      default: { value: "{colors.slate.200}" },
      strong: { value: "{colors.slate.300}" },
    },
    brand: {
      solid: { value: "{colors.ocean.700}" },
      solidHover: { value: "{colors.ocean.800}" },
      solidActive: { value: "{colors.ocean.900}" },
      subtle: { value: "{colors.ocean.50}" },
      muted: { value: "{colors.ocean.100}" },
      text: { value: "{colors.ocean.700}" },
      deep: { value: "{colors.ocean.950}" },
    },
    accent: {
      solid: { value: "{colors.sunset.700}" }, // white text 5.2:1
      bright: { value: "{colors.sunset.400}" }, // decoration only (never text on white)
      subtle: { value: "{colors.sunset.50}" },
      text: { value: "{colors.sunset.800}" },
    },
    warning: {
      bg: { value: "#fffbeb" },
      border: { value: "#fcd34d" },
      icon: { value: "#d97706" },
      fg: { value: "#92400e" },
    },
    success: {
      solid: { value: "#15803d" },
      bg: { value: "#dcfce7" },
      fg: { value: "#166534" },
      border: { value: "#86efac" },
    },
    danger: {
      solid: { value: "#b91c1c" },
      solidHover: { value: "#991b1b" },
      bg: { value: "#fee2e2" },
      fg: { value: "#991b1b" },
      border: { value: "#fca5a5" },
    },
    info: {
      bg: { value: "#dbeafe" },
      fg: { value: "#1e40af" },
      border: { value: "#93c5fd" },
    },
    neutral: {
      bg: { value: "{colors.slate.100}" },
      fg: { value: "{colors.slate.700}" },
      border: { value: "{colors.slate.300}" },
    },
    focusRing: { value: "{colors.sunset.600}" }, // 3.6:1 against white
  },
  shadows: {
    card: { value: "0 1px 2px rgba(15, 35, 55, 0.06), 0 1px 3px rgba(15, 35, 55, 0.08)" },
    raised: { value: "0 4px 12px rgba(15, 35, 55, 0.08), 0 12px 32px rgba(15, 35, 55, 0.10)" },
    frame: { value: "0 0 0 1px rgba(15, 35, 55, 0.06), 0 24px 64px rgba(15, 35, 55, 0.14)" },
  },
  radii: {
    control: { value: "{radii.lg}" }, // buttons and inputs (8px)
    card: { value: "{radii.2xl}" }, // cards (16px)
  },
});

// Type scale: use textStyle="..." (or css({ textStyle })).
const textStyles = defineTextStyles({
  display: { value: { fontSize: "2rem", lineHeight: "1.15", fontWeight: "800", letterSpacing: "-0.02em" } },
  title: { value: { fontSize: "1.5rem", lineHeight: "1.25", fontWeight: "700", letterSpacing: "-0.01em" } },
  heading: { value: { fontSize: "1.125rem", lineHeight: "1.4", fontWeight: "650" } },
  body: { value: { fontSize: "1rem", lineHeight: "1.5", fontWeight: "400" } },
  small: { value: { fontSize: "0.875rem", lineHeight: "1.45", fontWeight: "400" } },
  caption: { value: { fontSize: "0.75rem", lineHeight: "1.4", fontWeight: "500" } },
});

const focusRing = {
  outline: "3px solid",
  outlineColor: "focusRing",
  outlineOffset: "2px",
} as const;

const button = defineRecipe({
  className: "button",
  description: "Buttons and button-looking links",
  jsx: ["Button", "ButtonLink"],
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: "2",
    borderRadius: "control",
    borderWidth: "1.5px",
    borderStyle: "solid",
    borderColor: "transparent",
    fontWeight: "600",
    lineHeight: "1.2",
    textAlign: "center",
    textDecoration: "none",
    whiteSpace: "nowrap",
    cursor: "pointer",
    userSelect: "none",
    transitionProperty: "background-color, border-color, color, box-shadow, transform",
    transitionDuration: "150ms",
    WebkitTapHighlightColor: "transparent",
    _focusVisible: focusRing,
    _active: { transform: "translateY(1px)" },
    _disabled: { opacity: 0.55, cursor: "not-allowed", _active: { transform: "none" } },
    "& svg": { flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: {
        bg: "brand.solid",
        color: "fg.onBrand",
        _hover: { bg: "brand.solidHover" },
        _active: { bg: "brand.solidActive" },
      },
      outline: {
        bg: "bg.surface",
        color: "brand.text",
        borderColor: "brand.solid",
        _hover: { bg: "brand.subtle" },
      },
      ghost: {
        bg: "transparent",
        color: "brand.text",
        _hover: { bg: "brand.subtle" },
      },
      danger: {
        bg: "danger.solid",
        color: "fg.onBrand",
        _hover: { bg: "danger.solidHover" },
      },
    },
    size: {
      sm: { minH: "9", px: "3", fontSize: "sm" },
      md: { minH: "11", px: "4", fontSize: "md" },
      lg: { minH: "3.25rem", px: "6", fontSize: "md", borderRadius: "xl" },
    },
    fullWidth: {
      true: { width: "full" },
      false: {},
    },
  },
  defaultVariants: { variant: "solid", size: "md", fullWidth: false },
  staticCss: ["*"],
});

const card = defineRecipe({
  className: "card",
  description: "A white content card",
  jsx: ["Card"],
  base: {
    bg: "bg.surface",
    color: "fg.default",
    borderRadius: "card",
    borderWidth: "1px",
    borderColor: "border.default",
  },
  variants: {
    variant: {
      outline: {},
      elevated: { boxShadow: "card", borderColor: "transparent" },
      subtle: { bg: "bg.subtle" },
    },
    padding: {
      none: { p: "0" },
      sm: { p: "3" },
      md: { p: "4" },
      lg: { p: "6" },
    },
  },
  defaultVariants: { variant: "outline", padding: "md" },
  staticCss: ["*"],
});

const badge = defineRecipe({
  className: "badge",
  description: "Status badges. Booking status: confirmed green, completed grey, cancelled red, else blue.",
  jsx: ["Badge"],
  base: {
    display: "inline-flex",
    alignItems: "center",
    gap: "1",
    px: "2.5",
    py: "0.5",
    borderRadius: "full",
    borderWidth: "1px",
    fontSize: "xs",
    fontWeight: "600",
    lineHeight: "1.4",
    whiteSpace: "nowrap",
  },
  variants: {
    tone: {
      green: { bg: "success.bg", color: "success.fg", borderColor: "success.border" },
      grey: { bg: "neutral.bg", color: "neutral.fg", borderColor: "neutral.border" },
      red: { bg: "danger.bg", color: "danger.fg", borderColor: "danger.border" },
      blue: { bg: "info.bg", color: "info.fg", borderColor: "info.border" },
      amber: { bg: "warning.bg", color: "warning.fg", borderColor: "warning.border" },
    },
  },
  defaultVariants: { tone: "grey" },
  staticCss: ["*"],
});

const iconDisc = defineRecipe({
  className: "iconDisc",
  description: "The round tinted disc that holds an empty state's, a prompt's or an option's icon",
  jsx: ["IconDisc"],
  base: {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    borderRadius: "full",
    bg: "brand.subtle",
    color: "brand.text",
  },
  variants: {
    size: {
      sm: { width: "11", height: "11" },
      md: { width: "14", height: "14" },
      lg: { width: "16", height: "16" },
      xl: { width: "20", height: "20" },
    },
  },
  defaultVariants: { size: "lg" },
  staticCss: ["*"],
});

const field = defineSlotRecipe({
  className: "field",
  description: "A labelled form field: label, control, hint and error message",
  jsx: ["Field"],
  slots: ["root", "label", "input", "hint", "error"],
  base: {
    root: { display: "flex", flexDirection: "column", gap: "1.5", width: "full" },
    label: { fontSize: "sm", fontWeight: "600", color: "fg.default" },
    input: {
      width: "full",
      minH: "11",
      px: "3",
      py: "2",
      bg: "bg.surface",
      color: "fg.default",
      fontSize: "md", // 16px: stops iOS from zooming in on focus
      borderWidth: "1px",
      borderColor: "border.strong",
      borderRadius: "control",
      transitionProperty: "border-color, box-shadow",
      transitionDuration: "150ms",
      _placeholder: { color: "slate.400" },
      _hover: { borderColor: "slate.400" },
      _focusVisible: { ...focusRing, outlineOffset: "0", borderColor: "brand.solid" },
      // Hover must not hide the error: the invalid border stays red (hover and invalid are equally specific).
      _invalid: { borderColor: "danger.solid", _hover: { borderColor: "danger.solid" } },
      _disabled: { bg: "bg.subtle", color: "fg.muted", cursor: "not-allowed" },
    },
    hint: { fontSize: "sm", color: "fg.muted" },
    error: { fontSize: "sm", fontWeight: "500", color: "danger.fg" },
  },
  staticCss: ["*"],
});

const notice = defineSlotRecipe({
  className: "notice",
  description: "An inline notice; amber (warning) by default",
  jsx: ["Notice"],
  slots: ["root", "icon", "content", "title", "body"],
  base: {
    root: {
      display: "flex",
      gap: "3",
      alignItems: "flex-start",
      p: "4",
      borderRadius: "xl",
      borderWidth: "1px",
    },
    icon: { flexShrink: 0, width: "5", height: "5", mt: "0.5" },
    content: { display: "flex", flexDirection: "column", gap: "1", minWidth: "0" },
    title: { fontWeight: "650", fontSize: "sm", lineHeight: "1.4" },
    body: { fontSize: "sm", lineHeight: "1.5" },
  },
  variants: {
    tone: {
      amber: {
        root: { bg: "warning.bg", borderColor: "warning.border", color: "warning.fg" },
        icon: { color: "warning.icon" },
      },
      info: {
        root: { bg: "info.bg", borderColor: "info.border", color: "info.fg" },
      },
      success: {
        root: { bg: "success.bg", borderColor: "success.border", color: "success.fg" },
      },
      danger: {
        root: { bg: "danger.bg", borderColor: "danger.border", color: "danger.fg" },
      },
    },
  },
  defaultVariants: { tone: "amber" },
  staticCss: ["*"],
});

// The wide dialogs' frame (the back office's forms and details): a little room above and below.
const wideDialog = { maxH: { base: "92dvh", sm: "calc(100dvh - 2rem)" }, px: { base: "5", md: "6" } } as const;

const dialog = defineSlotRecipe({
  className: "dialog",
  description: "Every dialog of the app (Ark UI Dialog parts): a bottom sheet on phones, centred above",
  jsx: ["DialogShell"],
  slots: ["backdrop", "positioner", "content", "title", "description", "closeTrigger", "actions"],
  base: {
    backdrop: {
      position: "fixed",
      inset: "0",
      zIndex: "40",
      bg: "slate.900/55",
      backdropFilter: "blur(2px)",
      "&[data-state=open]": { animation: "fadeIn 0.15s ease-out" },
    },
    positioner: {
      position: "fixed",
      inset: "0",
      zIndex: "50",
      display: "flex",
      alignItems: { base: "flex-end", sm: "center" },
      justifyContent: "center",
      p: { base: "0", sm: "4" },
      overflowY: "auto",
    },
    content: {
      position: "relative",
      width: "full",
      overflowY: "auto",
      bg: "bg.surface",
      color: "fg.default",
      borderTopRadius: "2xl",
      borderBottomRadius: { base: "0", sm: "2xl" },
      boxShadow: "raised",
      pt: "6",
      pb: "calc(token(spacing.5) + env(safe-area-inset-bottom, 0px))",
      display: "flex",
      flexDirection: "column",
      gap: "4",
      _focusVisible: { outline: "none" },
      "&[data-state=open]": { animation: "fadeIn 0.15s ease-out" },
    },
    title: { textStyle: "heading", fontSize: "1.25rem", pr: "10" },
    description: { textStyle: "small", color: "fg.muted" },
    closeTrigger: {
      position: "absolute",
      top: "3",
      right: "3",
      // 44 px: the phone's sheets (and the driver's) are closed with a thumb.
      width: "11",
      height: "11",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      borderRadius: "full",
      color: "fg.muted",
      cursor: "pointer",
      _hover: { bg: "bg.muted", color: "fg.default" },
    },
    // Buttons at the foot: stacked on phones (the main action on top), in a row above.
    // Stacked on a phone in the order the keyboard reaches them (the way back first, the action last, nearest the thumb).
    actions: { display: "flex", flexDirection: "column", gap: "3", sm: { flexDirection: "row", justifyContent: "flex-end" } },
  },
  variants: {
    size: {
      // The customer's phone-width sheet (the phone frame's width).
      phone: { content: { maxW: "phone", maxH: "100dvh", px: "5" } },
      // The back office: a confirmation, a form, a wide form, a detail view.
      sm: { content: { maxW: "md", ...wideDialog } },
      md: { content: { maxW: "xl", ...wideDialog } },
      lg: { content: { maxW: "3xl", ...wideDialog } },
      xl: { content: { maxW: "5xl", ...wideDialog } },
    },
  },
  defaultVariants: { size: "phone" },
  staticCss: ["*"],
});

export default defineConfig({
  preflight: true,
  include: ["./src/**/*.{ts,tsx}"],
  exclude: ["./src/**/*.test.{ts,tsx}"],
  outdir: "styled-system",
  jsxFramework: "react",
  // Keep the default Panda preset (spacing, font sizes, radii, shadows, breakpoints) and extend it.
  theme: {
    extend: {
      tokens,
      semanticTokens,
      textStyles,
      keyframes: {
        progress: {
          "0%": { transform: "translateX(-100%)" },
          "100%": { transform: "translateX(250%)" },
        },
        fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
      },
      recipes: { button, card, badge, iconDisc },
      slotRecipes: { field, notice, dialog },
    },
  },
  globalCss: {
    "html, body": {
      fontFamily: "body",
      color: "fg.default",
      bg: "bg.canvas",
      WebkitFontSmoothing: "antialiased",
      MozOsxFontSmoothing: "grayscale",
      textRendering: "optimizeLegibility",
    },
    body: { minHeight: "100dvh" },
    "#root": { minHeight: "100dvh", isolation: "isolate" },
    a: { color: "fg.link" },
    ":focus-visible": { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
    // A new screen's heading takes the focus to say where the reader is (CustomerLayout); it is not a control, so no ring.
    "main h1[tabindex='-1']:focus": { outline: "none" },
    "::selection": { bg: "ocean.200", color: "ocean.950" },
    // Printing: A4 pages, white paper. A page made for paper (data-print-page: the condition
    // report) prints black on white without the app's frame, header or footer; its buttons hide
    // themselves with the _print condition. Here rather than in the components, so the landing
    // page's JavaScript carries none of it (base layer: !important beats the utility classes).
    "@page": { size: "A4", margin: "12mm" },
    "@media print": {
      "html, body, #root": { bg: "white", color: "black", minHeight: "auto" },
      "div:has(> [data-customer-frame] [data-print-page]), [data-customer-frame]:has([data-print-page])": {
        maxWidth: "none !important",
        minHeight: "auto !important",
        bg: "white !important",
        boxShadow: "none !important",
      },
      "[data-customer-frame]:has([data-print-page]) > :is(header, footer)": { display: "none !important" },
      // The page's own margins are the paper's (@page): the screen's padding would push a receipt of two documents onto a second sheet.
      "[data-customer-frame]:has([data-print-page]) > main": { padding: "0 !important" },
      "[data-print-page], [data-print-page] *": { color: "black !important" },
    },
    "@media (prefers-reduced-motion: reduce)": {
      "*, *::before, *::after": {
        animationDuration: "0.01ms !important",
        animationIterationCount: "1 !important",
        transitionDuration: "0.01ms !important",
        scrollBehavior: "auto !important",
      },
    },
  },
});
