/**
 * Service areas (/admin/service-areas: SPEC 2's dashboard links here): where cars are delivered
 * and collected. A list (name, an active switch, vertex count, last update) beside a map of
 * them all; create and edit by drawing on the map or pasting GeoJSON; delete after a confirm.
 */
import { useMemo, useState } from "react";
import { useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { EditIcon } from "../../ui/icons.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { AdminDialog, ConfirmDialog } from "../components/Dialogs.tsx";
import { MapIcon, PlusIcon, TrashIcon } from "../components/icons.tsx";
import { EmptyState, LoadError, PageHeader, Panel, PanelRowsSkeleton, dataTable, pageStack } from "../components/Page.tsx";
import { ServiceAreaEditor } from "../components/ServiceAreaEditor.tsx";
import { ServiceAreaMap, type MapArea } from "../components/ServiceAreaMap.tsx";
import { SERVICE_AREAS, SERVICE_AREA_FIELDS, type ServiceArea } from "../lib/api.ts";
import { dateTimeLabel, plural, relativeTime } from "../lib/format.ts";
import { fitView, openRing, outerRing, vertexCount } from "../lib/mapView.ts";
import { adminErrorMessage } from "../lib/errors.ts";
import { graphql } from "../../lib/graphql.ts";

const SET_ACTIVE = graphql(
  `
  mutation SetServiceAreaActive($id: ID!, $input: ServiceAreaInput!) {
    updateServiceArea(id: $id, input: $input) {
      ...ServiceAreaFields
    }
  }
`,
  [SERVICE_AREA_FIELDS],
);

const DELETE = graphql(`
  mutation DeleteServiceArea($id: ID!) {
    deleteServiceArea(id: $id)
  }
`);

const switchButton = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "2",
  minH: "9",
  fontSize: "sm",
  fontWeight: "600",
  cursor: "pointer",
  borderRadius: "full",
  "& [data-track]": {
    position: "relative",
    width: "9",
    height: "5",
    borderRadius: "full",
    bg: "slate.300",
    transition: "background-color 150ms",
    flexShrink: 0,
  },
  "& [data-thumb]": {
    position: "absolute",
    top: "0.5",
    left: "0.5",
    width: "4",
    height: "4",
    borderRadius: "full",
    bg: "white",
    boxShadow: "card",
    transition: "transform 150ms",
  },
  "&[aria-checked=true] [data-track]": { bg: "success.solid" },
  "&[aria-checked=true] [data-thumb]": { transform: "translateX(1rem)" },
  "&[aria-checked=true]": { color: "success.fg" },
  "&[aria-checked=false]": { color: "fg.muted" },
  _disabled: { opacity: 0.6, cursor: "progress" },
});

function ActiveSwitch({ area }: { area: ServiceArea }) {
  const [, setActive] = useMutation(SET_ACTIVE);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const next = !area.isActive;
    const result = await setActive({ id: area.id, input: { isActive: next } });
    setBusy(false);
    if (result.error || !result.data) {
      notifyError("Error saving service area", adminErrorMessage(result.error));
      return;
    }
    notifySuccess(next ? "Service area activated" : "Service area deactivated", area.name);
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={area.isActive}
      aria-label={`${area.name} active`}
      className={switchButton}
      onClick={() => void toggle()}
      disabled={busy}
    >
      <span data-track aria-hidden="true">
        <span data-thumb />
      </span>
      {area.isActive ? "Active" : "Inactive"}
    </button>
  );
}

