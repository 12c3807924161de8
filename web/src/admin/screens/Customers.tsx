/**
 * Customers (/admin/customers, SPEC 2, 3): figures (total, completed profiles, new this month in
 * Cape Town), a server-side search (name, email or phone), a table (name, email, phone, city,
 * profile status, member since) and a detail dialog with every field and the documents: the
 * driver's licence image and the profile picture are private objects, fetched with the admin's
 * token and shown from blob: URLs. Missing values read "Not provided".
 */
import { useState, type ReactNode } from "react";
import { useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { ID_TYPE_LABELS } from "#domain/catalogue.ts";
import { initials } from "#domain/profile.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { CheckCircleIcon, ImageIcon, UserIcon, WarningIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { AdminDialog } from "../components/Dialogs.tsx";
import { PrivateImage } from "../components/PrivateImage.tsx";
import { CustomerHoldings } from "./CustomerHoldings.tsx";
import { ResultCount, SearchBox, filterBar } from "../components/Filters.tsx";
import { UsersIcon } from "../components/icons.tsx";
import { EmptyState, LoadError, PageHeader, Pager, Panel, StatCard, dataTable, pageStack } from "../components/Page.tsx";
import { CUSTOMER_FIELDS, type Customer } from "../lib/api.ts";
import { dateLabel, matchCount, plural } from "../lib/format.ts";
import { useDebounced } from "../lib/hooks.ts";
import { graphql } from "../../lib/graphql.ts";

export const CUSTOMERS_PAGE_SIZE = 25;

const STATS = graphql(`
  query CustomerStats {
    customerStats {
      total
      completedProfiles
      newThisMonth
    }
  }
`);

const CUSTOMERS = graphql(
  `
  query AdminCustomers($search: String, $limit: Int, $offset: Int) {
    adminCustomers(search: $search, limit: $limit, offset: $offset) {
      total
      items {
        ...AdminCustomerFields
      }
    }
  }
`,
  [CUSTOMER_FIELDS],
);

function NotProvided() {
  return (
    <span className={css({ display: "inline-flex", alignItems: "center", gap: "1.5", color: "warning.fg", fontWeight: "500" })}>
      <WarningIcon size={15} className={css({ color: "warning.icon" })} />
      Not provided
    </span>
  );
}

const initialsSizes = {
  sm: css({ width: "9", height: "9", fontSize: "0.8rem" }),
  lg: css({ width: "16", height: "16", fontSize: "1.25rem" }),
};

function Initials({ name, size = "sm" }: { name: string; size?: keyof typeof initialsSizes }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        css({
          display: "inline-flex",
          alignItems: "center",
          justifyContent: "center",
          flexShrink: 0,
          borderRadius: "full",
          bg: "brand.muted",
          color: "brand.text",
          fontWeight: "700",
        }),
        initialsSizes[size],
      )}
    >
      {initials(name)}
    </span>
  );
}

function ProfileBadge({ complete }: { complete: boolean }) {
  return complete ? <Badge tone="green">Complete</Badge> : <Badge tone="amber">Incomplete</Badge>;
}

const detailRow = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", sm: "9rem 1fr" },
  gap: { base: "0.5", sm: "4" },
  py: "2.5",
  borderTopWidth: "1px",
  borderColor: "border.default",
  fontSize: "sm",
  "& dt": { color: "fg.muted" },
  "& dd": { fontWeight: "550", overflowWrap: "anywhere" },
});

function Detail({ label, value }: { label: string; value: ReactNode | null | undefined }) {
  return (
    <div className={detailRow}>
      <dt>{label}</dt>
      <dd>{value === null || value === undefined || value === "" ? <NotProvided /> : value}</dd>
    </div>
  );
}

function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={css({ display: "flex", flexDirection: "column" })}>
      <h3 className={css({ fontSize: "sm", fontWeight: "700", textTransform: "uppercase", letterSpacing: "0.04em", color: "brand.text", pb: "1.5" })}>
        {title}
      </h3>
      <dl>{children}</dl>
    </section>
  );
}

