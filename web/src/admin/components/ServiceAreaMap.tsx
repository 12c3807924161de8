/**
 * An inline SVG "map" of the Cape Town area (no tiles: nothing outside the machine is
 * reachable): sea, a rough coastline, a 0.1° grid with its coordinates, landmarks, the service
 * areas, and, while editing, the polygon being drawn. In drawing mode a click adds a vertex
 * where it lands; a click on the first vertex closes the polygon.
 */
import { useId, useRef, type MouseEvent, type ReactNode } from "react";
import { css, cx } from "styled-system/css";
import type { Position } from "#domain/geo.ts";
import {
  LAND,
  LANDMARK_LABEL,
  LANDMARKS,
  ROBBEN_ISLAND,
  gridLines,
  landmarkLabelBox,
  landmarkLabelStart,
  MAP_NOTE,
  mapNoteBox,
  boxesOverlap,
  pointsAttribute,
  project,
  unproject,
  type MapMarker,
  type MapView,
} from "../lib/mapView.ts";

export interface MapArea {
  id: string;
  name: string;
  isActive: boolean;
  ring: Position[];
}

export interface MapDraft {
  vertices: Position[];
  closed: boolean;
}

const SEA = "#cde2ee";
const LAND_FILL = "#f1ecdb";
const COAST = "#9dbccd";

