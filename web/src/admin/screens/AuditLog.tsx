/**
 * Audit log (/admin/audit-log): every admin change, newest first, paged: when (Cape Town time),
 * who, what, on which record, and the before/after of each changed field.
 */
import { useState } from "react";
import { AUDITED_RECORDS } from "#domain/admin.ts";
import { useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { Badge } from "../../ui/Badge.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { FilterSelect, ResultCount } from "../components/Filters.tsx";
import { ChevronDownIcon, ListIcon } from "../components/icons.tsx";
import { EmptyState, LoadError, PageHeader, Pager, Panel, mono, pageStack } from "../components/Page.tsx";
import { actionLabel, auditDiff, entityLabel, fieldLabel, readableValue, recordSummary, splitActor, type DiffRow } from "../lib/diff.ts";
import { dateTimeLabel, plural, relativeTime } from "../lib/format.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";

export const AUDIT_PAGE_SIZE = 25;

const AUDIT_LOG = graphql(`
  query AuditLog($entity: String, $limit: Int, $offset: Int) {
    auditLog(entity: $entity, limit: $limit, offset: $offset) {
      total
      items {
        id
        action
        entity
        entityId
        actorType
        actorId
        actorName
        before
        after
        createdAt
      }
    }
  }
`);

const ENTITY_FILTER = [{ value: "", label: "Everything" }, ...AUDITED_RECORDS.map((e) => ({ value: e, label: entityLabel(e) }))];

function verbTone(action: string): "green" | "red" | "blue" | "amber" | "grey" {
  const verb = action.split(".")[1] ?? "";
  if (["create", "issue", "sign_up", "onboard", "enable", "activate"].includes(verb)) return "green";
  if (["delete", "revoke", "disable", "deactivate"].includes(verb)) return "red";
  if (["status", "assign_vehicle"].includes(verb)) return "amber";
  return "blue";
}

const diffCell = css({ px: "3", py: "1.5", verticalAlign: "top", fontFamily: "mono", fontSize: "xs", overflowWrap: "anywhere", whiteSpace: "pre-wrap" });

function DiffTable({ rows }: { rows: DiffRow[] }) {
  if (rows.length === 0) return <p className={css({ fontSize: "sm", color: "fg.muted" })}>No field changed.</p>;
  return (
    <div className={css({ overflowX: "auto", borderWidth: "1px", borderColor: "border.default", borderRadius: "lg" })}>
      <table
        className={css({
          width: "full",
          borderCollapse: "collapse",
          fontSize: "sm",
          "& th": { textAlign: "left", px: "3", py: "1.5", fontSize: "xs", color: "fg.muted", bg: "bg.subtle", fontWeight: "650" },
          "& tr + tr td": { borderTopWidth: "1px", borderColor: "border.default" },
        })}
      >
        <thead>
          <tr>
            <th scope="col" className={css({ width: "12rem" })}>
              Field
            </th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} data-diff-field={row.field} data-diff-kind={row.kind}>
              <td className={cx(diffCell, css({ fontWeight: "600", color: "fg.default" }))}>{fieldLabel(row.field)}</td>
              <td
                className={cx(
                  diffCell,
                  row.before !== null && row.kind !== "unchanged" ? css({ bg: "danger.bg", color: "danger.fg" }) : css({ color: "fg.muted" }),
                )}
              >
                {row.before === null ? "—" : readableValue(row.field, row.before) || "(empty)"}
              </td>
              <td
                className={cx(
                  diffCell,
                  row.after !== null && row.kind !== "unchanged" ? css({ bg: "success.bg", color: "success.fg" }) : css({ color: "fg.muted" }),
                )}
              >
                {row.after === null ? "—" : readableValue(row.field, row.after) || "(empty)"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type AuditEntry = ResultOf<typeof AUDIT_LOG>["auditLog"]["items"][number];

function Entry({ entry }: { entry: AuditEntry }) {
  const [all, setAll] = useState(false);
  const rows = auditDiff(entry.before, entry.after, { includeUnchanged: all });
  const changed = auditDiff(entry.before, entry.after).length;
  const actor = splitActor(entry.actorName);
  const record = recordSummary(entry.before, entry.after);
  // A creation or deletion lists the whole record; an update what changed.
  const count = entry.before && entry.after ? plural(changed, "change") : plural(changed, "field");
  return (
    <li className={css({ borderTopWidth: "1px", borderColor: "border.default", _first: { borderTopWidth: "0" } })} data-audit-action={entry.action}>
      <details className={css({ "&[open] [data-chevron]": { transform: "rotate(180deg)" } })}>
        <summary
          className={css({
            display: "grid",
            gridTemplateColumns: { base: "minmax(0, 1fr) auto", lg: "10.5rem minmax(0, 1.1fr) minmax(0, 1fr) minmax(0, 1.3fr) 7.5rem" },
            gridTemplateAreas: { base: '"when changes" "action action" "who who" "record record"', lg: '"when action who record changes"' },
            rowGap: { base: "1.5", lg: "4" },
            columnGap: "4",
            alignItems: "center",
            px: { base: "4", md: "5" },
            py: "3",
            cursor: "pointer",
            listStyle: "none",
            "&::-webkit-details-marker": { display: "none" },
            _hover: { bg: "slate.25" },
            _focusVisible: { outlineOffset: "-3px" },
          })}
        >
          <span
            className={css({ fontSize: "sm", whiteSpace: "nowrap", gridArea: "when", color: { base: "fg.muted", lg: "fg.default" } })}
            title={dateTimeLabel(entry.createdAt)}
          >
            {dateTimeLabel(entry.createdAt)}
            <span className={css({ display: "block", fontSize: "xs", color: "fg.muted" })}>{relativeTime(entry.createdAt)}</span>
          </span>
          <span className={css({ gridArea: "action", display: "flex", alignItems: "center", gap: "2", flexWrap: "wrap", minW: "0" })}>
            <Badge tone={verbTone(entry.action)}>{actionLabel(entry.action)}</Badge>
            <span className={cx(mono, css({ color: "fg.muted", overflowWrap: "anywhere" }))}>{entry.action}</span>
          </span>
          <span className={css({ gridArea: "who", fontSize: "sm", minW: "0" })}>
            <span className={css({ display: "block", fontWeight: "600", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}>
              {actor.name ?? (entry.actorType === "api_key" ? "API key" : entry.actorType)}
            </span>
            <span
              className={css({ display: "block", fontSize: "xs", color: "fg.muted", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}
              title={actor.detail ?? undefined}
            >
              {actor.detail ? `${entry.actorType} · ${actor.detail}` : entry.actorType}
            </span>
          </span>
          <span className={css({ gridArea: "record", fontSize: "sm", minW: "0" })}>
            <span
              className={css({ display: "block", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", fontWeight: record ? "600" : "400" })}
              title={record ?? undefined}
            >
              {record ?? entityLabel(entry.entity)}
            </span>
            <span className={css({ display: "block", fontSize: "xs", color: "fg.muted" })}>
              {record ? entityLabel(entry.entity) : null}
              {record && entry.entityId ? " · " : null}
              {entry.entityId ? <span className={mono}>…{entry.entityId.slice(-8)}</span> : null}
            </span>
          </span>
          <span
            className={css({
              display: "inline-flex",
              alignItems: "center",
              gap: "1",
              fontSize: "sm",
              color: "fg.link",
              fontWeight: "600",
              gridArea: "changes",
              justifySelf: "end",
              alignSelf: { base: "start", lg: "center" },
            })}
          >
            {count}
            <span data-chevron className={css({ display: "inline-flex", transition: "transform 150ms" })}>
              <ChevronDownIcon size={16} />
            </span>
          </span>
        </summary>
        <div className={css({ px: { base: "4", md: "5" }, pb: "4", display: "flex", flexDirection: "column", gap: "2" })}>
          <DiffTable rows={rows} />
          {entry.before && entry.after ? (
            <label
              className={css({
                display: "inline-flex",
                alignItems: "center",
                gap: "2",
                minH: "9",
                fontSize: "sm",
                color: "fg.muted",
                cursor: "pointer",
                alignSelf: "flex-start",
              })}
            >
              <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} />
              Show unchanged fields too
            </label>
          ) : null}
        </div>
      </details>
    </li>
  );
}

export function Component() {
  const [entity, setEntity] = useState("");
  const [offset, setOffset] = useState(0);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: AUDIT_LOG,
    variables: { entity: entity || null, limit: AUDIT_PAGE_SIZE, offset },
  });
  const page = data?.auditLog;

  return (
    <div className={pageStack}>
      <PageHeader
        title="Audit Log"
        description="Every change made in the back office or with the operator CLI: who, when, and what changed."
        actions={
          <FilterSelect label="Record type" options={ENTITY_FILTER} value={entity} onChange={(event) => (setEntity(event.target.value), setOffset(0))} />
        }
      />
      {error && !page ? (
        <LoadError title="Error loading the audit log" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : !page ? (
        <Panel>
          <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: "4" })} aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className={css({ height: "10" })} />
            ))}
          </div>
        </Panel>
      ) : page.items.length === 0 ? (
        <EmptyState icon={<ListIcon size={22} />} title="Nothing recorded yet">
          Changes to bookings, vehicles, customers, drivers, dealerships, service areas, API keys and admins are listed here.
        </EmptyState>
      ) : (
        <>
          <ResultCount>
            {plural(page.total, "change")} recorded{fetching ? " · updating…" : ""}
          </ResultCount>
          <Panel>
            <div
              className={css({
                display: { base: "none", lg: "grid" },
                gridTemplateColumns: "10.5rem minmax(0, 1.1fr) minmax(0, 1fr) minmax(0, 1.3fr) 7.5rem",
                gap: "4",
                px: "5",
                py: "2.5",
                bg: "bg.subtle",
                borderBottomWidth: "1px",
                borderColor: "border.default",
                fontSize: "xs",
                fontWeight: "650",
                textTransform: "uppercase",
                letterSpacing: "0.04em",
                color: "fg.muted",
              })}
              aria-hidden="true"
            >
              <span>When</span>
              <span>Action</span>
              <span>Who</span>
              <span>Record</span>
              <span>Changes</span>
            </div>
            <ul aria-label="Audit log entries">
              {page.items.map((entry) => (
                <Entry key={entry.id} entry={entry} />
              ))}
            </ul>
          </Panel>
          <Pager offset={offset} limit={AUDIT_PAGE_SIZE} total={page.total} onChange={setOffset} label="changes" />
        </>
      )}
    </div>
  );
}
