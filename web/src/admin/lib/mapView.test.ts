import { describe, expect, test } from "bun:test";
import { validateServiceAreaPolygon } from "#domain/geo.ts";
import {
  CAPE_TOWN_BOUNDS,
  VIEW_SIZE,
  fitView,
  boxesOverlap,
  landmarkLabelBox,
  landmarkLabelStart,
  mapNoteBox,
  makeView,
  openRing,
  outerRing,
  polygonFromVertices,
  positionLabel,
  project,
  unproject,
  vertexCount,
} from "./mapView.ts";

describe("the service-area map's projection", () => {
  test("the Cape Town view: north up, longitude shrunk by cos(latitude)", () => {
    const view = makeView(CAPE_TOWN_BOUNDS);
    expect(Math.max(view.width, view.height)).toBeCloseTo(VIEW_SIZE, 6);
    expect(project(view, [CAPE_TOWN_BOUNDS.west, CAPE_TOWN_BOUNDS.north])).toEqual({ x: 0, y: 0 });
    const corner = project(view, [CAPE_TOWN_BOUNDS.east, CAPE_TOWN_BOUNDS.south]);
    expect(corner.x).toBeCloseTo(view.width, 6);
    expect(corner.y).toBeCloseTo(view.height, 6);
    // 0.1° of longitude is shorter on the map than 0.1° of latitude at -34°.
    const a = project(view, [18.4, -33.9]);
    const east = project(view, [18.5, -33.9]);
    const south = project(view, [18.4, -34.0]);
    expect((east.x - a.x) / (south.y - a.y)).toBeCloseTo(Math.cos((-34.01 * Math.PI) / 180), 2);
  });

  test("a click maps back to the position under it, to 5 decimals", () => {
    const view = makeView(CAPE_TOWN_BOUNDS);
    const cbd = project(view, [18.4241, -33.9249]);
    expect(unproject(view, cbd.x, cbd.y)).toEqual([18.4241, -33.9249]);
  });

  test("the view grows to show far-away areas, and takes the box's shape", () => {
    const view = fitView([[19.5, -33.5]]);
    expect(view.east).toBeCloseTo(19.53, 6);
    expect(view.north).toBeCloseTo(-33.47, 6);
    expect(view.west).toBe(CAPE_TOWN_BOUNDS.west);
    for (const aspect of [1, 5 / 4, 0.5]) {
      const shaped = fitView([], { aspect });
      expect(shaped.width / shaped.height).toBeCloseTo(aspect, 6);
      expect(shaped.west).toBeLessThanOrEqual(CAPE_TOWN_BOUNDS.west);
      expect(shaped.north).toBeGreaterThanOrEqual(CAPE_TOWN_BOUNDS.north);
    }
  });

  test("drawn vertices make a valid closed GeoJSON polygon and back", () => {
    const vertices: [number, number][] = [
      [18.4, -33.9],
      [18.5, -33.9],
      [18.5, -34],
    ];
    const polygon = polygonFromVertices(vertices);
    expect(polygon.coordinates[0]).toEqual([...vertices, [18.4, -33.9]]);
    expect(validateServiceAreaPolygon(polygon).ok).toBe(true);
    expect(openRing(polygon.coordinates[0]!)).toEqual(vertices);
    expect(outerRing({ type: "Feature", geometry: polygon })).toHaveLength(4);
    expect(outerRing("nonsense")).toEqual([]);
    expect(vertexCount(polygon)).toBe(3);
    expect(positionLabel([18.4241, -33.9249])).toBe("-33.92490, 18.42410");
  });
});

describe("a landmark's label beside the dispatch board's markers", () => {
  const dot = { x: 500, y: 500 };
  test("without markers it starts just right of its dot", () => {
    expect(landmarkLabelStart(dot, "Airport", 2)).toBe(516);
  });
  test("a marker on the dot (a stop at that place) moves it past the marker", () => {
    expect(landmarkLabelStart(dot, "Airport", 2, [{ x: 500, y: 500, r: 30 }])).toBe(546);
  });
  test("a marker further along the text moves it past that one; markers in a row move it past each", () => {
    expect(landmarkLabelStart(dot, "Stellenbosch", 2, [{ x: 620, y: 505, r: 30 }])).toBe(666);
    expect(
      landmarkLabelStart(dot, "Airport", 2, [
        { x: 560, y: 500, r: 30 },
        { x: 500, y: 500, r: 30 },
      ]),
    ).toBe(606);
  });
  test("near the map's right edge the label goes left of its dot, so its end is not cut off", () => {
    // "Cape Town" at 2x: 9 letters of at most 0.7 x 36 units, about 227 units long.
    expect(landmarkLabelStart(dot, "Cape Town", 2, [], 700)).toBeCloseTo(500 - 16 - 9 * 0.7 * 36, 6);
    expect(landmarkLabelStart(dot, "Cape Town", 2, [], 800)).toBe(516);
    // With no room on the left either, or a marker there, it stays on the right.
    expect(landmarkLabelStart({ x: 100, y: 500 }, "Cape Town", 2, [], 200)).toBe(116);
    expect(landmarkLabelStart(dot, "Cape Town", 2, [{ x: 400, y: 500, r: 30 }], 700)).toBe(516);
  });
  test("a name at the top right runs into the map's note (the map leaves it out); lower down it does not", () => {
    const note = mapNoteBox(1000, 2, 8);
    const under = { x: 800, y: 20 };
    expect(boxesOverlap(landmarkLabelBox(under, "Bellville", 2, landmarkLabelStart(under, "Bellville", 2, [], 1000)), note)).toBe(true);
    const below = { x: 800, y: 120 };
    expect(boxesOverlap(landmarkLabelBox(below, "Bellville", 2, landmarkLabelStart(below, "Bellville", 2, [], 1000)), note)).toBe(false);
    const left = { x: 20, y: 20 };
    expect(boxesOverlap(landmarkLabelBox(left, "Bellville", 2, landmarkLabelStart(left, "Bellville", 2, [], 1000)), note)).toBe(false);
  });
  test("markers clear of the text's line or beyond its end leave it where it is", () => {
    expect(landmarkLabelStart(dot, "Airport", 2, [{ x: 540, y: 400, r: 30 }])).toBe(516);
    expect(landmarkLabelStart(dot, "Airport", 2, [{ x: 540, y: 580, r: 30 }])).toBe(516);
    expect(landmarkLabelStart(dot, "Airport", 2, [{ x: 900, y: 500, r: 30 }])).toBe(516);
    expect(landmarkLabelStart(dot, "Airport", 2, [{ x: 420, y: 500, r: 30 }])).toBe(516);
  });
});