export function Component() {
  const [{ data, error }, refetch] = useQuery({ query: SERVICE_AREAS });
  const [, deleteArea] = useMutation(DELETE);
  const [editing, setEditing] = useState<ServiceArea | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [deleting, setDeleting] = useState<ServiceArea | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const areas = data?.serviceAreas;

  const mapAreas = useMemo<MapArea[]>(
    () => (areas ?? []).map((a) => ({ id: a.id, name: a.name, isActive: a.isActive, ring: openRing(outerRing(a.polygon)) })),
    [areas],
  );
  const overview = useMemo(
    () =>
      fitView(
        mapAreas.flatMap((a) => a.ring),
        { aspect: 1 },
      ),
    [mapAreas],
  );

  const openEditor = (area: ServiceArea | null) => {
    setEditing(area);
    setEditorOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await deleteArea({ id: deleting.id });
    if (result.error || !result.data?.deleteServiceArea) {
      notifyError("Error deleting service area", adminErrorMessage(result.error));
      return;
    }
    notifySuccess("Service area deleted", deleting.name);
  };

  return (
    <div className={pageStack}>
      <PageHeader
        title="Service Areas"
        description="Where cars are delivered and collected. Deliveries and returns must fall inside an active area."
        actions={
          <Button onClick={() => openEditor(null)}>
            <PlusIcon size={18} />
            New Service Area
          </Button>
        }
      />
      {error && !areas ? (
        <LoadError title="Error loading service areas" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : (
        <div className={css({ display: "grid", gap: "5", gridTemplateColumns: { base: "1fr", xl: "minmax(0, 7fr) minmax(0, 4fr)" }, alignItems: "start" })}>
          <Panel title={areas ? plural(areas.length, "service area") : "Service areas"}>
            {!areas ? (
              <PanelRowsSkeleton />
            ) : areas.length === 0 ? (
              <div className={css({ p: "4" })}>
                <EmptyState
                  icon={<MapIcon size={22} />}
                  title="No service areas yet"
                  action={
                    <Button size="sm" onClick={() => openEditor(null)}>
                      <PlusIcon size={16} />
                      New Service Area
                    </Button>
                  }
                >
                  Without one, deliveries are accepted anywhere. Draw the first area on the map or paste its GeoJSON.
                </EmptyState>
              </div>
            ) : (
              <table className={dataTable} aria-label="Service areas">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Status</th>
                    <th scope="col" data-numeric>
                      Vertices
                    </th>
                    <th scope="col">Updated</th>
                    <th scope="col">
                      <span className={css({ srOnly: true })}>Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {areas.map((area) => (
                    <tr key={area.id} data-area-id={area.id} onMouseEnter={() => setHighlight(area.id)} onMouseLeave={() => setHighlight(null)}>
                      <td data-primary className={css({ fontWeight: "600", minW: { md: "12rem" } })}>
                        {area.name}
                      </td>
                      <td data-label="Status">
                        <ActiveSwitch area={area} />
                      </td>
                      <td data-label="Vertices" data-numeric>
                        {vertexCount(area.polygon)}
                      </td>
                      <td data-label="Updated" title={dateTimeLabel(area.updatedAt)} className={css({ whiteSpace: "nowrap" })}>
                        {relativeTime(area.updatedAt, new Date(), "—")}
                      </td>
                      <td>
                        <div className={css({ display: "flex", gap: "1", justifyContent: "flex-end" })}>
                          <Button variant="ghost" size="sm" onClick={() => openEditor(area)} aria-label={`Edit ${area.name}`} title="Edit">
                            <EditIcon size={16} />
                            <span className={css({ display: { md: "none", "2xl": "inline" } })}>Edit</span>
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setDeleting(area)}
                            aria-label={`Delete ${area.name}`}
                            title="Delete"
                            className={css({ color: "danger.fg", _hover: { bg: "danger.bg" } })}
                          >
                            <TrashIcon size={16} />
                            <span className={css({ display: { md: "none", "2xl": "inline" } })}>Delete</span>
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Panel>
          <Panel title="Map" className={css({ xl: { position: "sticky", top: "32" } })}>
            <div className={css({ aspectRatio: "1 / 1", width: "full", maxH: { base: "24rem", xl: "none" }, mx: "auto", bg: "#cde2ee" })}>
              <ServiceAreaMap
                view={overview}
                areas={mapAreas}
                highlightId={highlight}
                label={`Map of ${plural(mapAreas.length, "service area")} around Cape Town`}
              />
            </div>
            <p
              className={css({
                display: "flex",
                flexWrap: "wrap",
                gap: "4",
                px: "4",
                py: "2.5",
                fontSize: "xs",
                color: "fg.muted",
                borderTopWidth: "1px",
                borderColor: "border.default",
              })}
            >
              <span className={css({ display: "inline-flex", alignItems: "center", gap: "1.5" })}>
                <span
                  className={css({ width: "3", height: "3", borderRadius: "sm", bg: "ocean.600/30", borderWidth: "2px", borderColor: "ocean.700" })}
                  aria-hidden="true"
                />{" "}
                Active
              </span>
              <span className={css({ display: "inline-flex", alignItems: "center", gap: "1.5" })}>
                <span
                  className={css({
                    width: "3",
                    height: "3",
                    borderRadius: "sm",
                    bg: "slate.400/20",
                    borderWidth: "2px",
                    borderStyle: "dashed",
                    borderColor: "slate.500",
                  })}
                  aria-hidden="true"
                />{" "}
                Inactive
              </span>
            </p>
          </Panel>
        </div>
      )}

      <AdminDialog
        open={editorOpen}
        onOpenChange={setEditorOpen}
        title={editing ? `Edit ${editing.name}` : "New service area"}
        size="xl"
        closeOnInteractOutside={false}
      >
        <ServiceAreaEditor
          key={editing?.id ?? "new"}
          area={editing}
          others={mapAreas.filter((a) => a.id !== editing?.id)}
          onDone={() => setEditorOpen(false)}
        />
      </AdminDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete service area"
        message={`Are you sure you want to delete the service area “${deleting?.name ?? ""}”? Deliveries there will no longer be accepted unless another active area covers them.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={confirmDelete}
      />
    </div>
  );
}
