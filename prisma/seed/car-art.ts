// Demo car photos, drawn rather than photographed (no copyrighted images): a side view of a car
// of one body style in one paint colour on a soft studio background, as SVG. The demo seed
// renders each to a JPEG with sharp and stores it like an uploaded photo.

export type BodyStyle = "hatch" | "sedan" | "suv" | "bakkie" | "van";

export const PAINTS = {
  white: { body: "#f4f6f8", shade: "#cfd6de" },
  silver: { body: "#b9c2cc", shade: "#8d98a5" },
  graphite: { body: "#4a5260", shade: "#2f3540" },
  navy: { body: "#1f3a68", shade: "#142746" },
  red: { body: "#c0392b", shade: "#8e2a20" },
  teal: { body: "#1f8a8a", shade: "#166565" },
  sand: { body: "#c8b08a", shade: "#9c8664" },
} as const;
export type Paint = keyof typeof PAINTS;

type Shape = {
  /** Outline of the whole body, bumper to bumper, roof included. */
  body: string;
  /** Side windows (drawn over the body). */
  windows: string[];
  wheels: [number, number];
  /** Door shut lines (x positions) and the sill height. */
  doors: number[];
  headlight: [number, number];
  taillight: [number, number];
};

const GROUND = 392;
const WHEEL_R = 50;

const SHAPES: Record<BodyStyle, Shape> = {
  hatch: {
    body: "M120 372 L118 300 Q122 282 150 276 L205 206 Q214 196 232 196 L450 196 Q470 196 486 208 L560 268 L650 288 Q684 296 686 326 L686 372 Z",
    windows: ["M214 270 L244 214 L338 214 L338 270 Z", "M352 214 L446 214 Q458 214 470 224 L524 270 L352 270 Z"],
    wheels: [226, 574],
    doors: [344, 528],
    headlight: [660, 300],
    taillight: [124, 292],
  },
  sedan: {
    body: "M92 372 L90 306 Q94 290 120 286 L236 278 L300 208 Q310 198 330 198 L488 198 Q508 198 524 212 L584 272 L684 290 Q712 296 714 326 L714 372 Z",
    windows: ["M262 274 L312 218 L400 218 L400 274 Z", "M414 218 L482 218 Q496 218 508 228 L552 274 L414 274 Z"],
    wheels: [222, 598],
    doors: [406, 560],
    headlight: [690, 302],
    taillight: [96, 298],
  },
  suv: {
    body: "M104 376 L102 262 Q104 232 132 222 L176 168 Q186 158 206 158 L500 158 Q524 158 540 174 L604 248 L670 266 Q700 274 702 306 L702 376 Z",
    windows: ["M150 250 L190 180 L300 180 L300 250 Z", "M314 180 L412 180 L412 250 L314 250 Z", "M426 180 L492 180 Q508 180 520 192 L570 250 L426 250 Z"],
    wheels: [226, 584],
    doors: [306, 418, 580],
    headlight: [676, 284],
    taillight: [108, 262],
  },
  bakkie: {
    body: "M96 376 L96 270 L366 270 L366 188 Q368 166 392 164 L520 164 Q544 164 558 182 L612 252 L690 268 Q718 276 720 306 L720 376 Z",
    windows: ["M384 252 L384 184 L440 184 L440 252 Z", "M454 184 L514 184 Q528 184 538 196 L580 252 L454 252 Z"],
    wheels: [214, 612],
    doors: [446, 590],
    headlight: [696, 286],
    taillight: [100, 282],
  },
  van: {
    body: "M90 376 L90 172 Q92 146 122 144 L540 144 Q566 144 584 164 L650 240 L694 256 Q720 266 722 298 L722 376 Z",
    windows: ["M116 236 L116 168 L250 168 L250 236 Z", "M264 168 L420 168 L420 236 L264 236 Z", "M434 168 L532 168 Q550 168 562 182 L608 236 L434 236 Z"],
    wheels: [212, 604],
    doors: [256, 426, 618],
    headlight: [700, 280],
    taillight: [94, 250],
  },
};

