/**
 * Create or edit a service area: a name, active or not, and its polygon, drawn on the map
 * (click to add vertices, Undo, Close Polygon, Clear; the coordinates listed) or pasted as
 * GeoJSON (a Polygon, or a Feature with one). The browser checks the polygon with the domain's
 * validateServiceAreaPolygon and shows its message; the server checks again.
 */
import { useMemo, useState } from "react";
import { useMutation } from "urql";
import { css, cx } from "styled-system/css";
import { validateServiceAreaPolygon, type Position } from "#domain/geo.ts";
import { serverFieldErrors } from "../../lib/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { useDiscardGuard } from "../../ui/DialogShell.tsx";
import { Field, TextAreaField } from "../../ui/Field.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { SERVICE_AREA_FIELDS, type ServiceArea } from "../lib/api.ts";
import { fitView, openRing, outerRing, polygonFromVertices, positionLabel, roundCoordinate } from "../lib/mapView.ts";
import { dialogActions, stickyActions } from "./Dialogs.tsx";
import { PolygonIcon, UndoIcon } from "./icons.tsx";
import { ServiceAreaMap, type MapArea } from "./ServiceAreaMap.tsx";
import { adminErrorMessage } from "../lib/errors.ts";
import { graphql } from "../../lib/graphql.ts";

const CREATE = graphql(
  `
  mutation CreateServiceArea($input: ServiceAreaInput!) {
    createServiceArea(input: $input) {
      ...ServiceAreaFields
    }
  }
`,
  [SERVICE_AREA_FIELDS],
);

const UPDATE = graphql(
  `
  mutation UpdateServiceArea($id: ID!, $input: ServiceAreaInput!) {
    updateServiceArea(id: $id, input: $input) {
      ...ServiceAreaFields
    }
  }
`,
  [SERVICE_AREA_FIELDS],
);

type Mode = "draw" | "paste";

/** The editor's map box is this wide for its height (and the map view is made to match). */
const EDITOR_MAP_ASPECT = 3 / 2;

const EXAMPLE = JSON.stringify(
  {
    type: "Polygon",
    coordinates: [
      [
        [18.4, -33.9],
        [18.5, -33.9],
        [18.5, -34.0],
        [18.4, -34.0],
        [18.4, -33.9],
      ],
    ],
  },
  null,
  2,
);

const tab = css({
  flex: "1",
  minH: "10",
  px: "3",
  fontSize: "sm",
  fontWeight: "600",
  borderRadius: "md",
  color: "fg.muted",
  cursor: "pointer",
  "&[aria-selected=true]": { bg: "bg.surface", color: "brand.text", boxShadow: "card" },
});

function hasHoles(polygon: unknown): boolean {
  const result = validateServiceAreaPolygon(polygon);
  return result.ok && result.polygon.coordinates.length > 1;
}

