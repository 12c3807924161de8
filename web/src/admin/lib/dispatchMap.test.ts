import { describe, expect, test } from "bun:test";
import { DEFAULT_TYPED_ADDRESS_COORDINATES } from "#domain/geo.ts";
import { MIN_STOPS_SPAN, placeStops, spreadMarkers, stopsView } from "./dispatchMap.ts";
import { CAPE_TOWN_BOUNDS, project } from "./mapView.ts";

describe("the dispatch board's map", () => {
  test("unconfirmed addresses are listed, not drawn at the stand-in point", () => {
    const { shown, hidden } = placeStops([
      { number: 1, kind: "delivery", coordinates: "-33.9249,18.4241", verified: true },
      { number: 2, kind: "collection", coordinates: DEFAULT_TYPED_ADDRESS_COORDINATES, verified: false },
      { number: 3, kind: "delivery", coordinates: "nonsense", verified: true },
    ]);
    expect(shown.map((s) => [s.number, s.position])).toEqual([[1, [18.4241, -33.9249]]]);
    expect(hidden.map((s) => s.number)).toEqual([2, 3]);
  });

  test("the view frames the stops, never tighter than a few suburbs, in the box's shape", () => {
    const one = stopsView([[18.4241, -33.9249]], 1);
    expect(one.north - one.south).toBeGreaterThan(MIN_STOPS_SPAN - 1e-9);
    expect(one.width / one.height).toBeCloseTo(1, 6);
    const far = stopsView(
      [
        [18.4241, -33.9249],
        [18.8602, -33.9321],
      ],
      4 / 3,
    );
    for (const p of [
      [18.4241, -33.9249],
      [18.8602, -33.9321],
    ] as const) {
      const { x, y } = project(far, [p[0], p[1]]);
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(far.width);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(far.height);
    }
    expect(far.width / far.height).toBeCloseTo(4 / 3, 6);
    // No stops: the whole metro.
    const none = stopsView([], 1);
    expect(none.west).toBeLessThanOrEqual(CAPE_TOWN_BOUNDS.west);
    expect(none.east).toBeGreaterThanOrEqual(CAPE_TOWN_BOUNDS.east);
  });

  test("markers at one door are spread round it without overlapping; lone ones stay put", () => {
    const spread = spreadMarkers(
      [
        { x: 100, y: 100 },
        { x: 100, y: 100 },
        { x: 300, y: 300 },
        { x: 101, y: 100 },
      ],
      10,
    );
    expect(spread[2]).toEqual({ x: 300, y: 300 });
    const group = [spread[0]!, spread[1]!, spread[3]!];
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) expect(Math.hypot(group[i]!.x - group[j]!.x, group[i]!.y - group[j]!.y)).toBeGreaterThanOrEqual(19.99);
    expect(spread[0]!.y).toBeLessThan(100); // the first on top
  });
});
