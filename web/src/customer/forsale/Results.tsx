// The Cars for Sale results: the count line, the cards, loading skeletons, "Load more" and
// the empty state.
import { useRef, useState } from "react";
import { useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { forSaleCountLabel, type ForSaleSort } from "#domain/forsale.ts";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { CarIcon, RefreshIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { ForSaleCard, ForSaleCardSkeleton } from "./ForSaleCard.tsx";
import { filtersKey, PAGE_SIZE, queryVariables, type ForSaleFilters } from "./params.ts";
import { CARS_FOR_SALE, type CarForSale, type CarsForSalePage } from "./queries.ts";

import { SortSelect } from "./SearchAndFilters.tsx";
import { IconDisc } from "../../ui/IconDisc.tsx";

// One card per row on a phone, two on a tablet, three on a desktop (a page of six is two full rows).
export const list = css({
  display: "grid",
  gridTemplateColumns: { base: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
  gap: { base: "4", lg: "5" },
});

/** One more page of cards ("Load more"), rendered into the same list. */
export function MoreResults({ filters, offset, onContact }: { filters: ForSaleFilters; offset: number; onContact: (car: CarForSale) => void }) {
  const [result, reexecute] = useQuery({ query: CARS_FOR_SALE, variables: queryVariables(filters, offset, PAGE_SIZE) });
  if (result.error && !result.data) {
    return (
      <li className={css({ gridColumn: "1 / -1" })}>
        <Button variant="outline" fullWidth onClick={() => reexecute({ requestPolicy: "network-only" })}>
          <RefreshIcon size={18} />
          Couldn't load more cars. Try again
        </Button>
      </li>
    );
  }
  if (!result.data) return <ForSaleCardSkeleton />;
  return (
    <>
      {result.data.carsForSale.vehicles.map((car) => (
        <ForSaleCard key={car.id} car={car} onContact={onContact} />
      ))}
    </>
  );
}

export function Results({
  filters,
  onClear,
  onSort,
  onContact,
}: {
  filters: ForSaleFilters;
  onClear: () => void;
  onSort: (sort: ForSaleSort) => void;
  onContact: (car: CarForSale) => void;
}) {
  // New filters start again from the first page.
  const key = filtersKey(filters);
  const [paging, setPaging] = useState({ key, pages: 1 });
  const pages = paging.key === key ? paging.pages : 1;
  const setPages = (next: number) => setPaging({ key, pages: next });
  const [result, reexecute] = useQuery({ query: CARS_FOR_SALE, variables: queryVariables(filters, 0, PAGE_SIZE) });
  // While a new search loads, the previous results stay (dimmed) instead of flashing skeletons.
  const previous = useRef<{ key: string; page: CarsForSalePage } | null>(null);
  const fresh = result.data?.carsForSale;
  if (fresh && !result.stale) previous.current = { key, page: fresh };
  const page = fresh ?? (result.error ? undefined : previous.current?.page);
  const loadingNew = !fresh && page !== undefined;

  if (result.error && !page) {
    return (
      <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} role="alert">
        <Notice tone="danger" title="We couldn't load the cars for sale">
          Please check your connection and try again.
        </Notice>
        <Button variant="outline" onClick={() => reexecute({ requestPolicy: "network-only" })}>
          <RefreshIcon size={18} />
          Try again
        </Button>
      </div>
    );
  }

  if (!page) {
    return (
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true">
        <span role="status" className={css({ srOnly: true })}>
          Loading cars for sale…
        </span>
        <Skeleton className={css({ height: "5", width: "56" })} />
        <ul className={list}>
          <ForSaleCardSkeleton />
          <ForSaleCardSkeleton />
          <ForSaleCardSkeleton />
        </ul>
      </div>
    );
  }

  const shown = Math.min(page.total, pages * PAGE_SIZE);
  return (
    <div
      className={cx(css({ display: "flex", flexDirection: "column", gap: "4", transition: "opacity 150ms" }), loadingNew && css({ opacity: 0.55 }))}
      aria-busy={loadingNew || undefined}
    >
      <div className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "3", minH: "9" })}>
        <p role="status" className={css({ textStyle: "small", fontWeight: "600", color: "fg.muted" })} data-testid="for-sale-count">
          {forSaleCountLabel(page.total)}
        </p>
        {page.total > 1 ? <SortSelect value={filters.sort} onChange={onSort} /> : null}
      </div>
      {page.total === 0 ? (
        <Card padding="lg" className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", py: "10" })}>
          <IconDisc size="lg">
            <CarIcon size={32} />
          </IconDisc>
          <h2 className={css({ textStyle: "heading" })}>No vehicles found</h2>
          <p className={css({ color: "fg.muted", textStyle: "small", maxW: "xs" })}>
            No car for sale matches your search and filters. Try other words, or see every car.
          </p>
          <Button variant="outline" onClick={onClear}>
            Clear Search
          </Button>
        </Card>
      ) : (
        <>
          <ul className={list}>
            {page.vehicles.map((car) => (
              <ForSaleCard key={car.id} car={car} onContact={onContact} />
            ))}
            {Array.from({ length: loadingNew ? 0 : pages - 1 }, (_, i) => (
              <MoreResults key={i} filters={filters} offset={(i + 1) * PAGE_SIZE} onContact={onContact} />
            ))}
          </ul>
          {shown < page.total ? (
            <Button variant="outline" size="lg" fullWidth onClick={() => setPages(pages + 1)} disabled={loadingNew}>
              Load more
              <span className={css({ color: "fg.muted", fontWeight: "500" })}>
                ({shown} of {page.total})
              </span>
            </Button>
          ) : page.total > PAGE_SIZE ? (
            <p className={css({ textAlign: "center", textStyle: "small", color: "fg.muted" })}>That's every car for sale that matches.</p>
          ) : null}
        </>
      )}
    </div>
  );
}
