/**
 * Cars for Sale (/cars-for-sale, SPEC 2; no sign-in needed): a search box (debounced), a Filters
 * toggle (category, transmission, price range in the four bands of SPEC 9, sort, Clear All), the
 * count line "{n} vehicles available for sale" from the server's total, cards with Contact
 * Seller and View Details, loading skeletons, "Load more", and the empty state "No vehicles
 * found" with Clear Search. Search and filters live in the URL (see params.ts): a filtered list
 * can be shared and survives a reload.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { CATEGORIES, PRICE_BANDS, TRANSMISSIONS, type Category, type PriceBandId, type Transmission } from "#domain/catalogue.ts";
import { forSaleCountLabel, type ForSaleSort } from "#domain/forsale.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { CarIcon, RefreshIcon, SearchIcon, SlidersIcon, XIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { useAuth } from "../session/auth.tsx";
import { ContactSellerDialog } from "./LazyContactSellerDialog.tsx";
import { ChipGroup } from "./FilterChips.tsx";
import { ForSaleCard, ForSaleCardSkeleton } from "./ForSaleCard.tsx";
import { activeFilterCount, filtersKey, filtersToParams, queryVariables, readFilters, type ForSaleFilters } from "./params.ts";
import { CARS_FOR_SALE, PAGE_SIZE, transmissionLabel, type CarForSale, type CarsForSalePage } from "./queries.ts";

/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 350;

const SORT_OPTIONS: readonly { value: ForSaleSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "price_asc", label: "Lowest price" },
  { value: "price_desc", label: "Highest price" },
];

// One card per row on a phone, two on a tablet, three on a desktop (a page of six is two full rows).
const list = css({
  display: "grid",
  gridTemplateColumns: { base: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
  gap: { base: "4", lg: "5" },
});

function SortSelect({ value, onChange }: { value: ForSaleSort; onChange: (sort: ForSaleSort) => void }) {
  return (
    <label className={css({ display: "inline-flex", alignItems: "center", flexShrink: 0 })}>
      <span className={css({ srOnly: true })}>Sort by</span>
      <select
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as ForSaleSort)}
        className={css({
          minH: "9",
          pl: "2.5",
          pr: "2",
          bg: "bg.surface",
          color: "fg.default",
          fontWeight: "600",
          borderWidth: "1px",
          borderColor: "border.strong",
          borderRadius: "control",
          fontSize: "sm",
          cursor: "pointer",
          _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "1px" },
        })}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  // From the URL as it is when the change lands (a debounced search may land after a filter change).
  const update = (next: Partial<ForSaleFilters>) =>
    setParams((current) => filtersToParams({ ...readFilters(current), ...next }), { replace: true, preventScrollReset: true });
  const clearAll = () => setParams(new URLSearchParams(), { replace: true, preventScrollReset: true });
  return { filters, update, clearAll };
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const pushed = useRef(value);
  const inputRef = useRef<HTMLInputElement>(null);

  // The URL changed from elsewhere (Clear Search, Clear All, back button): show it.
  useEffect(() => {
    if (value !== pushed.current) {
      pushed.current = value;
      setText(value);
    }
  }, [value]);

  // Debounced: search once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search only when the text changes
  useEffect(() => {
    if (text.trim() === pushed.current.trim()) return;
    const timer = setTimeout(() => {
      pushed.current = text.trim();
      onSearch(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  function submit(event: FormEvent) {
    event.preventDefault();
    pushed.current = text.trim();
    onSearch(text.trim());
    inputRef.current?.blur(); // closes the phone's keyboard to show the results
  }

  return (
    <form role="search" onSubmit={submit} className={css({ position: "relative", flex: "1", minW: "0" })}>
      <label htmlFor="for-sale-search" className={css({ srOnly: true })}>
        Search cars for sale
      </label>
      <SearchIcon
        size={20}
        className={css({ position: "absolute", left: "3", top: "50%", transform: "translateY(-50%)", color: "fg.muted", pointerEvents: "none" })}
      />
      <input
        ref={inputRef}
        id="for-sale-search"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder="Search cars"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.currentTarget.value)}
        className={css({
          width: "full",
          minH: "11",
          pl: "10",
          pr: "3",
          "&:not(:placeholder-shown)": { pr: "10" },
          bg: "bg.surface",
          borderWidth: "1px",
          borderColor: "border.strong",
          borderRadius: "control",
          fontSize: "md",
          _placeholder: { color: "slate.400" },
          _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "0", borderColor: "brand.solid" },
          "&::-webkit-search-cancel-button": { display: "none" },
        })}
      />
      {text ? (
        <button
          type="button"
          aria-label="Clear search text"
          onClick={() => {
            setText("");
            pushed.current = "";
            onSearch("");
            inputRef.current?.focus();
          }}
          className={css({
            position: "absolute",
            right: "1",
            top: "50%",
            transform: "translateY(-50%)",
            width: "9",
            height: "9",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            borderRadius: "full",
            color: "fg.muted",
            cursor: "pointer",
            _hover: { bg: "bg.muted" },
          })}
        >
          <XIcon size={18} />
        </button>
      ) : null}
    </form>
  );
}

function FiltersPanel({
  id,
  filters,
  update,
  clearAll,
  onDone,
}: {
  id: string;
  filters: ForSaleFilters;
  update: (next: Partial<ForSaleFilters>) => void;
  clearAll: () => void;
  onDone: () => void;
}) {
  const anything = activeFilterCount(filters) > 0 || filters.q !== "";
  return (
    <Card id={id} variant="subtle" padding="md" className={css({ display: "flex", flexDirection: "column", gap: "4" })} role="region" aria-label="Filters">
      <ChipGroup<Category>
        legend="Category"
        name="category"
        value={filters.category}
        options={[{ value: null, label: "Any" }, ...CATEGORIES.map((c) => ({ value: c.id, label: c.label }))]}
        onChange={(category) => update({ category })}
      />
      <ChipGroup<Transmission>
        legend="Transmission"
        name="transmission"
        value={filters.transmission}
        options={[{ value: null, label: "Any" }, ...TRANSMISSIONS.map((t) => ({ value: t, label: transmissionLabel(t) }))]}
        onChange={(transmission) => update({ transmission })}
      />
      <ChipGroup<PriceBandId>
        legend="Price range"
        name="price"
        value={filters.price}
        options={[{ value: null, label: "Any price" }, ...PRICE_BANDS.map((band) => ({ value: band.id, label: band.label }))]}
        onChange={(price) => update({ price })}
      />
      <div className={css({ display: "flex", gap: "2", pt: "1" })}>
        <Button variant="outline" onClick={clearAll} disabled={!anything}>
          Clear All
        </Button>
        <Button onClick={onDone} className={css({ flex: "1" })}>
          Show results
        </Button>
      </div>
    </Card>
  );
}

/** One more page of cards ("Load more"), rendered into the same list. */
function MoreResults({ filters, offset, onContact }: { filters: ForSaleFilters; offset: number; onContact: (car: CarForSale) => void }) {
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

function Results({
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
          <span
            className={css({
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              width: "16",
              height: "16",
              borderRadius: "full",
              bg: "brand.subtle",
              color: "brand.text",
            })}
          >
            <CarIcon size={32} />
          </span>
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

export function Component() {
  usePageTitle("Cars for Sale");
  const { filters, update, clearAll } = useFilters();
  const { user } = useAuth();
  const panelId = useId();
  const active = activeFilterCount(filters);
  const [open, setOpen] = useState(false);
  const [contact, setContact] = useState<CarForSale | null>(null);

  return (
    <CustomerScreen back="/" footer>
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <div>
          <h1 className={css({ textStyle: "title" })}>Cars for Sale</h1>
          <p className={css({ color: "fg.muted", textStyle: "small", mt: "1" })}>Quality used cars from Cape Town dealerships.</p>
        </div>

        <div className={css({ display: "flex", gap: "2" })}>
          <SearchBox value={filters.q} onSearch={(q) => update({ q })} />
          <Button
            variant={open || active > 0 ? "solid" : "outline"}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={panelId}
            className={css({ flexShrink: 0 })}
          >
            <SlidersIcon size={18} />
            Filters
            {active > 0 ? (
              <span
                className={cx(
                  css({
                    minW: "5",
                    height: "5",
                    px: "1.5",
                    borderRadius: "full",
                    bg: "white",
                    color: "brand.text",
                    fontSize: "xs",
                    fontWeight: "700",
                    display: "inline-flex",
                    alignItems: "center",
                    justifyContent: "center",
                  }),
                )}
              >
                <span className={css({ srOnly: true })}>, </span>
                {active}
                <span className={css({ srOnly: true })}> active</span>
              </span>
            ) : null}
          </Button>
        </div>

        {open ? <FiltersPanel id={panelId} filters={filters} update={update} clearAll={clearAll} onDone={() => setOpen(false)} /> : null}

        {!open && active > 0 ? (
          <ul className={css({ display: "flex", flexWrap: "wrap", gap: "2" })} aria-label="Active filters">
            {filters.category ? (
              <ActiveFilter label={CATEGORIES.find((c) => c.id === filters.category)?.label ?? filters.category} onRemove={() => update({ category: null })} />
            ) : null}
            {filters.transmission ? <ActiveFilter label={transmissionLabel(filters.transmission)} onRemove={() => update({ transmission: null })} /> : null}
            {filters.price ? (
              <ActiveFilter label={PRICE_BANDS.find((b) => b.id === filters.price)?.label ?? filters.price} onRemove={() => update({ price: null })} />
            ) : null}
          </ul>
        ) : null}

        <Results filters={filters} onClear={clearAll} onSort={(sort) => update({ sort })} onContact={setContact} />
      </div>
      <ContactSellerDialog car={contact} buyer={user} onClose={() => setContact(null)} />
    </CustomerScreen>
  );
}

function ActiveFilter({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li>
      <Badge tone="blue" className={css({ pl: "3", pr: "1", py: "1", fontSize: "sm", gap: "1" })}>
        {label}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove filter: ${label}`}
          className={css({
            display: "inline-flex",
            alignItems: "center",
            justifyContent: "center",
            width: "6",
            height: "6",
            borderRadius: "full",
            cursor: "pointer",
            _hover: { bg: "info.border" },
          })}
        >
          <XIcon size={14} />
        </button>
      </Badge>
    </li>
  );
}