/** A private document: fetched with the admin token, shown from a blob: URL. */
function DocumentImage({ title, path }: { title: string; path: string | null }) {
  return <PrivateImage title={title} path={path} missing={<NotProvided />} failedText="Could not load this document." />;
}

function CustomerDetail({ customer }: { customer: Customer }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
      <div className={css({ display: "flex", alignItems: "center", gap: "3" })}>
        <Initials name={customer.name} size="lg" />
        <div className={css({ minW: "0" })}>
          <p className={css({ fontWeight: "650" })}>{customer.email}</p>
          <p className={css({ display: "flex", alignItems: "center", gap: "2", fontSize: "sm", color: "fg.muted", flexWrap: "wrap" })}>
            <ProfileBadge complete={customer.profileCompleted} /> Member since {dateLabel(customer.createdAt)}
          </p>
        </div>
      </div>
      <CustomerHoldings customerId={customer.id} customerName={customer.name} />
      <div className={css({ display: "grid", gap: "6", gridTemplateColumns: { base: "1fr", lg: "minmax(0, 1.5fr) minmax(0, 1fr)" }, alignItems: "start" })}>
        <div className={css({ display: "grid", gap: "5", gridTemplateColumns: { base: "1fr", md: "repeat(2, minmax(0, 1fr))", lg: "1fr" } })}>
          <DetailSection title="Contact">
            <Detail label="Name" value={customer.name} />
            <Detail label="Email" value={customer.email} />
            <Detail label="Phone" value={customer.phone} />
          </DetailSection>
          <DetailSection title="Personal details">
            <Detail label="Date of birth" value={customer.dateOfBirth ? dateLabel(`${customer.dateOfBirth}T12:00:00Z`) : null} />
            <Detail label="Nationality" value={customer.nationality} />
          </DetailSection>
          <DetailSection title="Address">
            <Detail label="Address" value={customer.address} />
            <Detail label="City" value={customer.city} />
            <Detail label="Postal code" value={customer.postalCode} />
          </DetailSection>
          <DetailSection title="Identification">
            <Detail label="ID type" value={customer.idType ? (ID_TYPE_LABELS[customer.idType as keyof typeof ID_TYPE_LABELS] ?? customer.idType) : null} />
            <Detail label={customer.idType === "passport" ? "Passport number" : "ID number"} value={customer.idNumber} />
          </DetailSection>
          <DetailSection title="Driver's licence">
            <Detail label="Licence number" value={customer.driversLicenseNumber} />
            <Detail label="Expiry date" value={customer.driversLicenseExpiryDate ? dateLabel(`${customer.driversLicenseExpiryDate}T12:00:00Z`) : null} />
          </DetailSection>
        </div>
        <section aria-label="Documents" className={css({ display: "flex", flexDirection: "column", gap: "3", lg: { position: "sticky", top: "0" } })}>
          <h3 className={css({ fontSize: "sm", fontWeight: "700", textTransform: "uppercase", letterSpacing: "0.04em", color: "brand.text" })}>Documents</h3>
          <div className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "1fr" } })}>
            <DocumentImage title="Driver's licence" path={customer.driversLicenseImage} />
            <DocumentImage title="Profile picture" path={customer.profilePicture} />
          </div>
        </section>
      </div>
    </div>
  );
}

