/**
 * The service-area map: a simple projected lon/lat canvas of the Cape Town area (no tiles:
 * nothing outside the machine is reachable). Longitude is scaled by cos(latitude) at the middle
 * of the view, so shapes keep their proportions at this latitude. SVG units; north is up.
 */
import type { Position } from "#domain/geo.ts";

export interface Bounds {
  west: number;
  east: number;
  south: number;
  north: number;
}

export interface MapView extends Bounds {
  /** SVG width and height of the view. */
  width: number;
  height: number;
  /** SVG units per degree of latitude. */
  scale: number;
  cosLat: number;
}

/** The Cape Town metro, the peninsula, False Bay and the Winelands up to Paarl and Stellenbosch. */
export const CAPE_TOWN_BOUNDS: Readonly<Bounds> = { west: 18.25, east: 19.05, south: -34.4, north: -33.62 };

/** The larger side of the view, in SVG units. */
export const VIEW_SIZE = 1000;

/** A view that shows `bounds`, the larger side VIEW_SIZE units long. */
export function makeView(bounds: Bounds): MapView {
  const cosLat = Math.cos((((bounds.north + bounds.south) / 2) * Math.PI) / 180);
  const lonSpan = Math.max(1e-6, (bounds.east - bounds.west) * cosLat);
  const latSpan = Math.max(1e-6, bounds.north - bounds.south);
  const scale = VIEW_SIZE / Math.max(lonSpan, latSpan);
  return { ...bounds, width: lonSpan * scale, height: latSpan * scale, scale, cosLat };
}

/**
 * The Cape Town view grown to include every position given (plus a small margin) and, when an
 * `aspect` (width / height) is given, widened or heightened around its centre to that shape, so
 * the map fills its box instead of being letterboxed.
 */
export function fitView(positions: readonly Position[], options: { base?: Bounds; margin?: number; aspect?: number } = {}): MapView {
  const margin = options.margin ?? 0.03;
  let { west, east, south, north } = options.base ?? CAPE_TOWN_BOUNDS;
  for (const [lon, lat] of positions) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    west = Math.min(west, lon - margin);
    east = Math.max(east, lon + margin);
    south = Math.min(south, lat - margin);
    north = Math.max(north, lat + margin);
  }
  const aspect = options.aspect;
  if (aspect && aspect > 0) {
    const cosLat = Math.cos((((north + south) / 2) * Math.PI) / 180);
    const width = (east - west) * cosLat;
    const height = north - south;
    if (width / height < aspect) {
      const grow = (aspect * height - width) / cosLat / 2;
      west -= grow;
      east += grow;
    } else {
      const grow = (width / aspect - height) / 2;
      south -= grow;
      north += grow;
    }
  }
  return makeView({ west, east, south, north });
}

export function project(view: MapView, [lon, lat]: Position): { x: number; y: number } {
  return { x: (lon - view.west) * view.cosLat * view.scale, y: (view.north - lat) * view.scale };
}

/** The position under an SVG point, rounded to 5 decimals (about a metre). */
export function unproject(view: MapView, x: number, y: number): Position {
  const lon = view.west + x / (view.cosLat * view.scale);
  const lat = view.north - y / view.scale;
  return [roundCoordinate(lon), roundCoordinate(lat)];
}

