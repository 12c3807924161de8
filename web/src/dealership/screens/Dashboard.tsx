/**
 * Dealership dashboard (/dealership/dashboard, SPEC 2, 4, 8): the company name, "Welcome,
 * {contact person}", stat cards Total (in stock) / Available / Booked / Maintenance / Sold, and the
 * inventory as cards (photo, make/model/year, registration, status badge, daily rate, sales price,
 * Mark as sold or its undo, Edit and Delete), filtered by All / In stock / Sold, with Add Vehicle.
 * Loading skeletons; an empty state; "Failed to fetch vehicles".
 */
import { useEffect, useRef, useState } from "react";
import { useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { cardAction, focusAfterRemoval } from "../../lib/focusAfterRemoval.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { CarPhoto } from "../../ui/CarPhoto.tsx";
import { CarIcon, EditIcon, PlusIcon, RefreshIcon, TagIcon, TrashIcon } from "../../ui/icons.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { notifyError } from "../../ui/toast.tsx";
import { DeleteVehicleDialog } from "../components/DeleteVehicleDialog.tsx";
import { MarkSoldDialog, useMarkAvailable } from "../components/MarkSoldDialog.tsx";
import { PageHeader, pageStack } from "../components/PageHeader.tsx";
import { isSessionError } from "../session/client.ts";
import { DEALERSHIP_FIELDS } from "../session/auth.ts";
import { storeDealershipInfo, useDealershipInfo } from "../session/store.ts";
import {
  categoryLabel,
  dailyRateLabel,
  isForSale,
  priceLabel,
  statusLabel,
  statusTone,
  transmissionLabel,
  VEHICLE_FIELDS,
  type DealershipVehicle,
} from "../lib/vehicle.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";
import { IconDisc } from "../../ui/IconDisc.tsx";

const DASHBOARD = graphql(
  `
  query DealershipDashboard {
    dealershipMe {
      ...DealershipFields
    }
    dealershipVehicleStats {
      total
      available
      booked
      maintenance
      outOfService
      sold
    }
    dealershipVehicles {
      ...DealershipVehicleFields
    }
  }
`,
  [DEALERSHIP_FIELDS, VEHICLE_FIELDS],
);

type DashboardData = ResultOf<typeof DASHBOARD>;

const statGrid = css({
  display: "grid",
  gridTemplateColumns: { base: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))", lg: "repeat(5, minmax(0, 1fr))" },
  gap: { base: "3", md: "4" },
});
// The small buttons of a card and the filters: 44 px high for a thumb on a phone, 36 with a mouse.
const smallButton = css({ minH: { base: "11", md: "9" } });
const vehicleGrid = css({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 17.5rem), 1fr))", gap: { base: "4", md: "5" } });

const STAT_TONES = {
  total: css({ bg: "brand.solid" }),
  available: css({ bg: "success.solid" }),
  booked: css({ bg: "info.fg" }),
  maintenance: css({ bg: "warning.icon" }),
  sold: css({ bg: "fg.muted" }),
} as const;

/** The list's filter: every car, the ones in stock, or the sold ones. */
const FILTERS = [
  { id: "all", label: "All" },
  { id: "stock", label: "In stock" },
  { id: "sold", label: "Sold" },
] as const;
type Filter = (typeof FILTERS)[number]["id"];
const isSoldCar = (vehicle: DealershipVehicle) => vehicle.status === "sold";
/** "2 of 3 in stock listed for sale"; "None in stock" when every car is sold (not "0 of 0 in stock..."). */
function listedForSale(vehicles: DealershipVehicle[]): string {
  const inStock = vehicles.filter((v) => !isSoldCar(v));
  if (inStock.length === 0) return "None in stock";
  return `${inStock.filter((v) => isForSale(v.salesPrice)).length} of ${inStock.length} in stock listed for sale`;
}
const shownBy = (filter: Filter) => (vehicle: DealershipVehicle) => filter === "all" || (filter === "sold") === isSoldCar(vehicle);

