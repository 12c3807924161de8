/**
 * CapeDrive's colours and type, in one place: the web's Panda theme (web/panda.config.ts) builds
 * its tokens from this palette, and every HTML email (server/emails) is drawn in the same colours,
 * so an email's button is the brand navy of the site's buttons (issue 15, point 13).
 */

/** Atlantic / Table Mountain blue (700 is the brand colour), Cape sunset for highlights, neutrals. */
export const BRAND_PALETTE = {
  ocean: {
    50: "#eef6fa",
    100: "#d6e9f2",
    200: "#add2e4",
    300: "#7cb4d0",
    400: "#4a93b6",
    500: "#2a769b",
    600: "#1a6186",
    700: "#0f4c6e",
    800: "#0c3f5c",
    900: "#0a3249",
    950: "#061f2e",
  },
  sunset: { 50: "#fff7ed", 100: "#ffedd5", 200: "#fed7aa", 300: "#fdba74", 400: "#fb923c", 500: "#f97316", 600: "#ea580c", 700: "#c2410c", 800: "#9a3412" },
  slate: {
    0: "#ffffff",
    25: "#fafbfc",
    50: "#f4f7fa",
    100: "#e9eef3",
    200: "#d8e0e8",
    300: "#bcc7d3",
    400: "#8d9aab",
    500: "#5b6675",
    600: "#475260",
    700: "#333d4a",
    800: "#1f2833",
    900: "#121922",
  },
} as const;

export const BRAND_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/** The colours an email uses, named for their role (the same pairs as the site: white on navy 9.2:1). */
export const EMAIL_COLOURS = {
  text: BRAND_PALETTE.slate[800],
  muted: BRAND_PALETTE.slate[500],
  page: BRAND_PALETTE.slate[50],
  card: BRAND_PALETTE.slate[0],
  border: BRAND_PALETTE.slate[200],
  button: BRAND_PALETTE.ocean[700],
  buttonText: BRAND_PALETTE.slate[0],
  link: BRAND_PALETTE.ocean[700],
  accent: BRAND_PALETTE.sunset[700],
} as const;

/**
 * The same roles in a mail client's dark mode (Apple Mail, Outlook apps and others that honour
 * prefers-color-scheme): light text on the darkest slates, a lighter ocean for links and buttons
 * (slate 900 on ocean 300 is 7.8:1), the sunset lightened to stay legible on slate 800.
 */
export const EMAIL_DARK_COLOURS = {
  text: BRAND_PALETTE.slate[100],
  muted: BRAND_PALETTE.slate[300],
  page: BRAND_PALETTE.slate[900],
  card: BRAND_PALETTE.slate[800],
  border: BRAND_PALETTE.slate[700],
  button: BRAND_PALETTE.ocean[300],
  buttonText: BRAND_PALETTE.slate[900],
  link: BRAND_PALETTE.ocean[300],
  accent: BRAND_PALETTE.sunset[400],
} as const;

const PALETTE_COLOURS = new Set<string>(Object.values(BRAND_PALETTE).flatMap((scale) => Object.values(scale)));

/**
 * The #rrggbb colours in some HTML that are not the brand's (an email must have none). Only
 * styles are read (style attributes, <style> blocks, bgcolor/color attributes): a booking number
 * such as "#1d9f3c" in the text is not a colour.
 */
export function offBrandColours(html: string): string[] {
  const styles = [...html.matchAll(/\sstyle="([^"]*)"|<style[^>]*>([\s\S]*?)<\/style>|\s(?:bg)?color="([^"]*)"/gi)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
  const colours = styles.flatMap((css) => css.toLowerCase().match(/#[0-9a-f]{6}\b/g) ?? []);
  return [...new Set(colours)].filter((colour) => !PALETTE_COLOURS.has(colour));
}
