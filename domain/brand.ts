/**
 * CapeDrive's colours and type, in one place: the web's Panda theme (web/panda.config.ts) builds
 * its tokens from this palette, and every HTML email is laid out here with the same colours, so
 * an email's button is the brand navy of the site's buttons (issue 15, point 13).
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

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A call to action: the site's primary button, as an email client draws it (inline styles only). */
export function emailButton(href: string, label: string): string {
  const c = EMAIL_COLOURS;
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;background:${c.button};color:${c.buttonText};border-radius:10px;font-weight:700;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/** A link inside the text, in the brand's link colour. */
export function emailLink(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${EMAIL_COLOURS.link};font-weight:600">${escapeHtml(label)}</a>`;
}

/** A quoted message (e.g. a buyer's enquiry), set off by the brand's accent. */
export function emailQuote(text: string): string {
  return `<blockquote style="margin:0 0 1em;padding:8px 12px;border-left:3px solid ${EMAIL_COLOURS.accent};background:${EMAIL_COLOURS.page};white-space:pre-wrap">${escapeHtml(text)}</blockquote>`;
}

/**
 * A whole HTML email: the CapeDrive wordmark on a white card on the light page colour, the body
 * (already escaped HTML) and a muted footer. Tables, as email clients still need them.
 */
export function emailDocument(title: string, bodyHtml: string): string {
  const c = EMAIL_COLOURS;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:${c.page};font-family:${BRAND_FONT_STACK.replaceAll('"', "'")};line-height:1.5;color:${c.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${c.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 4px 16px;font-size:22px;font-weight:800;color:${c.button}">Cape<span style="color:${c.accent}">Drive</span></td></tr>
<tr><td style="background:${c.card};border:1px solid ${c.border};border-radius:14px;padding:24px">
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 4px;font-size:13px;color:${c.muted}">CapeDrive · Hassle-free car rentals in Cape Town</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

const PALETTE_COLOURS = new Set<string>(Object.values(BRAND_PALETTE).flatMap((scale) => Object.values(scale)));

/** The #rrggbb colours in some HTML that are not the brand's (an email must have none). */
export function offBrandColours(html: string): string[] {
  return [...new Set(html.toLowerCase().match(/#[0-9a-f]{6}\b/g) ?? [])].filter((colour) => !PALETTE_COLOURS.has(colour));
}
