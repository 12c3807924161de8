/**
 * Vehicles (/admin/vehicles, SPEC 2, 3, 5, 8, 9): the rental fleet as a card grid (photo or a
 * placeholder, make model year, plate, category, transmission, R{price}/day, status badge, the
 * first 3 features + "+n more", "Location tracked"), search and filters (server-side), paging
 * past 100, the add/edit dialog and delete with "Are you sure you want to delete this vehicle?".
 * An Owner filter (?owner=dealership|all in the address; the fleet by default) also shows the
 * dealerships' cars for sale, each naming its dealership; admins may edit and delete those too.
 */
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { CATEGORIES, isCategory, isVehicleStatus, VEHICLE_STATUSES, featuresPreview } from "#domain/catalogue.ts";
import { formatRandPerDay } from "#domain/money.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { CarIcon, EditIcon, MapPinIcon, StoreIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { ConfirmDialog } from "../components/Dialogs.tsx";
import { FilterSelect, ResultCount, SearchBox, filterBar } from "../components/Filters.tsx";
import { PlusIcon, TrashIcon } from "../components/icons.tsx";
import { EmptyState, LoadError, PageHeader, Pager, mono, pageStack } from "../components/Page.tsx";
import { VehicleFormDialog } from "../components/VehicleFormDialog.tsx";
import { VEHICLE_FIELDS, type AdminVehicle } from "../lib/api.ts";
import { categoryLabel, chargedRateNote, matchCount, plural, transmissionLabel, vehicleStatusLabel, vehicleStatusTone } from "../lib/format.ts";
import { useSearchText } from "../lib/hooks.ts";
import { isLocalImage } from "../lib/photos.ts";
import { adminErrorMessage } from "../lib/errors.ts";
import { cardAction, focusAfterRemoval } from "../../lib/focusAfterRemoval.ts";
import { graphql } from "../../lib/graphql.ts";

export const VEHICLES_PAGE_SIZE = 100;

const VEHICLES = graphql(
  `
  query AdminVehicles($status: VehicleStatus, $category: VehicleCategory, $owner: VehicleOwner, $search: String, $limit: Int, $offset: Int) {
    adminVehicles(status: $status, category: $category, owner: $owner, search: $search, limit: $limit, offset: $offset) {
      total
      items {
        ...AdminVehicleFields
        dealershipId
        dealershipName
        onTrip
      }
    }
  }
`,
  [VEHICLE_FIELDS],
);

const DELETE = graphql(`
  mutation DeleteAdminVehicle($id: ID!) {
    deleteAdminVehicle(id: $id)
  }
`);

const STATUS_FILTER = [{ value: "", label: "All statuses" }, ...VEHICLE_STATUSES.map((s) => ({ value: s, label: vehicleStatusLabel(s) }))];
const CATEGORY_FILTER = [{ value: "", label: "All categories" }, ...CATEGORIES.map((c) => ({ value: c.id, label: c.label }))];
const OWNERS = ["fleet", "dealership", "all"] as const;
type Owner = (typeof OWNERS)[number];
const OWNER_FILTER = [
  { value: "fleet", label: "Fleet" },
  { value: "dealership", label: "Dealerships" },
  { value: "all", label: "All" },
] satisfies { value: Owner; label: string }[];

