/**
 * Leads (/dealership/leads): the Contact Seller enquiries about the dealership's cars, newest
 * first, with the car, the buyer's name, email and/or phone (as links), the message and the
 * date; the unread count; "Mark as read" on each new one.
 */
import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { formatDateTime } from "../../lib/format.ts";
import { serverMessage } from "../../lib/errors.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { CarPhoto } from "../../ui/CarPhoto.tsx";
import { CheckIcon, InboxIcon, MailIcon, PhoneIcon, RefreshIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError } from "../../ui/toast.tsx";
import { PageHeader, pageStack } from "../components/PageHeader.tsx";
import { isForSale, priceLabel } from "../lib/vehicle.ts";
import { isSessionError } from "../session/client.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";
import { IconDisc } from "../../ui/IconDisc.tsx";

/** The server gives at most 200 a page; a dealership's enquiries fit. */
const LEADS_SHOWN = 200;

const LEADS = graphql(`
  query DealershipLeads($limit: Int) {
    dealershipLeads(limit: $limit) {
      unread
      leads {
        id
        name
        email
        phone
        message
        readAt
        createdAt
        vehicle {
          id
          make
          model
          year
          registrationNumber
          salesPrice
          soldAt
          image
        }
      }
    }
  }
`);

const MARK_READ = graphql(`
  mutation MarkDealershipLeadRead($id: ID!) {
    markDealershipLeadRead(id: $id) {
      id
      readAt
    }
  }
`);

type Lead = ResultOf<typeof LEADS>["dealershipLeads"]["leads"][number];

// The lead's two main actions: 36 px high to click; the negative margins keep the card's spacing.
const contactLink = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "1.5",
  minH: "9",
  my: "-2",
  fontWeight: "600",
  color: "fg.link",
  textDecoration: "none",
  overflowWrap: "anywhere",
  _hover: { textDecoration: "underline" },
});