export function roundCoordinate(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

/** "x,y x,y ..." for an SVG polygon or polyline. */
export function pointsAttribute(view: MapView, ring: readonly Position[]): string {
  return ring
    .map((position) => {
      const { x, y } = project(view, position);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

/** A GeoJSON ring without its closing point (the vertices to draw or edit). */
export function openRing(ring: readonly Position[]): Position[] {
  const out = ring.map(([lon, lat]) => [lon, lat] as Position);
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
}

/** A GeoJSON Polygon from drawn vertices (the ring closed by repeating the first). */
export function polygonFromVertices(vertices: readonly Position[]): { type: "Polygon"; coordinates: Position[][] } {
  const ring = vertices.map(([lon, lat]) => [lon, lat] as Position);
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return { type: "Polygon", coordinates: [ring] };
}

/** The outer ring of a stored polygon (a Polygon or a Feature of one), or [] when unreadable. */
export function outerRing(polygon: unknown): Position[] {
  let value = polygon as { type?: unknown; geometry?: unknown; coordinates?: unknown } | null;
  if (value && value.type === "Feature") value = value.geometry as typeof value;
  const rings = value?.coordinates;
  if (!Array.isArray(rings) || !Array.isArray(rings[0])) return [];
  return (rings[0] as unknown[]).filter((p): p is Position => Array.isArray(p) && typeof p[0] === "number" && typeof p[1] === "number");
}

/** Distinct vertices of a stored polygon's outer ring (a closed square has 4). */
export function vertexCount(polygon: unknown): number {
  return new Set(outerRing(polygon).map(([lon, lat]) => `${lon},${lat}`)).size;
}

/** "-33.92490, 18.42410" (latitude first, as people read coordinates). */
export function positionLabel([lon, lat]: Position): string {
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}

/**
 * The land of the Cape Town area (rough): the Atlantic coast from Silwerstroom down the
 * peninsula to Cape Point, round False Bay to Gordon's Bay and Hangklip, closed far inland.
 */
export const LAND: readonly Position[] = [
  [18.33, -33.45],
  [18.37, -33.58],
  [18.43, -33.7],
  [18.45, -33.77],
  [18.46, -33.81],
  [18.48, -33.86],
  [18.47, -33.895],
  [18.435, -33.905],
  [18.41, -33.9],
  [18.385, -33.912],
  [18.375, -33.935],
  [18.376, -33.955],
  [18.36, -33.985],
  [18.335, -34.005],
  [18.35, -34.035],
  [18.37, -34.04],
  [18.345, -34.07],
  [18.36, -34.1],
  [18.325, -34.135],
  [18.33, -34.16],
  [18.375, -34.2],
  [18.41, -34.26],
  [18.45, -34.31],
  [18.497, -34.357],
  [18.49, -34.32],
  [18.475, -34.27],
  [18.45, -34.22],
  [18.435, -34.19],
  [18.44, -34.16],
  [18.425, -34.14],
  [18.45, -34.13],
  [18.47, -34.11],
  [18.52, -34.09],
  [18.6, -34.075],
  [18.7, -34.075],
  [18.78, -34.095],
  [18.83, -34.12],
  [18.86, -34.155],
  [18.85, -34.2],
  [18.82, -34.3],
  [18.83, -34.36],
  [18.86, -34.39],
  [18.95, -34.37],
  [19.05, -34.35],
  [19.3, -34.42],
  [19.6, -34.45],
  [21, -34.45],
  [21, -32.5],
  [18.2, -32.5],
  [18.3, -33.2],
];

export const ROBBEN_ISLAND: readonly Position[] = [
  [18.365, -33.79],
  [18.38, -33.795],
  [18.385, -33.81],
  [18.37, -33.822],
  [18.358, -33.806],
];

/** Places to find one's way on the map. */
export const LANDMARKS: readonly { name: string; at: Position }[] = [
  { name: "Cape Town", at: [18.4241, -33.9249] },
  { name: "Airport", at: [18.6021, -33.9715] },
  { name: "Stellenbosch", at: [18.8602, -33.9321] },
  { name: "Bellville", at: [18.63, -33.9] },
  { name: "Durbanville", at: [18.65, -33.83] },
  { name: "Paarl", at: [18.97, -33.73] },
  { name: "Somerset West", at: [18.85, -34.08] },
  { name: "Muizenberg", at: [18.47, -34.105] },
  { name: "Hout Bay", at: [18.36, -34.04] },
  { name: "Simon's Town", at: [18.435, -34.19] },
  { name: "Cape Point", at: [18.497, -34.357] },
];

/** A landmark's label, in map pixels (`size` units): its font size, and how far right of the landmark's dot it starts and below it its baseline lies. */
export const LANDMARK_LABEL = { fontSize: 18, gap: 8, baseline: 6 } as const;

/** A circle drawn over the map (the dispatch board's numbered stops), which landmark labels keep clear of. */
export type MapMarker = { x: number; y: number; r: number };

/**
 * Where a landmark's label starts (SVG x): just right of its dot, or, where the text would lie
 * under a marker, just right of that marker (a collection at the airport hid the "A" of
 * "Airport"); left of the dot instead when the map (`viewWidth` wide) would cut its end off. The
 * text's extent is estimated from its length: the SVG is built before any layout.
 */
export function landmarkLabelStart(
  dot: { x: number; y: number },
  name: string,
  size: number,
  markers: readonly MapMarker[] = [],
  viewWidth = Number.POSITIVE_INFINITY,
): number {
  const gap = LANDMARK_LABEL.gap * size;
  const label = (start: number) => landmarkLabelBox(dot, name, size, start);
  const markerBoxes = [...markers].sort((a, b) => a.x - b.x).map((m) => ({ left: m.x - m.r, right: m.x + m.r, top: m.y - m.r, bottom: m.y + m.r }));
  let start = dot.x + gap;
  for (const marker of markerBoxes) if (boxesOverlap(label(start), marker)) start = marker.right + gap;
  if (label(start).right <= viewWidth) return start;
  const before = dot.x - gap - label(0).right;
  return before >= 0 && !markerBoxes.some((marker) => boxesOverlap(label(before), marker)) ? before : start;
}

/** The box (SVG units) a landmark's label starting at `start` takes: the line's ascent and descent, a bold letter's width at most. */
export function landmarkLabelBox(dot: { x: number; y: number }, name: string, size: number, start: number): Box {
  const fontSize = LANDMARK_LABEL.fontSize * size;
  const baseline = dot.y + LANDMARK_LABEL.baseline * size;
  return { left: start, right: start + name.length * 0.7 * fontSize, top: baseline - 0.9 * fontSize, bottom: baseline + 0.25 * fontSize };
}

export type Box = { left: number; right: number; top: number; bottom: number };

/** The map's note in its top right corner (font size and baseline in map units, times `size`). */
export const MAP_NOTE = { text: "Schematic map · coastline approximate", fontSize: 15, baseline: 16 } as const;

/** The box the note takes on a map `width` wide (`inset` from its right edge). */
export function mapNoteBox(width: number, size: number, inset: number): Box {
  const fontSize = MAP_NOTE.fontSize * size;
  return { left: width - inset - MAP_NOTE.text.length * 0.6 * fontSize, right: width, top: 0, bottom: MAP_NOTE.baseline * size + 0.25 * fontSize };
}

export const boxesOverlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Grid lines every `step` degrees inside the view. */
export function gridLines(view: MapView, step = 0.1): { lons: number[]; lats: number[] } {
  const lons: number[] = [];
  const lats: number[] = [];
  for (let lon = Math.ceil(view.west / step) * step; lon <= view.east + 1e-9; lon += step) lons.push(Math.round(lon * 1000) / 1000);
  for (let lat = Math.ceil(view.south / step) * step; lat <= view.north + 1e-9; lat += step) lats.push(Math.round(lat * 1000) / 1000);
  return { lons, lats };
}