/** Whose cars the screen lists, kept in the address (?owner=dealership|all; none = the rental fleet): a reload, a link or Back keeps it. */
/**
 * The filters, the search and the page, kept in the address (?status=rented&category=small&owner=all&q=polo&page=2):
 * a reload, a link or Back keeps them. The fleet is the default owner.
 */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const givenStatus = params.get("status") ?? "";
  const givenCategory = params.get("category") ?? "";
  const givenOwner = params.get("owner") ?? "";
  const filters = {
    status: isVehicleStatus(givenStatus) ? givenStatus : "",
    category: isCategory(givenCategory) ? givenCategory : "",
    owner: ((OWNERS as readonly string[]).includes(givenOwner) ? givenOwner : "fleet") as Owner,
    search: (params.get("q") ?? "").trim(),
  };
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const show = (next: Partial<typeof filters> & { page?: number }) => {
    const { status, category, owner, search } = { ...filters, ...next };
    const nextPage = next.page ?? 1;
    const query = new URLSearchParams();
    if (status) query.set("status", status);
    if (category) query.set("category", category);
    if (owner !== "fleet") query.set("owner", owner);
    if (search) query.set("q", search);
    if (nextPage > 1) query.set("page", String(nextPage));
    // Each settled search replaces the last in the history: Back leaves the screen, not a letter.
    setParams(query, { replace: next.search !== undefined });
  };
  return {
    ...filters,
    offset: (page - 1) * VEHICLES_PAGE_SIZE,
    show,
    setOffset: (offset: number) => show({ page: Math.floor(offset / VEHICLES_PAGE_SIZE) + 1 }),
  };
}

const grid = css({ display: "grid", gap: "4", gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 17.5rem), 1fr))" });

const card = css({
  display: "flex",
  flexDirection: "column",
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "xl",
  overflow: "hidden",
  minW: "0",
});

const chip = css({ fontSize: "xs", px: "2", py: "0.5", borderRadius: "full", bg: "bg.muted", color: "fg.default", whiteSpace: "nowrap" });

function VehicleImage({ vehicle }: { vehicle: AdminVehicle }) {
  const [failed, setFailed] = useState(false);
  const src = isLocalImage(vehicle.imageUrl) && !failed ? vehicle.imageUrl : null;
  return (
    <div className={css({ position: "relative", aspectRatio: "2 / 1", bg: "bg.muted", overflow: "hidden" })}>
      {src ? (
        <img
          src={src}
          alt={`${vehicle.make} ${vehicle.model}`}
          loading="lazy"
          onError={() => setFailed(true)}
          className={css({ width: "full", height: "full", objectFit: "cover" })}
        />
      ) : (
        <div
          className={css({
            width: "full",
            height: "full",
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            justifyContent: "center",
            gap: "1",
            color: "ocean.400",
            bgGradient: "to-br",
            gradientFrom: "ocean.50",
            gradientTo: "slate.100",
          })}
          aria-hidden="true"
        >
          <CarIcon size={40} />
          <span className={css({ fontSize: "xs", fontWeight: "600", color: "fg.muted" })}>No photo</span>
        </div>
      )}
      <Badge tone={vehicleStatusTone(vehicle.status)} className={css({ position: "absolute", top: "2.5", right: "2.5", boxShadow: "card" })}>
        {vehicleStatusLabel(vehicle.status)}
      </Badge>
    </div>
  );
}