function StatCard({ label, value, tone }: { label: string; value: number | null; tone: keyof typeof STAT_TONES }) {
  return (
    <Card as="li" padding="md" className={css({ display: "flex", flexDirection: "column", gap: "1", p: { base: "4", md: "5" } })}>
      <span className={css({ display: "flex", alignItems: "center", gap: "2", textStyle: "small", fontWeight: "600", color: "fg.muted" })}>
        <span className={cx(css({ width: "2.5", height: "2.5", borderRadius: "full" }), STAT_TONES[tone])} aria-hidden="true" />
        {label}
      </span>
      {value === null ? (
        <Skeleton className={css({ height: "9", width: "12" })} />
      ) : (
        <span className={css({ fontSize: "3xl", fontWeight: "800", lineHeight: "1.2", letterSpacing: "-0.02em" })}>{value}</span>
      )}
    </Card>
  );
}

function VehicleCard({
  vehicle,
  onDelete,
  onMarkSold,
}: {
  vehicle: DealershipVehicle;
  onDelete: (vehicle: DealershipVehicle) => void;
  onMarkSold: (vehicle: DealershipVehicle) => void;
}) {
  const name = `${vehicle.make} ${vehicle.model}`;
  const { fetching: undoing, markAvailable } = useMarkAvailable();
  const headingId = `vehicle-${vehicle.id}`;
  return (
    <Card
      as="li"
      padding="none"
      className={css({ overflow: "hidden", display: "flex", flexDirection: "column" })}
      aria-labelledby={headingId}
      data-vehicle-id={vehicle.id}
    >
      <div className={css({ position: "relative" })}>
        <CarPhoto src={vehicle.images[0]} alt={`${vehicle.year} ${name}`} className={css({ aspectRatio: "16 / 10", width: "full" })} />
        <Badge tone={statusTone(vehicle.status)} className={css({ position: "absolute", top: "3", left: "3", boxShadow: "card" })}>
          {statusLabel(vehicle.status)}
        </Badge>
        {vehicle.images.length > 1 ? (
          <span
            className={css({
              position: "absolute",
              bottom: "2",
              right: "2",
              px: "2",
              py: "0.5",
              borderRadius: "full",
              bg: "slate.900/75",
              color: "white",
              textStyle: "caption",
            })}
          >
            {vehicle.images.length} photos
          </span>
        ) : null}
      </div>
      <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: "4", flex: "1" })}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          <h3 id={headingId} className={css({ textStyle: "heading", overflowWrap: "anywhere" })}>
            {name} <span className={css({ color: "fg.muted", fontWeight: "500" })}>{vehicle.year}</span>
          </h3>
          <p className={css({ textStyle: "small", color: "fg.muted" })}>
            <span
              className={css({
                fontFamily: "mono",
                fontWeight: "600",
                color: "fg.default",
                bg: "bg.subtle",
                borderWidth: "1px",
                borderColor: "border.default",
                borderRadius: "md",
                px: "1.5",
                py: "0.5",
                mr: "2",
              })}
            >
              {vehicle.registrationNumber}
            </span>
            {categoryLabel(vehicle.category)} · {transmissionLabel(vehicle.transmission)}
          </p>
        </div>
        {vehicle.soldAt ? <p className={css({ textStyle: "small", color: "fg.muted" })}>Sold on {formatDateTime(vehicle.soldAt)}</p> : null}
        <dl className={css({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "3", textStyle: "small" })}>
          <div>
            <dt className={css({ color: "fg.muted" })}>Daily rate</dt>
            <dd className={css({ fontWeight: "650", fontSize: "md" })}>{dailyRateLabel(vehicle.dailyRate)}</dd>
          </div>
          <div>
            <dt className={css({ color: "fg.muted" })}>Sales price</dt>
            <dd className={css({ fontWeight: "650", fontSize: "md" })}>
              {isForSale(vehicle.salesPrice) ? (
                priceLabel(vehicle.salesPrice)
              ) : (
                <span className={css({ color: "fg.muted", fontWeight: "500", fontSize: "sm" })}>Not for sale</span>
              )}
            </dd>
          </div>
        </dl>
        <div className={css({ display: "flex", flexDirection: "column", gap: "2", mt: "auto", pt: "1" })}>
          {isSoldCar(vehicle) ? (
            <Button
              variant="outline"
              size="sm"
              className={smallButton}
              onClick={() => markAvailable(vehicle)}
              disabled={undoing}
              aria-busy={undoing || undefined}
              aria-label={`Mark as available again: ${vehicle.year} ${name}`}
            >
              <RefreshIcon size={16} />
              Mark as available again
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              className={smallButton}
              onClick={() => onMarkSold(vehicle)}
              aria-label={`Mark as sold: ${vehicle.year} ${name}`}
            >
              <TagIcon size={16} />
              Mark as sold
            </Button>
          )}
          <div className={css({ display: "flex", gap: "2" })}>
            <ButtonLink
              to={`/dealership/vehicles/${vehicle.id}/edit`}
              variant="outline"
              size="sm"
              className={cx(smallButton, css({ flex: "1" }))}
              aria-label={`Edit ${vehicle.year} ${name}`}
              data-card-action
            >
              <EditIcon size={16} />
              Edit
            </ButtonLink>
            <Button
              variant="ghost"
              size="sm"
              className={cx(smallButton, css({ flex: "1", color: "danger.fg", _hover: { bg: "danger.bg" } }))}
              onClick={() => onDelete(vehicle)}
              aria-label={`Delete ${vehicle.year} ${name}`}
            >
              <TrashIcon size={16} />
              Delete
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}

