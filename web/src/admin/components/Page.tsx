/** Building blocks of the admin screens: page header, stat cards, states, pager, tables. */
import { Pagination } from "@ark-ui/react/pagination";
import { useEffect, useRef, type ReactNode } from "react";
import type { CombinedError } from "urql";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { RefreshIcon, WarningIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { notifyError } from "../../ui/toast.tsx";
import { adminErrorMessage } from "../lib/errors.ts";
import { ChevronLeftIcon } from "./icons.tsx";

export const pageStack = css({ display: "flex", flexDirection: "column", gap: { base: "5", md: "6" }, width: "full", maxW: "7xl", mx: "auto" });

/** The screen's title (its one h1), a line about it, and its main actions on the right. */
export function PageHeader({ title, description, actions, pageTitle }: { title: string; description?: ReactNode; actions?: ReactNode; pageTitle?: string }) {
  usePageTitle(pageTitle ?? `${title} · Admin`);
  return (
    <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", justifyContent: "space-between", gap: "4" })}>
      <div className={css({ display: "flex", flexDirection: "column", gap: "1", minW: "0" })}>
        <h1 className={css({ textStyle: "title", fontSize: { base: "1.375rem", md: "1.625rem" } })}>{title}</h1>
        {description ? <p className={css({ color: "fg.muted", textStyle: "small" })}>{description}</p> : null}
      </div>
      {actions ? <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>{actions}</div> : null}
    </div>
  );
}

const statCard = css({
  display: "flex",
  flexDirection: "column",
  gap: "1",
  p: { base: "4", md: "5" },
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "xl",
  minW: "0",
});

/** One figure: label, value, a line under it. */
export function StatCard({
  label,
  value,
  detail,
  icon,
  loading,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
}) {
  return (
    <section className={statCard} aria-label={label}>
      <div className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "2" })}>
        <h2 className={css({ fontSize: "sm", fontWeight: "600", color: "fg.muted" })}>{label}</h2>
        {icon ? (
          <span className={css({ color: "brand.text", bg: "brand.subtle", borderRadius: "lg", p: "1.5", display: { base: "none", sm: "flex" } })}>{icon}</span>
        ) : null}
      </div>
      {loading ? (
        <Skeleton className={css({ height: "9", width: "20", my: "0.5" })} />
      ) : (
        <p
          className={css({
            fontSize: { base: "1.75rem", md: "2rem" },
            fontWeight: "750",
            lineHeight: "1.2",
            letterSpacing: "-0.02em",
            fontVariantNumeric: "tabular-nums",
          })}
          data-stat-value
        >
          {value}
        </p>
      )}
      {detail ? <p className={css({ fontSize: "sm", color: "fg.muted" })}>{detail}</p> : null}
    </section>
  );
}

export const statGrid = css({
  display: "grid",
  gap: { base: "3", md: "4" },
  gridTemplateColumns: { base: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
});

/**
 * A list that could not be loaded: SPEC 8's title ("Error loading vehicles") as a toast once and
 * in place, with the server's message and a way to try again.
 */
export function LoadError({ title, error, onRetry }: { title: string; error: CombinedError; onRetry: () => void }) {
  const message = adminErrorMessage(error, "Please try again.");
  const shown = useRef<CombinedError | null>(null);
  useEffect(() => {
    if (shown.current === error) return;
    shown.current = error;
    // After React's commit: Ark's toaster drops the "replace the toast on screen" update when a
    // toast is raised from inside an effect, which would leave two toasts up at once.
    setTimeout(() => notifyError(title, message), 0);
  }, [error, title, message]);
  return (
    <div
      role="alert"
      className={css({
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        textAlign: "center",
        gap: "3",
        py: "12",
        px: "6",
        bg: "bg.surface",
        borderWidth: "1px",
        borderColor: "danger.border",
        borderRadius: "xl",
      })}
    >
      <span className={css({ color: "danger.solid" })}>
        <WarningIcon size={28} />
      </span>
      <p className={css({ fontWeight: "650" })}>{title}</p>
      <p className={css({ color: "fg.muted", textStyle: "small", maxW: "md" })}>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshIcon size={16} />
        Try again
      </Button>
    </div>
  );
}

/** Nothing to show (yet): an icon, a line, and what to do about it. */
/** A panel's list while it loads: three placeholder rows. */
export function PanelRowsSkeleton() {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: "4" })} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className={css({ height: "9" })} />
      ))}
    </div>
  );
}

export function EmptyState({ icon, title, children, action }: { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div
      className={css({
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        textAlign: "center",
        gap: "2",
        py: "12",
        px: "6",
        bg: "bg.surface",
        borderWidth: "1px",
        borderStyle: "dashed",
        borderColor: "border.strong",
        borderRadius: "xl",
      })}
    >
      {icon ? <span className={css({ color: "brand.text", bg: "brand.subtle", borderRadius: "full", p: "3", display: "flex", mb: "1" })}>{icon}</span> : null}
      <p className={css({ fontWeight: "650" })}>{title}</p>
      {children ? <p className={css({ color: "fg.muted", textStyle: "small", maxW: "md" })}>{children}</p> : null}
      {action ? <div className={css({ mt: "2" })}>{action}</div> : null}
    </div>
  );
}

/**
 * "Showing 1–20 of 57" with previous/next (Ark UI's Pagination), and the page numbers on wider
 * screens. Screen readers hear "Previous page", "Next page" and "Page 2"; the current page is
 * marked as such. Renders nothing when everything fits on one page.
 */
