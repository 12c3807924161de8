import { describe, expect, test } from "bun:test";
import {
  DEFAULT_TYPED_ADDRESS_COORDINATES,
  DEFAULT_TYPED_ADDRESS_POINT,
  formatCoordinates,
  GEOLOCATION_OPTIONS,
  gpsLocationText,
  isPointServed,
  isTypedAddressStandIn,
  mapsSearchUrl,
  parseCoordinates,
  placeSummary,
  pointInPolygon,
  type PolygonGeometry,
  validateServiceAreaPolygon,
} from "./geo.ts";

// A byte-for-byte copy of the shared fixture (fixtures/README.md of the project brief).
const fixture: unknown = await Bun.file(new URL("./fixtures/cape-town-service-area.geojson", import.meta.url)).json();

function serviceArea(): PolygonGeometry {
  const result = validateServiceAreaPolygon(fixture);
  if (!result.ok) throw new Error(result.message);
  return result.polygon;
}

const INSIDE = {
  "Cape Town CBD": { lat: -33.9249, lon: 18.4241 },
  "Cape Town International Airport": { lat: -33.9715, lon: 18.6021 },
  Stellenbosch: { lat: -33.9321, lon: 18.8602 },
};
const OUTSIDE = {
  Malmesbury: { lat: -33.4608, lon: 18.7271 },
  Hermanus: { lat: -34.4187, lon: 19.2345 },
};

// 0..10 square with a 4..6 square hole (lon, lat).
const withHole: PolygonGeometry = {
  type: "Polygon",
  coordinates: [
    [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ],
    [
      [4, 4],
      [6, 4],
      [6, 6],
      [4, 6],
      [4, 4],
    ],
  ],
};

describe("the Cape Town service-area fixture", () => {
  test("is a valid Feature<Polygon>", () => {
    const result = validateServiceAreaPolygon(fixture);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.polygon.type).toBe("Polygon");
      expect(result.polygon.coordinates[0]?.length).toBe(7);
    }
  });

  test("contains the CBD, the airport and Stellenbosch", () => {
    const area = serviceArea();
    for (const [name, point] of Object.entries(INSIDE)) {
      expect({ name, inside: pointInPolygon(point, area) }).toEqual({ name, inside: true });
    }
  });

  test("does not contain Malmesbury or Hermanus", () => {
    const area = serviceArea();
    for (const [name, point] of Object.entries(OUTSIDE)) {
      expect({ name, inside: pointInPolygon(point, area) }).toEqual({ name, inside: false });
    }
  });

  test("accepts the Feature itself and keeps lat/lon the right way round", () => {
    const feature = fixture as Parameters<typeof pointInPolygon>[1];
    expect(pointInPolygon(INSIDE["Cape Town CBD"], feature)).toBe(true);
    // With latitude and longitude swapped the point lies in the Atlantic, far outside.
    expect(pointInPolygon({ lat: 18.4241, lon: -33.9249 }, serviceArea())).toBe(false);
  });

  test("contains the typed-address fallback point", () => {
    expect(pointInPolygon(DEFAULT_TYPED_ADDRESS_POINT, serviceArea())).toBe(true);
  });
});

describe("pointInPolygon", () => {
  test("holes are outside", () => {
    expect(pointInPolygon({ lon: 2, lat: 2 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 5, lat: 5 }, withHole)).toBe(false);
    expect(pointInPolygon({ lon: 7, lat: 5 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 11, lat: 5 }, withHole)).toBe(false);
  });

  test("edges and vertices count as inside (outer ring and hole)", () => {
    expect(pointInPolygon({ lon: 0, lat: 5 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 10, lat: 10 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 5, lat: 0 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 4, lat: 5 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 6, lat: 6 }, withHole)).toBe(true);
  });

  test("concave polygons: the notch is outside", () => {
    // A U shape: 0..9 wide, notch from lon 3..6 above lat 3.
    const u: PolygonGeometry = {
      type: "Polygon",
      coordinates: [
        [
          [0, 0],
          [9, 0],
          [9, 9],
          [6, 9],
          [6, 3],
          [3, 3],
          [3, 9],
          [0, 9],
          [0, 0],
        ],
      ],
    };
    expect(pointInPolygon({ lon: 4.5, lat: 6 }, u)).toBe(false);
    expect(pointInPolygon({ lon: 1.5, lat: 6 }, u)).toBe(true);
    expect(pointInPolygon({ lon: 7.5, lat: 6 }, u)).toBe(true);
    expect(pointInPolygon({ lon: 4.5, lat: 1 }, u)).toBe(true);
    // The ray from this point runs along the notch's bottom edge, through two vertices.
    expect(pointInPolygon({ lon: 1, lat: 3 }, u)).toBe(true);
  });

  test("invalid points are never inside", () => {
    expect(pointInPolygon({ lat: Number.NaN, lon: 5 }, withHole)).toBe(false);
    expect(pointInPolygon({ lat: 5, lon: Infinity }, withHole)).toBe(false);
  });
});

