/**
 * The dispatch board's map: which of the day's stops can be drawn (a confirmed address; an
 * unconfirmed one is only the typed-address stand-in, so it is listed, not drawn), a view that
 * frames them (never tighter than a few suburbs, so one stop is not a blank close-up), and
 * markers spread round their point when several stops share it (a delivery and a collection at
 * the same door).
 */
import { parseCoordinates, type Position } from "#domain/geo.ts";
import { CAPE_TOWN_BOUNDS, fitView, type Bounds, type MapView } from "./mapView.ts";

export interface Stop<K extends string = string> {
  /** 1, 2, 3... in time order, as in the list. */
  number: number;
  kind: K;
  /** "lat,lon" */
  coordinates: string;
  verified: boolean;
}

/** Stops that can be drawn (with their position) and those that cannot (unconfirmed or unreadable). */
export function placeStops<S extends Stop>(stops: readonly S[]): { shown: (S & { position: Position })[]; hidden: S[] } {
  const shown: (S & { position: Position })[] = [];
  const hidden: S[] = [];
  for (const stop of stops) {
    const point = stop.verified ? parseCoordinates(stop.coordinates) : null;
    if (point) shown.push({ ...stop, position: [point.lon, point.lat] });
    else hidden.push(stop);
  }
  return { shown, hidden };
}

/**
 * The smallest span (degrees of latitude, about 33 km) the view shows around the stops: a day with
 * one stop still shows where it is (the coast, the places around it), not a blank patch of land.
 */
export const MIN_STOPS_SPAN = 0.3;

/** A view of `aspect` (width / height) framing the positions; the Cape Town metro when there are none. */
export function stopsView(positions: readonly Position[], aspect: number): MapView {
  if (positions.length === 0) return fitView([], { aspect });
  const lons = positions.map((p) => p[0]);
  const lats = positions.map((p) => p[1]);
  const centre: Position = [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
  const half = MIN_STOPS_SPAN / 2;
  const base: Bounds = { west: centre[0] - half, east: centre[0] + half, south: centre[1] - half, north: centre[1] + half };
  return fitView(positions, { base, margin: 0.05, aspect });
}

/**
 * Marker centres for points (SVG units): points within `radius` of an earlier one join its group,
 * and a group of several is laid round its first point, one `radius` apart, starting at the top.
 */
export function spreadMarkers(points: readonly { x: number; y: number }[], radius: number): { x: number; y: number }[] {
  const groups: { x: number; y: number; members: number[] }[] = [];
  points.forEach((point, index) => {
    const group = groups.find((g) => Math.hypot(g.x - point.x, g.y - point.y) < radius);
    if (group) group.members.push(index);
    else groups.push({ x: point.x, y: point.y, members: [index] });
  });
  const out = points.map((p) => ({ x: p.x, y: p.y }));
  for (const group of groups) {
    const k = group.members.length;
    if (k < 2) continue;
    // Far enough apart that neighbouring markers (radius each) do not overlap.
    const ring = radius / Math.sin(Math.PI / k);
    group.members.forEach((index, i) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * i) / k;
      out[index] = { x: group.x + ring * Math.cos(angle), y: group.y + ring * Math.sin(angle) };
    });
  }
  return out;
}

export { CAPE_TOWN_BOUNDS };