export function ServiceAreaMap({
  view,
  areas,
  draft,
  highlightId,
  onAddVertex,
  onClose,
  label,
  className,
  overlay,
  markers,
  magnify = 1,
}: {
  view: MapView;
  areas: readonly MapArea[];
  draft?: MapDraft | null;
  highlightId?: string | null;
  onAddVertex?: (position: Position) => void;
  onClose?: () => void;
  label: string;
  className?: string;
  /** Drawn above everything else (e.g. the dispatch board's numbered stops); `size` is one map pixel in SVG units. */
  overlay?: (view: MapView, size: number, markers: readonly MapMarker[]) => ReactNode;
  /** The circles `overlay` draws (it is handed them back), which the landmarks' labels keep clear of. */
  markers?: (view: MapView, size: number) => readonly MapMarker[];
  /** How much thicker and larger lines, markers and text are drawn (a map shown small, e.g. beside a list). */
  magnify?: number;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const titleId = useId();
  const u = view.width / 1000; // one "pixel" of a 1000-unit wide map
  const size = (Math.max(view.width, view.height) / 1000) * magnify;
  const noteBox = mapNoteBox(view.width, size, 8 * u);
  const drawing = Boolean(onAddVertex) && !(draft?.closed ?? false);
  const grid = gridLines(view);
  const lonSpacing = 0.1 * view.cosLat * view.scale; // SVG units between longitude lines
  const lonLabelEvery = lonSpacing < 75 * size ? 2 : 1;

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (!drawing || !onAddVertex || !svg.current) return;
    const matrix = svg.current.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    if (point.x < 0 || point.y < 0 || point.x > view.width || point.y > view.height) return;
    onAddVertex(unproject(view, point.x, point.y));
  };

  const vertices = draft?.vertices ?? [];
  const clearOf = markers?.(view, size) ?? [];
  return (
    // Drawing is for a pointer; keyboard users paste the area's GeoJSON instead (the Paste tab).
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <svg
      ref={svg}
      viewBox={`0 0 ${view.width.toFixed(1)} ${view.height.toFixed(1)}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-labelledby={titleId}
      onClick={onClick}
      data-drawing={drawing || undefined}
      className={cx(
        css({ display: "block", width: "full", height: "full", bg: "#cde2ee", userSelect: "none", "&[data-drawing]": { cursor: "crosshair" } }),
        className,
      )}
    >
      <title id={titleId}>{label}</title>
      <rect x="0" y="0" width={view.width} height={view.height} fill={SEA} />
      <polygon points={pointsAttribute(view, LAND)} fill={LAND_FILL} stroke={COAST} strokeWidth={2 * size} />
      <polygon points={pointsAttribute(view, ROBBEN_ISLAND)} fill={LAND_FILL} stroke={COAST} strokeWidth={2 * size} />
      <g stroke="#8fa7b8" strokeOpacity="0.35" strokeWidth={1 * size}>
        {grid.lons.map((lon) => {
          const { x } = project(view, [lon, view.north]);
          return <line key={`lon${lon}`} x1={x} x2={x} y1={0} y2={view.height} />;
        })}
        {grid.lats.map((lat) => {
          const { y } = project(view, [view.west, lat]);
          return <line key={`lat${lat}`} x1={0} x2={view.width} y1={y} y2={y} />;
        })}
      </g>
      <g fill="#5b6675" fontSize={17 * size} fontFamily="system-ui, sans-serif">
        {grid.lons.map((lon) => {
          // Every other longitude label when they would run into each other.
          if (lonLabelEvery > 1 && Math.round(lon * 10) % lonLabelEvery !== 0) return null;
          const { x } = project(view, [lon, view.north]);
          return (
            <text key={`tlon${lon}`} x={x + 4 * size} y={view.height - 8 * size}>
              {lon.toFixed(1)}°E
            </text>
          );
        })}
        {grid.lats.map((lat) => {
          const { y } = project(view, [view.west, lat]);
          return (
            <text key={`tlat${lat}`} x={6 * size} y={y - 5 * size}>
              {Math.abs(lat).toFixed(1)}°S
            </text>
          );
        })}
      </g>
      {areas.map((area) => {
        if (area.ring.length < 3) return null;
        const strong = area.id === highlightId;
        return (
          <polygon
            key={area.id}
            points={pointsAttribute(view, area.ring)}
            fill={area.isActive ? "#1a6186" : "#8d9aab"}
            fillOpacity={strong ? 0.3 : area.isActive ? 0.16 : 0.1}
            stroke={area.isActive ? "#0f4c6e" : "#5b6675"}
            strokeWidth={(strong ? 4 : 2.5) * size}
            strokeDasharray={area.isActive ? undefined : `${10 * size} ${7 * size}`}
            strokeLinejoin="round"
          >
            <title>{`${area.name}${area.isActive ? "" : " (inactive)"}`}</title>
          </polygon>
        );
      })}
      <g fontSize={LANDMARK_LABEL.fontSize * size} fontFamily="system-ui, sans-serif" fontWeight="600">
        {LANDMARKS.map((place) => {
          const { x, y } = project(view, place.at);
          if (x < 0 || y < 0 || x > view.width || y > view.height) return null;
          const start = landmarkLabelStart({ x, y }, place.name, size, clearOf, view.width);
          // A name cut off at the top, or written over the map's note, is left out with its dot.
          const box = landmarkLabelBox({ x, y }, place.name, size, start);
          if (box.top < 0 || boxesOverlap(box, noteBox)) return null;
          return (
            <g key={place.name}>
              <circle cx={x} cy={y} r={4.5 * size} fill="#333d4a" />
              <text
                x={start}
                y={y + LANDMARK_LABEL.baseline * size}
                fill="#333d4a"
                stroke="#ffffff"
                strokeWidth={4 * size}
                paintOrder="stroke"
                strokeLinejoin="round"
                data-landmark={place.name}
              >
                {place.name}
              </text>
            </g>
          );
        })}
      </g>
      {vertices.length > 0 ? (
        <g>
          {draft?.closed ? (
            <polygon
              points={pointsAttribute(view, vertices)}
              fill="#ea580c"
              fillOpacity="0.2"
              stroke="#c2410c"
              strokeWidth={3.5 * size}
              strokeLinejoin="round"
            />
          ) : (
            <polyline
              points={pointsAttribute(view, vertices)}
              fill="none"
              stroke="#c2410c"
              strokeWidth={3.5 * size}
              strokeDasharray={`${12 * size} ${6 * size}`}
              strokeLinejoin="round"
            />
          )}
          {vertices.map((position, index) => {
            const { x, y } = project(view, position);
            const closer = index === 0 && !draft?.closed && vertices.length >= 3 && Boolean(onClose);
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: the closing vertex is a pointer target; the keyboard path is the Paste tab
              <circle
                key={`${index}-${position[0]}-${position[1]}`}
                cx={x}
                cy={y}
                r={(closer ? 11 : 7) * size}
                fill={index === 0 ? "#c2410c" : "#ffffff"}
                stroke="#c2410c"
                strokeWidth={3 * size}
                data-vertex={index + 1}
                onClick={
                  closer
                    ? (event) => {
                        event.stopPropagation();
                        onClose?.();
                      }
                    : undefined
                }
                className={closer ? css({ cursor: "pointer" }) : undefined}
              >
                <title>{closer ? "Close the polygon here" : `Point ${index + 1}`}</title>
              </circle>
            );
          })}
        </g>
      ) : null}
      {overlay ? overlay(view, size, clearOf) : null}
      <text
        x={view.width - 8 * u}
        y={MAP_NOTE.baseline * size}
        textAnchor="end"
        fontSize={MAP_NOTE.fontSize * size}
        fill="#5b6675"
        fontFamily="system-ui, sans-serif"
      >
        {MAP_NOTE.text}
      </text>
    </svg>
  );
}