describe("isPointServed", () => {
  test("everything is served when no area is defined", () => {
    expect(isPointServed(OUTSIDE.Hermanus, [])).toBe(true);
  });

  test("otherwise the point must lie in one of the areas", () => {
    expect(isPointServed(OUTSIDE.Hermanus, [serviceArea()])).toBe(false);
    expect(
      isPointServed(OUTSIDE.Hermanus, [
        serviceArea(),
        {
          type: "Polygon",
          coordinates: [
            [
              [19, -34.6],
              [19.5, -34.6],
              [19.5, -34.2],
              [19, -34.2],
              [19, -34.6],
            ],
          ],
        },
      ]),
    ).toBe(true);
  });
});

describe("validateServiceAreaPolygon", () => {
  const square = [
    [18, -34],
    [19, -34],
    [19, -33],
    [18, -33],
    [18, -34],
  ];
  const message = (input: unknown) => {
    const result = validateServiceAreaPolygon(input);
    return result.ok ? null : result.message;
  };

  test("accepts a bare Polygon, a Feature and JSON text", () => {
    expect(message({ type: "Polygon", coordinates: [square] })).toBeNull();
    expect(message({ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [square] } })).toBeNull();
    expect(message(JSON.stringify({ type: "Polygon", coordinates: [square] }))).toBeNull();
  });

  test("drops altitudes", () => {
    const result = validateServiceAreaPolygon({
      type: "Polygon",
      coordinates: [
        [
          [18, -34, 5],
          [19, -34, 5],
          [19, -33, 5],
          [18, -34, 5],
        ],
      ],
    });
    expect(result).toEqual({
      ok: true,
      polygon: {
        type: "Polygon",
        coordinates: [
          [
            [18, -34],
            [19, -34],
            [19, -33],
            [18, -34],
          ],
        ],
      },
    });
  });

  test("wrong shapes", () => {
    expect(message(null)).toBe("Service area must be a GeoJSON Polygon or a Feature with a Polygon geometry");
    expect(message([square])).toBe("Service area must be a GeoJSON Polygon or a Feature with a Polygon geometry");
    expect(message({ type: "Point", coordinates: [18, -34] })).toBe("Service area must be a GeoJSON Polygon or a Feature with a Polygon geometry");
    expect(message({ type: "Feature", geometry: { type: "LineString", coordinates: square } })).toBe("The Feature's geometry must be a Polygon");
    expect(message("{not json")).toBe("Service area must be valid GeoJSON text");
    expect(message({ type: "Polygon", coordinates: [] })).toBe("Polygon coordinates must be a non-empty list of rings");
    expect(message({ type: "Polygon" })).toBe("Polygon coordinates must be a non-empty list of rings");
  });

  test("rings must be closed", () => {
    expect(message({ type: "Polygon", coordinates: [square.slice(0, 4)] })).toBe("The outer ring must be closed: its last point must equal its first");
  });

  test("rings need at least 3 distinct points", () => {
    expect(
      message({
        type: "Polygon",
        coordinates: [
          [
            [18, -34],
            [19, -34],
            [18, -34],
            [18, -34],
          ],
        ],
      }),
    ).toBe("The outer ring must have at least 3 distinct points");
    expect(message({ type: "Polygon", coordinates: [[[18, -34]]] })).toBe("The outer ring must have at least 3 distinct points");
    expect(
      message({
        type: "Polygon",
        coordinates: [
          square,
          [
            [18.2, -33.8],
            [18.3, -33.8],
            [18.2, -33.8],
          ],
        ],
      }),
    ).toBe("Hole 1 must have at least 3 distinct points");
  });

  test("longitude and latitude ranges", () => {
    const at = (lon: number, lat: number) => [
      [lon, lat],
      [19, -34],
      [19, -33],
      [lon, lat],
    ];
    expect(message({ type: "Polygon", coordinates: [at(181, -34)] })).toBe("Longitude must be between -180 and 180 (the outer ring, point 1)");
    expect(message({ type: "Polygon", coordinates: [at(18, -90.5)] })).toBe("Latitude must be between -90 and 90 (the outer ring, point 1)");
    expect(message({ type: "Polygon", coordinates: [at(-180, 90)] })).toBeNull();
  });

  test("points must be number pairs", () => {
    expect(
      message({
        type: "Polygon",
        coordinates: [
          [
            [18, -34],
            ["19", -34],
            [19, -33],
            [18, -34],
          ],
        ],
      }),
    ).toBe("Each point must be [longitude, latitude] numbers (the outer ring, point 2)");
    expect(message({ type: "Polygon", coordinates: [[[18], [19, -34], [19, -33], [18]]] })).toBe(
      "Each point must be [longitude, latitude] numbers (the outer ring, point 1)",
    );
    expect(message({ type: "Polygon", coordinates: ["ring"] })).toBe("The outer ring must be a list of [longitude, latitude] points");
  });
});