export function ServiceAreaEditor({ area, others, onDone }: { area: ServiceArea | null; others: readonly MapArea[]; onDone: () => void }) {
  const [, create] = useMutation(CREATE);
  const [, update] = useMutation(UPDATE);
  const [name, setName] = useState(area?.name ?? "");
  const [isActive, setIsActive] = useState(area?.isActive ?? true);
  const [mode, setMode] = useState<Mode>(area && hasHoles(area.polygon) ? "paste" : "draw");
  const [vertices, setVertices] = useState<Position[]>(() => (area ? openRing(outerRing(area.polygon)) : []));
  const [closed, setClosed] = useState(Boolean(area));
  const [text, setText] = useState(area ? JSON.stringify(area.polygon, null, 2) : "");
  const [pointLat, setPointLat] = useState("");
  const [pointLon, setPointLon] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [polygonError, setPolygonError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // Anything typed, drawn or pasted: Cancel, Escape and the close button ask before dropping it.
  const [initial] = useState(() => ({ name, isActive, vertices, closed, text }));
  const dirty =
    name !== initial.name ||
    isActive !== initial.isActive ||
    closed !== initial.closed ||
    text !== initial.text ||
    pointLat.trim() !== "" ||
    pointLon.trim() !== "" ||
    JSON.stringify(vertices) !== JSON.stringify(initial.vertices);
  const cancel = useDiscardGuard(dirty, onDone);

  const pasted = useMemo(() => (text.trim() ? validateServiceAreaPolygon(text) : null), [text]);
  const pastedRing = pasted?.ok ? openRing(pasted.polygon.coordinates[0] ?? []) : [];
  const draft = mode === "draw" ? { vertices, closed } : { vertices: pastedRing, closed: pastedRing.length > 0 };
  // The view takes in everything shown, so a pasted polygon far away is still on the map.
  const view = useMemo(() => fitView([...others.flatMap((o) => o.ring), ...draft.vertices], { aspect: EDITOR_MAP_ASPECT }), [others, draft.vertices]);

  const switchTo = (next: Mode) => {
    if (next === mode) return;
    setPolygonError(undefined);
    if (next === "paste" && vertices.length > 0) {
      if (closed) setText(JSON.stringify(polygonFromVertices(vertices), null, 2));
    }
    if (next === "draw" && pasted?.ok) {
      setVertices(openRing(pasted.polygon.coordinates[0] ?? []));
      setClosed(true);
    }
    setMode(next);
  };

  const closeRing = () => {
    setClosed(true);
    setPolygonError(undefined);
  };

  const addVertex = (position: Position) => {
    setPolygonError(undefined);
    setVertices((list) => [...list, position]);
  };

  const addTyped = () => {
    const lat = Number(pointLat);
    const lon = Number(pointLon);
    if (!pointLat.trim() || !pointLon.trim() || !Number.isFinite(lat) || !Number.isFinite(lon) || lat < -90 || lat > 90 || lon < -180 || lon > 180) {
      setPolygonError("Type a latitude (-90 to 90) and a longitude (-180 to 180), e.g. -33.92 and 18.42");
      return;
    }
    addVertex([roundCoordinate(lon), roundCoordinate(lat)]);
    setPointLat("");
    setPointLon("");
  };

  /** The polygon to save, or a message saying why there is none. */
  const polygonToSave = (): { ok: true; polygon: unknown } | { ok: false; message: string } => {
    if (mode === "paste") {
      if (!text.trim()) return { ok: false, message: "Paste a GeoJSON Polygon (or a Feature with one)" };
      const result = validateServiceAreaPolygon(text);
      return result.ok ? { ok: true, polygon: result.polygon } : { ok: false, message: result.message };
    }
    if (vertices.length < 3) return { ok: false, message: "Click at least 3 points on the map to draw the area" };
    if (!closed) return { ok: false, message: "Close the polygon first: click its first point or Close Polygon" };
    const result = validateServiceAreaPolygon(polygonFromVertices(vertices));
    return result.ok ? { ok: true, polygon: result.polygon } : { ok: false, message: result.message };
  };

  const save = async () => {
    const trimmed = name.trim();
    const polygon = polygonToSave();
    setNameError(trimmed ? undefined : "Name is required");
    setPolygonError(polygon.ok ? undefined : polygon.message);
    if (!trimmed || !polygon.ok) return;
    setSaving(true);
    const input = { name: trimmed, isActive, polygon: polygon.polygon };
    const result = area ? await update({ id: area.id, input }) : await create({ input });
    setSaving(false);
    if (result.error || !result.data) {
      const fields = serverFieldErrors(result.error);
      if (fields.name) setNameError(fields.name);
      if (fields.polygon) setPolygonError(fields.polygon);
      notifyError("Error saving service area", adminErrorMessage(result.error));
      return;
    }
    notifySuccess(area ? "Service area updated" : "Service area created", trimmed);
    onDone();
  };

  return (
    <form
      className={css({ display: "flex", flexDirection: "column", gap: "4" })}
      noValidate
      aria-label={area ? "Edit service area" : "New service area"}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "4" })}>
        <Field
          label="Name"
          rootClassName={css({ flex: "1 1 18rem" })}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
          placeholder="Atlantic Seaboard"
        />
        <label className={css({ display: "inline-flex", alignItems: "center", gap: "2", minH: "11", fontSize: "sm", fontWeight: "600", cursor: "pointer" })}>
          <input
            type="checkbox"
            checked={isActive}
            onChange={(event) => setIsActive(event.target.checked)}
            className={css({ width: "4.5", height: "4.5", accentColor: "brand.solid" })}
          />
          Active (deliveries and returns allowed)
        </label>
      </div>

      <div
        role="tablist"
        aria-label="How to give the area"
        className={css({ display: "flex", gap: "1", p: "1", bg: "bg.muted", borderRadius: "lg", maxW: "md" })}
      >
        <button type="button" role="tab" aria-selected={mode === "draw"} className={tab} onClick={() => switchTo("draw")}>
          Draw on map
        </button>
        <button type="button" role="tab" aria-selected={mode === "paste"} className={tab} onClick={() => switchTo("paste")}>
          Paste GeoJSON
        </button>
      </div>

      <div className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }, alignItems: "start" })}>
        <div
          className={css({
            aspectRatio: "3 / 2",
            width: "full",
            borderRadius: "lg",
            overflow: "hidden",
            borderWidth: "1px",
            borderColor: "border.default",
            bg: "#cde2ee",
          })}
          data-map
        >
          <ServiceAreaMap
            view={view}
            areas={others}
            draft={draft}
            label={mode === "draw" ? "Map of the Cape Town area: click to add a point" : "Map of the Cape Town area with the pasted polygon"}
            {...(mode === "draw" ? { onAddVertex: addVertex, onClose: closeRing } : {})}
          />
        </div>

        {mode === "draw" ? (
          <div className={css({ display: "flex", flexDirection: "column", gap: "3", minW: "0" })}>
            <p className={css({ fontSize: "sm", color: "fg.muted" })}>
              {closed
                ? "The polygon is closed. Undo to move its last point, or Clear to start again."
                : "Click the map to add points in order around the area, then close the polygon (click the first point, or Close Polygon)."}
            </p>
            <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
              <Button
                variant="outline"
                size="sm"
                disabled={vertices.length === 0}
                onClick={() => {
                  if (closed) setClosed(false);
                  else setVertices((list) => list.slice(0, -1));
                }}
              >
                <UndoIcon size={16} />
                Undo
              </Button>
              <Button variant="outline" size="sm" disabled={closed || vertices.length < 3} onClick={closeRing}>
                <PolygonIcon size={16} />
                Close Polygon
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={vertices.length === 0}
                onClick={() => {
                  setVertices([]);
                  setClosed(false);
                }}
              >
                Clear
              </Button>
            </div>
            <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
              <p className={css({ fontSize: "sm", fontWeight: "600" })} id="vertex-list-label">
                Coordinates ({vertices.length} {vertices.length === 1 ? "point" : "points"}
                {closed ? ", closed" : ""})
              </p>
              {vertices.length === 0 ? (
                <p className={css({ fontSize: "sm", color: "fg.muted" })}>No points yet.</p>
              ) : (
                <ol
                  aria-labelledby="vertex-list-label"
                  className={css({
                    maxH: "12rem",
                    overflowY: "auto",
                    fontFamily: "mono",
                    fontSize: "xs",
                    borderWidth: "1px",
                    borderColor: "border.default",
                    borderRadius: "md",
                    bg: "bg.subtle",
                    py: "1",
                  })}
                  data-vertex-list
                >
                  {vertices.map((position, index) => (
                    <li key={`${index}-${position[0]}-${position[1]}`} className={css({ display: "flex", gap: "2", px: "2.5", py: "0.5" })}>
                      <span className={css({ color: "fg.muted", minW: "6" })}>{index + 1}.</span>
                      {positionLabel(position)}
                    </li>
                  ))}
                </ol>
              )}
              <p className={css({ fontSize: "xs", color: "fg.muted" })}>Latitude, longitude (GeoJSON stores them the other way round).</p>
            </div>
            <fieldset
              className={css({ display: "flex", flexDirection: "column", gap: "2", borderTopWidth: "1px", borderColor: "border.default", pt: "3" })}
              disabled={closed}
            >
              <legend className={css({ fontSize: "sm", fontWeight: "600", mb: "1" })}>Or add a point by its coordinates</legend>
              <div className={css({ display: "flex", gap: "2", alignItems: "flex-end" })}>
                <Field
                  label="Latitude"
                  inputMode="decimal"
                  placeholder="-33.92"
                  value={pointLat}
                  onChange={(event) => setPointLat(event.target.value)}
                  rootClassName={css({ flex: "1" })}
                />
                <Field
                  label="Longitude"
                  inputMode="decimal"
                  placeholder="18.42"
                  value={pointLon}
                  onChange={(event) => setPointLon(event.target.value)}
                  rootClassName={css({ flex: "1" })}
                />
                <Button variant="outline" onClick={addTyped}>
                  Add
                </Button>
              </div>
            </fieldset>
          </div>
        ) : (
          <div className={css({ display: "flex", flexDirection: "column", gap: "2", minW: "0" })}>
            <TextAreaField
              label="GeoJSON"
              rows={14}
              spellCheck={false}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setPolygonError(undefined);
              }}
              placeholder={EXAMPLE}
              className={css({ fontFamily: "mono", fontSize: "xs" })}
              hint="A Polygon, or a Feature with a Polygon geometry: [longitude, latitude] points, each ring closed."
            />
            {pasted ? (
              pasted.ok ? (
                <p className={css({ fontSize: "sm", color: "success.fg", fontWeight: "500" })} role="status">
                  Valid polygon: {pastedRing.length} points{pasted.polygon.coordinates.length > 1 ? `, ${pasted.polygon.coordinates.length - 1} hole(s)` : ""}.
                </p>
              ) : (
                <p className={css({ fontSize: "sm", color: "danger.fg", fontWeight: "500" })} role="alert" data-geojson-error>
                  {pasted.message}
                </p>
              )
            ) : null}
          </div>
        )}
      </div>

      {polygonError ? (
        <Notice tone="danger" title="The area cannot be saved yet" className={cx(css({ py: "3" }))}>
          <span data-polygon-error>{polygonError}</span>
        </Notice>
      ) : null}

      <div className={cx(dialogActions, stickyActions)}>
        <Button variant="outline" onClick={cancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? <Spinner /> : null}
          {saving ? "Saving..." : area ? "Save Changes" : "Create Service Area"}
        </Button>
      </div>
    </form>
  );
}