function LeadCard({ lead }: { lead: Lead }) {
  const [{ fetching }, markRead] = useMutation(MARK_READ);
  const [failed, setFailed] = useState(false);
  const unread = lead.readAt === null;
  const car = `${lead.vehicle.year} ${lead.vehicle.make} ${lead.vehicle.model}`;
  const headingId = `lead-${lead.id}`;

  async function onMarkRead() {
    setFailed(false);
    const result = await markRead({ id: lead.id });
    if (result.error) {
      setFailed(true);
      if (!isSessionError(result.error)) notifyError("Error", serverMessage(result.error) ?? "Failed to mark the enquiry as read");
    }
  }

  return (
    <Card
      as="li"
      padding="none"
      aria-labelledby={headingId}
      className={cx(
        css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "12rem minmax(0, 1fr)" }, overflow: "hidden" }),
        unread ? css({ borderColor: "ocean.300", boxShadow: "0 0 0 1px token(colors.ocean.300)" }) : undefined,
      )}
    >
      <div
        className={css({
          display: "flex",
          flexDirection: { base: "row", md: "column" },
          gap: "3",
          p: "4",
          bg: "bg.subtle",
          borderRightWidth: { base: "0", md: "1px" },
          borderBottomWidth: { base: "1px", md: "0" },
          borderColor: "border.default",
        })}
      >
        <CarPhoto
          src={lead.vehicle.image}
          alt={car}
          className={css({ width: { base: "24", md: "full" }, aspectRatio: "4 / 3", borderRadius: "lg", flexShrink: 0 })}
          iconSize={24}
        />
        <div className={css({ display: "flex", flexDirection: "column", gap: "0.5", minW: "0", textStyle: "small" })}>
          <span className={css({ fontWeight: "650", color: "fg.default" })}>{car}</span>
          <span className={css({ fontFamily: "mono", color: "fg.muted" })}>{lead.vehicle.registrationNumber}</span>
          {lead.vehicle.soldAt ? (
            <Badge tone="grey" className={css({ alignSelf: "flex-start" })}>
              Sold
            </Badge>
          ) : isForSale(lead.vehicle.salesPrice) ? (
            <span className={css({ color: "fg.muted" })}>{priceLabel(lead.vehicle.salesPrice)}</span>
          ) : null}
        </div>
      </div>
      <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: { base: "4", md: "5" }, minW: "0" })}>
        <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2" })}>
          <h2 id={headingId} className={css({ textStyle: "heading", overflowWrap: "anywhere" })}>
            {lead.name}
          </h2>
          {unread ? <Badge tone="blue">New</Badge> : <Badge tone="grey">Read</Badge>}
          <span className={css({ ml: "auto", textStyle: "small", color: "fg.muted" })}>
            <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
          </span>
        </div>
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "4", textStyle: "small" })}>
          {lead.email ? (
            <a className={contactLink} href={`mailto:${lead.email}?subject=${encodeURIComponent(`Your enquiry about the ${car}`)}`}>
              <MailIcon size={16} />
              {lead.email}
            </a>
          ) : null}
          {lead.phone ? (
            <a className={contactLink} href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>
              <PhoneIcon size={16} />
              {lead.phone}
            </a>
          ) : null}
        </div>
        <p className={css({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", color: "fg.default", bg: "bg.subtle", borderRadius: "lg", px: "4", py: "3" })}>
          {lead.message}
        </p>
        {unread ? (
          <div className={css({ display: "flex", alignItems: "center", gap: "3" })}>
            <Button variant="outline" size="sm" onClick={onMarkRead} disabled={fetching} aria-busy={fetching || undefined} aria-describedby={headingId}>
              {fetching ? <Spinner /> : <CheckIcon size={16} />}
              Mark as read
            </Button>
            {failed ? <span className={css({ textStyle: "small", color: "danger.fg" })}>Not saved. Please try again.</span> : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

export function Component() {
  usePageTitle("Leads");
  const [result, reexecute] = useQuery({
    query: LEADS,
    variables: { limit: LEADS_SHOWN },
    requestPolicy: "cache-and-network",
  });
  const data = result.data?.dealershipLeads;
  const failed = result.error && !isSessionError(result.error);

  const subtitle = data
    ? data.leads.length === 0
      ? "Enquiries from buyers on Cars for Sale will show up here."
      : `${data.unread} unread · ${data.leads.length} in total`
    : "Enquiries from buyers on Cars for Sale.";

  return (
    <div className={pageStack}>
      <PageHeader
        title="Leads"
        subtitle={<span aria-live="polite">{subtitle}</span>}
        actions={
          <Button variant="outline" onClick={() => reexecute({ requestPolicy: "network-only" })} disabled={result.fetching}>
            {result.fetching && data ? <Spinner /> : <RefreshIcon size={18} />}
            Refresh
          </Button>
        }
      />
      {failed && !data ? (
        <Notice tone="danger" title="We couldn't load your leads">
          Please check your connection and try again.
        </Notice>
      ) : !data ? (
        // The announcement beside the list, not in it: a <ul> holds only <li>s.
        <div aria-busy="true">
          <span role="status" className={css({ srOnly: true })}>
            Loading leads…
          </span>
          <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-hidden="true">
            {[0, 1].map((i) => (
              <Card as="li" key={i} padding="lg" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
                <Skeleton className={css({ height: "6", width: "40" })} />
                <Skeleton className={css({ height: "4", width: "64" })} />
                <Skeleton className={css({ height: "16", width: "full" })} />
              </Card>
            ))}
          </ul>
        </div>
      ) : data.leads.length === 0 ? (
        <Card padding="lg" className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", py: "12" })}>
          <IconDisc size="lg">
            <InboxIcon size={30} />
          </IconDisc>
          <p className={css({ fontWeight: "650" })}>No enquiries yet</p>
          <p className={css({ color: "fg.muted", maxW: "sm" })}>
            When a buyer uses Contact Seller on one of your cars, their message appears here and is emailed to you.
          </p>
        </Card>
      ) : (
        <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
          {data.leads.map((lead) => (
            <LeadCard key={lead.id} lead={lead} />
          ))}
        </ul>
      )}
    </div>
  );
}
