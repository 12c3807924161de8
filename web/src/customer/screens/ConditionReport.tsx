/**
 * The condition report (/bookings/{id}/report): the car's delivery and collection as the driver
 * recorded them with the customer, one column each (stacked on a phone, side by side from a
 * tablet up and on paper). "Print" prints it on A4 pages: no app header, footer or buttons,
 * black on white, photo grids never split across pages (print rules in web/panda.config.ts and
 * the _print conditions here). Loading, "Booking not found" and load-error states; the back link
 * returns to the booking's page.
 */
import { useParams } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { SignedInOnly } from "../booking/BookingScreen.tsx";
import { BookingLoadError, BookingNotFound, isNotFound } from "../booking/BookingStates.tsx";
import { PrinterIcon } from "../booking/icons.tsx";
import { CONDITION_REPORT_QUERY, type ConditionReportData } from "../report/documents.ts";
import { HandoverColumn } from "../report/HandoverColumn.tsx";

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : formatBookingCardDateTime(date);
}

function Loading() {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true">
      <span role="status" className={css({ srOnly: true })}>
        Loading the condition report…
      </span>
      <Skeleton className={css({ height: "8", width: "1/2" })} />
      <Skeleton className={css({ height: "5", width: "3/4" })} />
      <div className={css({ display: "grid", gap: "4", md: { gridTemplateColumns: "1fr 1fr" } })}>
        <Skeleton className={css({ height: "96", borderRadius: "card" })} />
        <Skeleton className={css({ height: "96", borderRadius: "card" })} />
      </div>
    </div>
  );
}

function Report({ data }: { data: ConditionReportData }) {
  const report = data.conditionReport;
  const booking = data.booking;
  return (
    <article
      aria-labelledby="report-title"
      // Inset by 2px on paper: a column's border on the printable area's very edge lost its right side in Chromium's PDF.
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "5",
        width: "full",
        maxW: "5xl",
        mx: "auto",
        _print: { maxW: "none", gap: "3", px: "0.5" },
      })}
      data-print-page=""
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "0.5" })}>
        {/* The app's header is not printed: the page names the company itself. */}
        <p className={css({ display: "none", _print: { display: "block" }, fontWeight: "800", letterSpacing: "-0.01em" })}>CapeDrive</p>
        <div className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "4", mb: "0.5" })}>
          <h1 id="report-title" className={css({ textStyle: "title", _print: { fontSize: "xl" } })}>
            Condition report
          </h1>
          <Button variant="outline" size="sm" onClick={() => window.print()} className={css({ flexShrink: 0, _print: { display: "none" } })}>
            <PrinterIcon size={16} />
            Print
          </Button>
        </div>
        <p className={css({ textStyle: "small", color: "fg.muted", fontVariantNumeric: "tabular-nums" })}>Booking #{report.bookingNumber}</p>
        {report.vehicle ? (
          <p className={css({ textStyle: "small", color: "fg.muted" })}>
            {report.vehicle.make} {report.vehicle.model} · <span className={css({ whiteSpace: "nowrap" })}>{report.vehicle.registrationNumber}</span>
          </p>
        ) : null}
        <p className={css({ textStyle: "small", color: "fg.muted" })}>
          <span className={css({ whiteSpace: "nowrap" })}>{when(report.pickupDate)}</span> to{" "}
          <span className={css({ whiteSpace: "nowrap" })}>{when(report.returnDate)}</span>
        </p>
      </div>
      <div
        className={css({
          display: "grid",
          gap: "4",
          alignItems: "start",
          md: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
          _print: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "3" },
        })}
      >
        <HandoverColumn
          kind="delivery"
          job={report.delivery}
          bookingStatus={report.status}
          address={report.deliveryLocation}
          bookedCoordinates={booking?.deliveryCoordinates}
          bookedAt={report.pickupDate}
        />
        <HandoverColumn
          kind="collection"
          job={report.collection}
          bookingStatus={report.status}
          address={report.returnLocation}
          bookedCoordinates={booking?.returnCoordinates}
          bookedAt={report.returnDate}
          deliveryOdometerKm={report.delivery?.state === "done" ? report.delivery.odometerKm : null}
        />
      </div>
      <p className={css({ textStyle: "caption", color: "fg.muted" })}>Recorded by the driver with you at the door. Times are Cape Town time.</p>
    </article>
  );
}

function Body({ id }: { id: string }) {
  // A collection can be recorded while the page is closed: refresh on every visit.
  const [result, reexecute] = useQuery({ query: CONDITION_REPORT_QUERY, variables: { bookingId: id }, requestPolicy: "cache-and-network" });
  const data = result.data;
  usePageTitle(data?.conditionReport ? `Condition report, booking #${data.conditionReport.bookingNumber}` : "Condition report");
  if (data?.conditionReport) return <Report data={data} />;
  if (isNotFound(result.error)) return <BookingNotFound />;
  if (result.error) return <BookingLoadError what="the condition report" onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
  return <Loading />;
}

export function ConditionReportScreen() {
  const { id = "" } = useParams();
  return (
    <CustomerScreen back={`/bookings/${id}`} backLabel="Back to the booking" footer>
      <SignedInOnly>
        <Body id={id} />
      </SignedInOnly>
    </CustomerScreen>
  );
}

export const Component = ConditionReportScreen;