function VehicleCard({
  vehicle,
  dealership,
  rentedWithoutTrip,
  onEdit,
  onDelete,
}: {
  vehicle: AdminVehicle;
  /** The dealership's name for a dealership's car; null for the rental fleet. */
  dealership: string | null;
  /** Marked rented with no trip in progress: it takes no bookings until the office frees it. */
  rentedWithoutTrip: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const preview = featuresPreview(vehicle.features);
  const title = `${vehicle.make} ${vehicle.model} ${vehicle.year}`;
  const rateNote = chargedRateNote(vehicle, dealership !== null);
  return (
    <li className={card} aria-label={title} data-vehicle-id={vehicle.id}>
      <VehicleImage vehicle={vehicle} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "2.5", p: "4", flex: "1" })}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "0.5", minW: "0" })}>
          <h2 className={css({ fontWeight: "650", lineHeight: "1.3" })}>
            {vehicle.make} {vehicle.model} <span className={css({ color: "fg.muted", fontWeight: "500" })}>{vehicle.year}</span>
          </h2>
          <div className={css({ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: "2" })}>
            <p className={css({ fontSize: "sm", color: "fg.muted" })}>
              {categoryLabel(vehicle.category)} · {transmissionLabel(vehicle.transmission)}
            </p>
            <p className={css({ fontWeight: "700", whiteSpace: "nowrap", color: "brand.text" })}>{formatRandPerDay(vehicle.pricePerDay)}</p>
          </div>
          {rateNote ? (
            <p className={css({ fontSize: "xs", color: "fg.muted", textAlign: "right" })} data-charged-rate>
              {rateNote}
            </p>
          ) : null}
        </div>
        {dealership !== null ? (
          <p className={css({ display: "inline-flex", alignItems: "center", gap: "1.5", fontSize: "sm", color: "fg.muted", minW: "0" })} data-dealership>
            <StoreIcon size={15} />
            <span className={css({ overflowWrap: "anywhere" })}>
              For sale by <strong className={css({ color: "fg.default", fontWeight: "600" })}>{dealership}</strong>
            </span>
          </p>
        ) : null}
        <p>
          <span className={css({ srOnly: true })}>License plate </span>
          <span
            className={`${mono} ${css({ display: "inline-block", px: "2", py: "0.5", borderRadius: "md", borderWidth: "1px", borderColor: "border.strong", bg: "slate.25", fontWeight: "600" })}`}
          >
            {vehicle.licensePlate}
          </span>
        </p>
        {preview.shown.length > 0 ? (
          <ul className={css({ display: "flex", flexWrap: "wrap", gap: "1.5" })} aria-label="Features">
            {preview.shown.map((feature) => (
              <li key={feature} className={chip}>
                {feature}
              </li>
            ))}
            {preview.moreLabel ? (
              <li className={`${chip} ${css({ bg: "brand.subtle", color: "brand.text", fontWeight: "600" })}`}>{preview.moreLabel}</li>
            ) : null}
          </ul>
        ) : (
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>No features listed</p>
        )}
        {rentedWithoutTrip ? (
          <p className={css({ fontSize: "sm", color: "warning.fg", fontWeight: "500" })} data-rented-without-trip>
            Marked rented with no trip in progress, so customers can't book it. Set it to Available when it's back.
          </p>
        ) : null}
        {vehicle.lastKnownLocation ? (
          <p className={css({ display: "inline-flex", alignItems: "center", gap: "1", fontSize: "sm", color: "success.fg", fontWeight: "500" })}>
            <MapPinIcon size={15} />
            Location tracked
          </p>
        ) : null}
        <div className={css({ display: "flex", gap: "2", mt: "auto", pt: "2" })}>
          <Button variant="outline" size="sm" onClick={onEdit} className={css({ flex: "1" })} aria-label={`Edit ${title}`} data-card-action>
            <EditIcon size={16} />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            className={css({ flex: "1", color: "danger.fg", _hover: { bg: "danger.bg" } })}
            aria-label={`Delete ${title}`}
          >
            <TrashIcon size={16} />
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}