export function Pager({
  offset,
  limit,
  total,
  onChange,
  label = "items",
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  label?: string;
}) {
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Pagination.Root
      count={total}
      pageSize={limit}
      page={page}
      // Never before the first row (a page past the end, e.g. after its last row went, goes back).
      onPageChange={(details) => {
        onChange(Math.max(0, (details.page - 1) * limit));
        // The new page starts at its first row, not where the pager was (at the bottom of the old one).
        window.scrollTo({ top: 0 });
      }}
      siblingCount={1}
      translations={{
        rootLabel: `Pages of ${label}`,
        prevTriggerLabel: "Previous page",
        nextTriggerLabel: "Next page",
        itemLabel: ({ page: n }) => `Page ${n}`,
      }}
      className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "3", pt: "1" })}
    >
      <p className={css({ textStyle: "small", color: "fg.muted" })} aria-live="polite">
        Showing {first}–{last} of {total} {label} · page {page} of {pages}
      </p>
      <div className={css({ display: "flex", alignItems: "center", gap: "2" })}>
        <Pagination.PrevTrigger className={pagerButton}>
          <ChevronLeftIcon size={16} />
          Previous
        </Pagination.PrevTrigger>
        <Pagination.Context>
          {(pagination) => (
            <div className={css({ display: { base: "none", sm: "flex" }, alignItems: "center", gap: "1" })}>
              {pagination.pages.map((item, index) =>
                item.type === "page" ? (
                  <Pagination.Item key={item.value} {...item} className={pageNumber}>
                    {item.value}
                  </Pagination.Item>
                ) : (
                  <Pagination.Ellipsis key={`gap-${index}`} index={index} className={css({ px: "1", color: "fg.muted" })}>
                    …
                  </Pagination.Ellipsis>
                ),
              )}
            </div>
          )}
        </Pagination.Context>
        <Pagination.NextTrigger className={pagerButton}>
          Next
          <ChevronLeftIcon size={16} className={css({ transform: "rotate(180deg)" })} />
        </Pagination.NextTrigger>
      </div>
    </Pagination.Root>
  );
}

// Paging is clicked again and again: 40 px buttons (a small button is 36), below the list where they take no room from it.
const pagerButton = cx(button({ variant: "outline", size: "sm" }), css({ minH: "10" }));

const pageNumber = cx(
  button({ variant: "ghost", size: "sm" }),
  css({
    minW: "10",
    minH: "10",
    px: "2",
    fontVariantNumeric: "tabular-nums",
    _selected: { bg: "brand.solid", color: "fg.onBrand", _hover: { bg: "brand.solidHover" } },
  }),
);

/** A card-like panel with an optional heading row. */
export function Panel({
  title,
  actions,
  children,
  className,
  bodyClassName,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  return (
    <section
      className={cx(css({ bg: "bg.surface", borderWidth: "1px", borderColor: "border.default", borderRadius: "xl", overflow: "hidden", minW: "0" }), className)}
    >
      {title || actions ? (
        <div
          className={css({
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            gap: "3",
            px: { base: "4", md: "5" },
            py: "3",
            borderBottomWidth: "1px",
            borderColor: "border.default",
          })}
        >
          {title ? <h2 className={css({ textStyle: "heading", fontSize: "md" })}>{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}

/**
 * A data table that turns into stacked cards on narrow screens: each <td> carries `data-label`,
 * shown before its value when the table is not wide enough to be a table.
 */
export const dataTable = css({
  width: "full",
  borderCollapse: "collapse",
  fontSize: "sm",
  "& th": {
    textAlign: "left",
    fontSize: "xs",
    fontWeight: "650",
    textTransform: "uppercase",
    letterSpacing: "0.04em",
    color: "fg.muted",
    bg: "bg.subtle",
    px: "4",
    py: "2.5",
    whiteSpace: "nowrap",
    borderBottomWidth: "1px",
    borderColor: "border.default",
  },
  "& td": { px: "4", py: "3", verticalAlign: "middle", borderBottomWidth: "1px", borderColor: "border.default" },
  "& tbody tr:last-child td": { borderBottomWidth: "0" },
  "& tbody tr:hover td": { bg: "slate.25" },
  "& td[data-numeric], & th[data-numeric]": { textAlign: "right", fontVariantNumeric: "tabular-nums" },
  // Below a laptop's width (a tablet too) the columns would squeeze their text and buttons out of the panel.
  lgDown: {
    "& thead": { srOnly: true },
    "& tbody, & tr, & td": { display: "block" },
    "& tr": { px: "4", py: "3", borderBottomWidth: "1px", borderColor: "border.default" },
    "& tbody tr:last-child": { borderBottomWidth: "0" },
    "& td": { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "4", px: "0", py: "1", borderBottomWidth: "0", textAlign: "right" },
    "& td[data-numeric]": { textAlign: "right" },
    "& td[data-label]::before": { content: "attr(data-label)", color: "fg.muted", fontWeight: "500", textAlign: "left", flexShrink: 0 },
    "& td[data-primary]": { justifyContent: "flex-start", textAlign: "left", fontWeight: "600", fontSize: "md", pb: "1.5" },
    "& td[data-primary]::before": { display: "none" },
    "& tbody tr:hover td": { bg: "transparent" },
  },
});

export const mono = css({ fontFamily: "mono", fontSize: "0.85em", letterSpacing: "0" });

/**
 * A link in a table cell's text (an email, a phone number): the vertical padding of an inline
 * element adds to what can be clicked (24 px high, WCAG 2.5.8's floor) and leaves the row as it was.
 */
export const inlineLink = css({ color: "fg.link", py: "1" });