function VehicleSkeletons() {
  return (
    <ul className={vehicleGrid} aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Card as="li" key={i} padding="none" className={css({ overflow: "hidden" })}>
          <Skeleton className={css({ aspectRatio: "16 / 10", width: "full", borderRadius: "0" })} />
          <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: "4" })}>
            <Skeleton className={css({ height: "6", width: "2/3" })} />
            <Skeleton className={css({ height: "4", width: "1/2" })} />
            <Skeleton className={css({ height: "10", width: "full" })} />
          </div>
        </Card>
      ))}
    </ul>
  );
}

function EmptyInventory() {
  return (
    <Card padding="lg" className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", py: "12" })}>
      <IconDisc size="lg">
        <CarIcon size={32} />
      </IconDisc>
      <h3 className={css({ textStyle: "heading" })}>No vehicles yet</h3>
      <p className={css({ color: "fg.muted", maxW: "sm" })}>Add your first vehicle. Give it a sales price to list it on Cars for Sale.</p>
      <ButtonLink to="/dealership/vehicles/add" size="lg">
        <PlusIcon size={18} />
        Add Vehicle
      </ButtonLink>
    </Card>
  );
}

export function Component() {
  const stored = useDealershipInfo();
  const [result, reexecute] = useQuery({ query: DASHBOARD });
  const [deleting, setDeleting] = useState<DealershipVehicle | null>(null);
  const [markingSold, setMarkingSold] = useState<DealershipVehicle | null>(null);
  const [filter, setFilter] = useState<Filter>("all");
  // The cards' order when Delete was pressed: after the delete, focus goes to the next card.
  const order = useRef<{ ids: string[]; id: string } | null>(null);
  const me = result.data?.dealershipMe ?? stored;
  usePageTitle(me ? `${me.companyName} · Dealership` : "Dealership dashboard");

  // Keep the stored info fresh (the company may have been renamed).
  useEffect(() => {
    if (result.data?.dealershipMe) storeDealershipInfo(result.data.dealershipMe);
  }, [result.data?.dealershipMe]);

  // SPEC 8: "Failed to fetch vehicles", once per failure (a dead session redirects instead).
  const failed = result.error && !isSessionError(result.error) ? result.error : undefined;
  const lastToasted = useRef<unknown>(null);
  useEffect(() => {
    if (failed && lastToasted.current !== failed) {
      lastToasted.current = failed;
      notifyError("Failed to fetch vehicles", "Please check your connection and try again.");
    }
  }, [failed]);

  const stats = result.data?.dealershipVehicleStats ?? null;
  const vehicles = result.data?.dealershipVehicles;

  return (
    <div className={pageStack}>
      <PageHeader
        title={me ? me.companyName : <Skeleton className={css({ height: "9", width: "64", maxW: "full" })} />}
        subtitle={me ? `Welcome, ${me.contactPerson}` : <Skeleton className={css({ height: "5", width: "48" })} />}
        actions={
          <ButtonLink to="/dealership/vehicles/add" size="lg" data-add-vehicle>
            <PlusIcon size={18} />
            Add Vehicle
          </ButtonLink>
        }
      />

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className={css({ srOnly: true })}>
          Inventory at a glance
        </h2>
        <ul className={statGrid}>
          <StatCard label="Total" value={stats?.total ?? null} tone="total" />
          <StatCard label="Available" value={stats?.available ?? null} tone="available" />
          <StatCard label="Booked" value={stats?.booked ?? null} tone="booked" />
          <StatCard label="Maintenance" value={stats?.maintenance ?? null} tone="maintenance" />
          <StatCard label="Sold" value={stats?.sold ?? null} tone="sold" />
        </ul>
      </section>

      <section
        aria-labelledby="vehicles-heading"
        className={css({ display: "flex", flexDirection: "column", gap: "4" })}
        aria-busy={result.fetching || undefined}
      >
        {/* On a phone the count goes under the heading rather than squeezing it onto two lines. */}
        <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", columnGap: "3", rowGap: "1" })}>
          <h2 id="vehicles-heading" className={css({ textStyle: "heading", fontSize: "xl", whiteSpace: "nowrap" })}>
            Your vehicles
          </h2>
          {vehicles && vehicles.length > 0 ? <span className={css({ textStyle: "small", color: "fg.muted" })}>{listedForSale(vehicles)}</span> : null}
        </div>
        {failed && !vehicles ? (
          <div className={css({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "3" })} role="alert">
            <Notice tone="danger" title="Failed to fetch vehicles" className={css({ width: "full" })}>
              We couldn't load your inventory. Please check your connection and try again.
            </Notice>
            <Button variant="outline" onClick={() => reexecute({ requestPolicy: "network-only" })}>
              <RefreshIcon size={18} />
              Try again
            </Button>
          </div>
        ) : !vehicles ? (
          <>
            <span role="status" className={css({ srOnly: true })}>
              Loading your vehicles…
            </span>
            <VehicleSkeletons />
          </>
        ) : vehicles.length === 0 ? (
          <EmptyInventory />
        ) : (
          <>
            <div role="group" aria-label="Show vehicles" className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
              {FILTERS.map((option) => (
                <Button
                  key={option.id}
                  size="sm"
                  className={smallButton}
                  variant={filter === option.id ? "solid" : "outline"}
                  aria-pressed={filter === option.id}
                  onClick={() => setFilter(option.id)}
                >
                  {option.label} ({vehicles.filter(shownBy(option.id)).length})
                </Button>
              ))}
            </div>
            {vehicles.some(shownBy(filter)) ? (
              <ul className={vehicleGrid}>
                {vehicles.filter(shownBy(filter)).map((vehicle, _index, shown) => (
                  <VehicleCard
                    key={vehicle.id}
                    vehicle={vehicle}
                    onMarkSold={setMarkingSold}
                    onDelete={(chosen) => {
                      order.current = { ids: shown.map((v) => v.id), id: chosen.id };
                      setDeleting(chosen);
                    }}
                  />
                ))}
              </ul>
            ) : (
              <p className={css({ color: "fg.muted" })}>{filter === "sold" ? "No sold vehicles yet." : "No vehicles in stock."}</p>
            )}
          </>
        )}
      </section>

      <MarkSoldDialog vehicle={markingSold} onClose={() => setMarkingSold(null)} />
      <DeleteVehicleDialog
        vehicle={deleting}
        onClose={() => setDeleting(null)}
        focusAfterDelete={() =>
          order.current
            ? focusAfterRemoval(order.current.ids, order.current.id, cardAction, () => document.querySelector<HTMLElement>("[data-add-vehicle]"))
            : null
        }
      />
    </div>
  );
}