describe("coordinates text", () => {
  test("the typed-address default is in the Stellenbosch area", () => {
    expect(DEFAULT_TYPED_ADDRESS_COORDINATES).toBe("-33.9321,18.8602");
    expect(parseCoordinates(DEFAULT_TYPED_ADDRESS_COORDINATES)).toEqual(DEFAULT_TYPED_ADDRESS_POINT);
    expect(formatCoordinates(DEFAULT_TYPED_ADDRESS_POINT)).toBe(DEFAULT_TYPED_ADDRESS_COORDINATES);
  });

  test("parseCoordinates", () => {
    expect(parseCoordinates(" -33.9249 , 18.4241 ")).toEqual({ lat: -33.9249, lon: 18.4241 });
    expect(parseCoordinates("-33,18")).toEqual({ lat: -33, lon: 18 });
    expect(parseCoordinates("-91,18")).toBeNull();
    expect(parseCoordinates("-33,181")).toBeNull();
    expect(parseCoordinates("-33.9249")).toBeNull();
    expect(parseCoordinates("abc,def")).toBeNull();
    expect(parseCoordinates("")).toBeNull();
    expect(parseCoordinates(null)).toBeNull();
  });

  test("GPS fallback text", () => {
    expect(gpsLocationText({ lat: -33.92487654, lon: 18.42405 })).toBe("GPS Location (-33.9249, 18.4241)");
  });

  test("a maps link for a point; none for other text or the typed-address stand-in", () => {
    expect(mapsSearchUrl(" -33.9249 , 18.4241 ")).toBe("https://www.google.com/maps/search/?api=1&query=-33.9249%2C18.4241");
    expect(mapsSearchUrl(DEFAULT_TYPED_ADDRESS_COORDINATES)).toBeNull();
    expect(mapsSearchUrl("somewhere")).toBeNull();
    expect(mapsSearchUrl(null)).toBeNull();
  });

  test("geolocation options", () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 });
  });
});

describe("isTypedAddressStandIn", () => {
  test("the stand-in coordinate, however it is written, and nothing else", () => {
    expect(isTypedAddressStandIn(DEFAULT_TYPED_ADDRESS_COORDINATES)).toBe(true);
    expect(isTypedAddressStandIn("-33.93210, 18.86020")).toBe(true);
    expect(isTypedAddressStandIn("-33.9322,18.8602")).toBe(false);
    expect(isTypedAddressStandIn("-33.9249,18.4241")).toBe(false);
    expect(isTypedAddressStandIn("")).toBe(false);
    expect(isTypedAddressStandIn(null)).toBe(false);
  });
});

describe("placeSummary (booking cards: street and suburb)", () => {
  test("a geocoder line becomes street and suburb; a house number joins its road", () => {
    expect(placeSummary("Long Street, Cape Town City Centre, Cape Town, City of Cape Town, Western Cape, 8001, South Africa")).toBe(
      "Long Street, Cape Town City Centre",
    );
    expect(placeSummary("12, Kloof Street, Gardens, Cape Town, City of Cape Town, Western Cape, 8001, South Africa")).toBe("12 Kloof Street, Gardens");
  });
  test("what a customer typed, and GPS text, stay as they are", () => {
    expect(placeSummary("  7 Loop Street, Cape Town ")).toBe("7 Loop Street, Cape Town");
    expect(placeSummary("GPS Location (-33.9249, 18.4241)")).toBe("GPS Location (-33.9249, 18.4241)");
  });
});