function wheel(cx: number): string {
  const cy = GROUND - WHEEL_R;
  return [
    `<circle cx="${cx}" cy="${cy}" r="${WHEEL_R + 8}" fill="#20242b"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${WHEEL_R}" fill="#2b3038"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${WHEEL_R - 16}" fill="#c9d0d8"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${WHEEL_R - 22}" fill="#e3e8ee"/>`,
    ...[0, 72, 144, 216, 288].map(
      (a) => `<rect x="${cx - 3}" y="${cy - (WHEEL_R - 18)}" width="6" height="${WHEEL_R - 24}" rx="3" fill="#9aa4b0" transform="rotate(${a} ${cx} ${cy})"/>`,
    ),
    `<circle cx="${cx}" cy="${cy}" r="7" fill="#6b7480"/>`,
  ].join("");
}

/** The SVG of one demo photo (800 x 500). */
export function carSvg(style: BodyStyle, paint: Paint): string {
  const shape = SHAPES[style];
  const colour = PAINTS[paint];
  const [rearWheel, frontWheel] = shape.wheels;
  const arch = (cx: number) => `<circle cx="${cx}" cy="${GROUND - WHEEL_R}" r="${WHEEL_R + 12}" fill="#1b1f25"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eaf0f6"/><stop offset="0.72" stop-color="#f8fafc"/><stop offset="0.72" stop-color="#e4e9ef"/><stop offset="1" stop-color="#d5dce4"/></linearGradient>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour.body}"/><stop offset="0.62" stop-color="${colour.body}"/><stop offset="1" stop-color="${colour.shade}"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3d4b5c"/><stop offset="1" stop-color="#1d2631"/></linearGradient>
    <clipPath id="shape"><path d="${shape.body}"/></clipPath>
  </defs>
  <rect width="800" height="500" fill="url(#bg)"/>
  <ellipse cx="${(rearWheel + frontWheel) / 2}" cy="${GROUND + 6}" rx="${(frontWheel - rearWheel) / 2 + 150}" ry="16" fill="#000" opacity="0.16"/>
  <path d="${shape.body}" fill="url(#paint)" stroke="${colour.shade}" stroke-width="3"/>
  <g clip-path="url(#shape)">
    <rect x="0" y="${GROUND - 40}" width="800" height="60" fill="#000" opacity="0.12"/>
    ${shape.doors.map((x) => `<line x1="${x}" y1="180" x2="${x}" y2="${GROUND - 44}" stroke="${colour.shade}" stroke-width="3" opacity="0.8"/>`).join("")}
    ${shape.doors
      .slice(0, -1)
      .map((x) => `<rect x="${x - 46}" y="290" width="28" height="7" rx="3.5" fill="${colour.shade}"/>`)
      .join("")}
  </g>
  ${shape.windows.map((d) => `<path d="${d}" fill="url(#glass)"/>`).join("")}
  ${shape.windows.map((d) => `<path d="${d}" fill="#fff" opacity="0.08" transform="translate(6 4) scale(0.985)"/>`).join("")}
  <rect x="${shape.headlight[0] - 14}" y="${shape.headlight[1] - 9}" width="30" height="16" rx="7" fill="#fff7d6" stroke="#d9c98a" stroke-width="2"/>
  <rect x="${shape.taillight[0] - 4}" y="${shape.taillight[1] - 9}" width="18" height="20" rx="5" fill="#d63a2f"/>
  ${arch(rearWheel)}${arch(frontWheel)}
  ${wheel(rearWheel)}${wheel(frontWheel)}
</svg>`;
}

/** The body style a demo car is drawn with, from its model name and category. */
export function bodyStyleOf(model: string, category: "small" | "medium" | "large"): BodyStyle {
  if (/hilux|ranger|double cab/i.test(model)) return "bakkie";
  if (/staria|quantum|van/i.test(model)) return "van";
  if (/fortuner|tiguan|cross|jolion|cx-|t-cross|suv/i.test(model)) return "suv";
  if (/corolla|quest|sedan/i.test(model) || category === "medium") return "sedan";
  return category === "large" ? "suv" : "hatch";
}
