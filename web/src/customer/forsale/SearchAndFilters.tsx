// The Cars for Sale controls: the debounced search box, the sort menu, the Filters panel
// (category, transmission, price band) and the chips of the filters in force.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { css } from "styled-system/css";
import { CATEGORIES, PRICE_BANDS, TRANSMISSIONS, type Category, type PriceBandId, type Transmission } from "#domain/catalogue.ts";
import { type ForSaleSort } from "#domain/forsale.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { SearchIcon, XIcon } from "../../ui/icons.tsx";
import { ChipGroup } from "./FilterChips.tsx";
import { activeFilterCount, type ForSaleFilters } from "./params.ts";
import { transmissionLabel } from "./queries.ts";

/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 350;

export const SORT_OPTIONS: readonly { value: ForSaleSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "price_asc", label: "Lowest price" },
  { value: "price_desc", label: "Highest price" },
];

export function SortSelect({ value, onChange }: { value: ForSaleSort; onChange: (sort: ForSaleSort) => void }) {
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

export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
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
    // On a touch screen, closes the on-screen keyboard to show the results; with a real keyboard the focus stays in the box.
    if (window.matchMedia("(pointer: coarse)").matches) inputRef.current?.blur();
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

export function FiltersPanel({
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

export function ActiveFilter({ label, onRemove }: { label: string; onRemove: () => void }) {
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
