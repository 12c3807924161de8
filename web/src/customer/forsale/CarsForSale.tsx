/**
 * Cars for Sale (/cars-for-sale, SPEC 2; no sign-in needed): a search box (debounced), a Filters
 * toggle (category, transmission, price range in the four bands of SPEC 9, sort, Clear All), the
 * count line "{n} vehicles available for sale" from the server's total, cards with Contact
 * Seller and View Details, loading skeletons, "Load more", and the empty state "No vehicles
 * found" with Clear Search. Search and filters live in the URL (see params.ts): a filtered list
 * can be shared and survives a reload.
 */
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { css, cx } from "styled-system/css";
import { CATEGORIES, PRICE_BANDS } from "#domain/catalogue.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { SlidersIcon } from "../../ui/icons.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { useAuth } from "../session/auth.tsx";
import { ContactSellerDialog } from "./LazyContactSellerDialog.tsx";
import { activeFilterCount, filtersToParams, readFilters, type ForSaleFilters } from "./params.ts";
import { transmissionLabel, type CarForSale } from "./queries.ts";

import { SearchBox, FiltersPanel, ActiveFilter } from "./SearchAndFilters.tsx";
import { Results } from "./Results.tsx";

function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  // From the URL as it is when the change lands (a debounced search may land after a filter change).
  const update = (next: Partial<ForSaleFilters>) =>
    setParams((current) => filtersToParams({ ...readFilters(current), ...next }), { replace: true, preventScrollReset: true });
  const clearAll = () => setParams(new URLSearchParams(), { replace: true, preventScrollReset: true });
  return { filters, update, clearAll };
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