export function Component() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const query = useDebounced(search.trim());
  const [stats] = useQuery({ query: STATS });
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CUSTOMERS,
    variables: { search: query || null, limit: CUSTOMERS_PAGE_SIZE, offset },
  });
  const [open, setOpen] = useState<Customer | null>(null);
  const page = data?.adminCustomers;
  const s = stats.data?.customerStats;

  return (
    <div className={pageStack}>
      <PageHeader title="Customers" description="Everyone with a CapeDrive account, newest first." />
      <div
        className={css({
          display: "grid",
          gap: { base: "3", md: "4" },
          gridTemplateColumns: { base: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
        })}
      >
        <StatCard label="Total customers" value={s?.total ?? 0} loading={!s && stats.fetching} detail="All accounts" icon={<UsersIcon size={18} />} />
        <StatCard
          label="Completed profiles"
          value={s?.completedProfiles ?? 0}
          loading={!s && stats.fetching}
          detail={s && s.total > 0 ? `${Math.round((s.completedProfiles / s.total) * 100)}% can book` : "Can book"}
          icon={<CheckCircleIcon size={18} />}
        />
        <StatCard
          label="New this month"
          value={s?.newThisMonth ?? 0}
          loading={!s && stats.fetching}
          detail="Signed up this month"
          icon={<UserIcon size={18} />}
        />
      </div>
      <div className={filterBar} role="search" aria-label="Find customers">
        <SearchBox
          label="Search customers"
          placeholder="Name, email or phone"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setOffset(0);
          }}
        />
      </div>
      {error && !page ? (
        <LoadError title="Error loading customers" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : !page ? (
        <Panel>
          <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: "4" })} aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className={css({ height: "9" })} />
            ))}
            <span className={css({ srOnly: true })}>Loading customers…</span>
          </div>
        </Panel>
      ) : page.items.length === 0 ? (
        <EmptyState
          icon={<UsersIcon size={22} />}
          title={query ? `No customers match “${query}”` : "No customers yet"}
          action={
            query ? (
              <Button variant="outline" size="sm" onClick={() => setSearch("")}>
                Clear search
              </Button>
            ) : undefined
          }
        >
          {query ? "Search looks at names, email addresses and phone numbers." : "Customers show here once they sign up."}
        </EmptyState>
      ) : (
        <>
          <ResultCount>
            {query ? `${matchCount(page.total, "customer")} “${query}”` : plural(page.total, "customer")}
            {fetching ? " · updating…" : ""}
          </ResultCount>
          <Panel>
            <table className={dataTable} aria-label="Customers">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Phone</th>
                  <th scope="col">City</th>
                  <th scope="col">Profile</th>
                  <th scope="col">Member since</th>
                  <th scope="col">
                    <span className={css({ srOnly: true })}>Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((customer) => (
                  <tr key={customer.id} data-customer-id={customer.id}>
                    <td data-primary>
                      <span className={css({ display: "inline-flex", alignItems: "center", gap: "2.5", fontWeight: "600" })}>
                        <Initials name={customer.name} />
                        {customer.name}
                      </span>
                    </td>
                    <td data-label="Email" className={css({ overflowWrap: "anywhere" })}>
                      {customer.email}
                    </td>
                    <td data-label="Phone" className={css({ whiteSpace: "nowrap" })}>
                      {customer.phone ?? <span className={css({ color: "fg.muted" })}>—</span>}
                    </td>
                    <td data-label="City" className={css({ whiteSpace: "nowrap" })}>
                      {customer.city ?? <span className={css({ color: "fg.muted" })}>—</span>}
                    </td>
                    <td data-label="Profile">
                      <ProfileBadge complete={customer.profileCompleted} />
                    </td>
                    <td data-label="Member since" className={css({ whiteSpace: "nowrap" })}>
                      {dateLabel(customer.createdAt)}
                    </td>
                    <td className={css({ textAlign: "right" })}>
                      <Button variant="outline" size="sm" onClick={() => setOpen(customer)} aria-label={`View ${customer.name}`}>
                        View
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Panel>
          <Pager offset={offset} limit={CUSTOMERS_PAGE_SIZE} total={page.total} onChange={setOffset} label="customers" />
        </>
      )}
      <AdminDialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)} title={open?.name ?? "Customer"} size="xl">
        {open ? <CustomerDetail customer={open} /> : null}
      </AdminDialog>
    </div>
  );
}
