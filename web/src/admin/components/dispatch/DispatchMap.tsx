/**
 * The day's stops on the schematic map (ServiceAreaMap: no tiles), each a numbered marker in the
 * colour of its kind, the numbers those of the list. Stops whose address is not confirmed are
 * not drawn (their point is only a stand-in) and are named under the map instead.
 */
import { useMemo } from "react";
import { css } from "styled-system/css";
import { BRAND_PALETTE } from "#domain/brand.ts";
import type { Position } from "#domain/geo.ts";
import type { HandoverKind } from "#domain/handover.ts";
import { formatBookingCardTime } from "#domain/time.ts";
import { placeStops, spreadMarkers, stopsView, type Stop } from "../../lib/dispatchMap.ts";
import { handoverKindLabel } from "../../lib/handovers.ts";
import { type MapMarker, type MapView, project } from "../../lib/mapView.ts";
import { ServiceAreaMap } from "../ServiceAreaMap.tsx";
import { kindDot } from "./styles.ts";

/** Marker colours: deliveries in the brand's blue, collections in its sunset orange (white numbers on both). */
export const KIND_COLOURS: Readonly<Record<HandoverKind, string>> = { delivery: BRAND_PALETTE.ocean[700], collection: BRAND_PALETTE.sunset[700] };

export type MapStop = Stop<HandoverKind> & { at: string; address: string };

const MAP_ASPECT = 1;

/** Where each shown stop's numbered marker is drawn: its circle in SVG units (markers of one place spread round it). */
function markerCircles(shown: readonly { position: Position }[], view: MapView, size: number): MapMarker[] {
  const r = 15 * size;
  return spreadMarkers(
    shown.map((s) => project(view, s.position)),
    r,
  ).map(({ x, y }) => ({ x, y, r }));
}

export function DispatchMap({ stops }: { stops: readonly MapStop[] }) {
  const { shown, hidden } = useMemo(() => placeStops(stops), [stops]);
  const view = useMemo(
    () =>
      stopsView(
        shown.map((s) => s.position),
        MAP_ASPECT,
      ),
    [shown],
  );
  const label = `Map of the day's stops: ${shown.length} of ${stops.length} drawn, numbered in time order`;
  return (
    <div className={css({ display: "flex", flexDirection: "column" })}>
      {/* Below a laptop's width the map is under the list: not as wide as a tablet (a 790 px square, its names blown up). */}
      <div
        className={css({ aspectRatio: "1 / 1", width: "full", maxW: { base: "full", md: "30rem", lg: "full" }, mx: "auto", bg: "#cde2ee" })}
        data-dispatch-map
      >
        <ServiceAreaMap
          view={view}
          areas={[]}
          label={label}
          magnify={2}
          markers={(v, size) => markerCircles(shown, v, size)}
          overlay={(_view, size, circles) => {
            return (
              <g fontFamily="system-ui, sans-serif" fontWeight="700" textAnchor="middle">
                {shown.map((stop, i) => {
                  const { x, y, r: radius } = circles[i]!;
                  return (
                    <g key={stop.number} data-stop={stop.number}>
                      <title>{`${stop.number}. ${handoverKindLabel(stop.kind)} at ${formatBookingCardTime(new Date(stop.at))}: ${stop.address}`}</title>
                      <circle cx={x} cy={y} r={radius} fill={KIND_COLOURS[stop.kind]} stroke="#ffffff" strokeWidth={3 * size} />
                      <text x={x} y={y + 6 * size} fontSize={17 * size} fill="#ffffff">
                        {stop.number}
                      </text>
                    </g>
                  );
                })}
              </g>
            );
          }}
        />
      </div>
      <div
        className={css({
          display: "flex",
          flexDirection: "column",
          gap: "1.5",
          px: "4",
          py: "3",
          fontSize: "sm",
          borderTopWidth: "1px",
          borderColor: "border.default",
        })}
      >
        <p className={css({ display: "flex", flexWrap: "wrap", gap: "4", color: "fg.muted" })}>
          {(["delivery", "collection"] as const).map((kind) => (
            <span key={kind} className={css({ display: "inline-flex", alignItems: "center", gap: "1.5" })}>
              <span className={kindDot[kind]} aria-hidden="true" />
              {handoverKindLabel(kind)}
            </span>
          ))}
        </p>
        {hidden.length > 0 ? (
          <p className={css({ color: "warning.fg", fontWeight: "500" })} data-map-hidden>
            Not on the map (address not confirmed): {hidden.map((s) => s.number).join(", ")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