function GridSkeleton() {
  return (
    <ul className={grid} aria-busy="true" aria-label="Loading vehicles">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className={card}>
          <Skeleton className={css({ aspectRatio: "2 / 1", borderRadius: "0" })} />
          <div className={css({ p: "4", display: "flex", flexDirection: "column", gap: "2" })}>
            <Skeleton className={css({ height: "5", width: "3/4" })} />
            <Skeleton className={css({ height: "4", width: "1/2" })} />
            <Skeleton className={css({ height: "6", width: "2/3" })} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const { status, category, owner, search: query, offset, show, setOffset } = useListParams();
  const [search, setSearch] = useSearchText(query, (value) => show({ search: value }));
  const [{ data, fetching, error }, refetch] = useQuery({
    query: VEHICLES,
    variables: {
      status: isVehicleStatus(status) ? status : null,
      category: isCategory(category) ? category : null,
      owner,
      search: query || null,
      limit: VEHICLES_PAGE_SIZE,
      offset,
    },
  });
  const [, deleteVehicle] = useMutation(DELETE);
  const [editing, setEditing] = useState<AdminVehicle | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminVehicle | null>(null);
  // After a delete the card and its Delete button are gone: focus goes to the next card (the order when Delete was pressed).
  const deleted = useRef<{ ids: string[]; id: string } | null>(null);

  const page = data?.adminVehicles;
  const filtered = Boolean(query || status || category || owner !== "fleet");

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await deleteVehicle({ id: deleting.id });
    if (result.error || !result.data?.deleteAdminVehicle) {
      notifyError("Error deleting vehicle", adminErrorMessage(result.error));
      return;
    }
    deleted.current = { ids: page?.items.map((v) => v.id) ?? [], id: deleting.id };
    notifySuccess("Vehicle deleted", `${deleting.make} ${deleting.model} (${deleting.licensePlate})`);
  };

  return (
    <div className={pageStack}>
      <PageHeader
        title="Vehicles"
        description="The rental fleet: photos, prices, statuses and features."
        actions={
          <Button onClick={openAdd} data-add-vehicle>
            <PlusIcon size={18} />
            Add Vehicle
          </Button>
        }
      />
      <div className={filterBar} role="search" aria-label="Filter vehicles">
        <SearchBox label="Search" placeholder="Make, model or license plate" value={search} onChange={(event) => setSearch(event.target.value)} />
        <FilterSelect label="Status" options={STATUS_FILTER} value={status} onChange={(event) => show({ status: event.target.value })} />
        <FilterSelect label="Category" options={CATEGORY_FILTER} value={category} onChange={(event) => show({ category: event.target.value })} />
        <FilterSelect label="Owner" options={OWNER_FILTER} value={owner} onChange={(event) => show({ owner: event.target.value as Owner })} />
      </div>

      {error && !page ? (
        <LoadError title="Error loading vehicles" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : !page ? (
        <GridSkeleton />
      ) : page.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<CarIcon size={22} />}
            title="No vehicles match these filters"
            action={
              <Button variant="outline" size="sm" onClick={() => (setSearch(""), show({ status: "", category: "", owner: "fleet", search: "" }))}>
                Clear filters
              </Button>
            }
          >
            Try another search, status or category.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<CarIcon size={22} />}
            title="No vehicles yet"
            action={
              <Button size="sm" onClick={openAdd}>
                <PlusIcon size={16} />
                Add Vehicle
              </Button>
            }
          >
            Add the first car of the rental fleet.
          </EmptyState>
        )
      ) : (
        <>
          <ResultCount>
            {filtered ? matchCount(page.total, "vehicle") : `${plural(page.total, "vehicle")} in the fleet`}
            {fetching ? " · updating…" : ""}
          </ResultCount>
          <ul className={grid} aria-label="Vehicles">
            {page.items.map((vehicle) => (
              <VehicleCard
                key={vehicle.id}
                vehicle={vehicle}
                dealership={vehicle.dealershipId ? (vehicle.dealershipName ?? "a dealership") : null}
                rentedWithoutTrip={vehicle.status === "rented" && !vehicle.onTrip && !vehicle.dealershipId}
                onEdit={() => {
                  setEditing(vehicle);
                  setFormOpen(true);
                }}
                onDelete={() => {
                  deleted.current = null;
                  setDeleting(vehicle);
                }}
              />
            ))}
          </ul>
          <Pager offset={offset} limit={VEHICLES_PAGE_SIZE} total={page.total} onChange={setOffset} label="vehicles" />
        </>
      )}

      <VehicleFormDialog open={formOpen} onOpenChange={setFormOpen} vehicle={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete vehicle"
        message={
          <>
            Are you sure you want to delete this vehicle?
            {deleting ? (
              <span className={css({ display: "block", mt: "1", fontWeight: "600", color: "fg.default" })}>
                {deleting.make} {deleting.model} · {deleting.licensePlate}
              </span>
            ) : null}
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={confirmDelete}
        finalFocusEl={() =>
          deleted.current
            ? focusAfterRemoval(deleted.current.ids, deleted.current.id, cardAction, () => document.querySelector<HTMLElement>("[data-add-vehicle]"))
            : null
        }
      />
    </div>
  );
}
