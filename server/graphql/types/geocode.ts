import { reverseGeocode, searchAddresses, type GeocodeAddress, type GeocodeResult } from "../../services/geocode";
import { isServedPoint } from "../../services/bookings";
import { anyone, signedIn } from "../access";
import { builder } from "../builder";

const GeocodeAddressRef = builder.objectRef<GeocodeAddress>("GeocodeAddress").implement({
  fields: (t) => ({
    road: t.exposeString("road", { nullable: true }),
    suburb: t.exposeString("suburb", { nullable: true }),
    city: t.exposeString("city", { nullable: true }),
    postcode: t.exposeString("postcode", { nullable: true }),
    country: t.exposeString("country", { nullable: true }),
    /** Lower-case ISO code, "za" for South Africa. */
    countryCode: t.exposeString("countryCode", { nullable: true }),
  }),
});

const GeocodeResultRef = builder.objectRef<GeocodeResult>("GeocodeResult").implement({
  description: "A place from the geocoder (Nominatim-compatible, South Africa, English).",
  fields: (t) => ({
    /** The full address text. */
    displayName: t.exposeString("displayName"),
    lat: t.exposeFloat("lat"),
    lon: t.exposeFloat("lon"),
    /** "lat,lon", as bookings store coordinates. */
    coordinates: t.exposeString("coordinates"),
    address: t.field({ type: GeocodeAddressRef, resolve: (r) => r.address }),
  }),
});

builder.queryField("reverseGeocode", (t) =>
  t.field({
    ...signedIn,
    type: GeocodeResultRef,
    nullable: true,
    description:
      "The address at a point (signed-in users); null when none is known. SERVICE_UNAVAILABLE or BAD_GATEWAY when the " +
      'geocoder fails: fall back to "GPS Location (lat, lon)".',
    args: { lat: t.arg.float({ required: true }), lon: t.arg.float({ required: true }) },
    resolve: (_root, args, ctx) => reverseGeocode(ctx.services, ctx.viewer, args),
  }),
);

builder.queryField("geocodeSearch", (t) =>
  t.field({
    ...signedIn,
    type: [GeocodeResultRef],
    description: "Up to 5 places in South Africa matching typed address text (signed-in users).",
    args: { q: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => searchAddresses(ctx.services, ctx.viewer, args),
  }),
);

builder.queryField("isLocationServed", (t) =>
  t.boolean({
    ...anyone,
    description:
      'Whether we deliver to and collect from a point ("lat,lon"): inside an active service area, or anywhere when none is active. ' +
      "The booking flow asks at the location step; the booking itself is checked again on the server.",
    args: { coordinates: t.arg.string({ required: true }) },
    resolve: (_root, { coordinates }, ctx) => isServedPoint(ctx.services, coordinates),
  }),
);
