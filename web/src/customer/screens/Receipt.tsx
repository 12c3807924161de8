/**
 * The tax invoice of a booking (/bookings/{id}/receipt, linked from the confirmation email and the
 * booking's page): each tax document as South African VAT rules ask of a VAT vendor, "Tax
 * Invoice" (then "Credit Note" or "Debit Note" for each later change, referring to the invoice),
 * with the supplier's name, address and VAT number, the document's number and date, the customer,
 * the rental, the amount excluding VAT, the VAT at 15% and the total; and what the documents add
 * up to. Printable on A4 (the print rules of the condition report: `data-print-page`).
 */
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { formatBookingCardDate } from "#domain/time.ts";
import { formatRandCentsExact, parseMoneyToCents } from "#domain/money.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { EmailAddress } from "#domain/email-address.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { SignedInOnly } from "../booking/BookingScreen.tsx";
import { BookingLoadError, BookingNotFound, isNotFound } from "../booking/BookingStates.tsx";
import { PrinterIcon } from "../booking/icons.tsx";
import { RECEIPT_QUERY, type ReceiptData, type TaxDocumentData } from "../receipt/documents.ts";

/** Amounts on a tax document always carry their cents: "R2,600.00" beside "R2,260.87". */
const documentAmount = (value: string) => formatRandCentsExact(parseMoneyToCents(value));
const amountRow = css({ display: "flex", justifyContent: "space-between", gap: "4", py: "1.5", borderTopWidth: "1px", borderColor: "border.default" });
const label = css({ textStyle: "caption", color: "fg.muted", textTransform: "uppercase", letterSpacing: "0.05em", fontWeight: "600" });

function Party({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "0.5", minW: "0" })}>
      <span className={label}>{title}</span>
      {children}
    </div>
  );
}

function TaxDocument({ doc, receipt, invoiceNumber }: { doc: TaxDocumentData; receipt: ReceiptData; invoiceNumber: string | null }) {
  return (
    <section
      aria-labelledby={`doc-${doc.id}`}
      className={css({
        bg: "bg.surface",
        borderWidth: "1px",
        borderColor: "border.default",
        borderRadius: "card",
        p: { base: "4", md: "6" },
        display: "flex",
        flexDirection: "column",
        gap: "4",
        breakInside: "avoid",
        // On paper a little tighter, so an invoice and its note fit one A4 sheet.
        _print: { borderColor: "black", borderRadius: "0", p: "3", gap: "3" },
      })}
    >
      <div className={css({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", alignItems: "baseline", gap: "2" })}>
        <h2 id={`doc-${doc.id}`} className={css({ textStyle: "heading", fontSize: "xl" })}>
          {doc.title}
        </h2>
        <div className={css({ textAlign: "right", fontVariantNumeric: "tabular-nums" })}>
          <div className={css({ fontWeight: "700" })}>{doc.number}</div>
          <div className={css({ textStyle: "small", color: "fg.muted" })}>{formatBookingCardDate(new Date(doc.issuedAt))}</div>
        </div>
      </div>
      <div className={css({ display: "grid", gap: "4", md: { gridTemplateColumns: "1fr 1fr" }, _print: { gridTemplateColumns: "1fr 1fr" } })}>
        <Party title="From">
          <span className={css({ fontWeight: "600" })}>{receipt.supplier.name}</span>
          <span className={css({ textStyle: "small" })}>{receipt.supplier.address}</span>
          <span className={css({ textStyle: "small" })}>VAT number {receipt.supplier.vatNumber}</span>
        </Party>
        <Party title="To">
          <span className={css({ fontWeight: "600" })}>{doc.customerName}</span>
          {doc.customerAddress ? <span className={css({ textStyle: "small" })}>{doc.customerAddress}</span> : null}
          <span className={css({ textStyle: "small", overflowWrap: "anywhere" })}>
            <EmailAddress address={doc.customerEmail} />
          </span>
        </Party>
      </div>
      {doc.kind !== "invoice" && invoiceNumber ? (
        <p className={css({ textStyle: "small" })}>
          Relates to tax invoice <strong>{invoiceNumber}</strong>.
        </p>
      ) : null}
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        <span className={label}>Description</span>
        <p className={css({ textStyle: "small", overflowWrap: "anywhere" })}>{doc.description}</p>
      </div>
      {/* Amounts as a list, not a table: it fits a phone's width without scrolling sideways. */}
      <dl
        className={css({ display: "flex", flexDirection: "column", textStyle: "small", fontVariantNumeric: "tabular-nums", "& dd": { whiteSpace: "nowrap" } })}
      >
        <div className={amountRow}>
          <dt>Amount excluding VAT</dt>
          <dd>{documentAmount(doc.exclusive)}</dd>
        </div>
        <div className={amountRow}>
          <dt>VAT at {receipt.vatRate}</dt>
          <dd>{documentAmount(doc.vat)}</dd>
        </div>
        <div
          className={css({
            display: "flex",
            justifyContent: "space-between",
            gap: "4",
            py: "2",
            borderTopWidth: "2px",
            borderColor: "border.strong",
            fontWeight: "700",
            fontSize: "md",
          })}
        >
          <dt>{doc.kind === "credit_note" ? "Total credited (VAT included)" : "Total (VAT included)"}</dt>
          <dd>{documentAmount(doc.total)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Receipt({ receipt }: { receipt: ReceiptData }) {
  const invoice = receipt.documents.find((d) => d.kind === "invoice");
  return (
    <article
      aria-labelledby="receipt-title"
      data-print-page=""
      // On paper, inset by 2px: a document's border on the printable area's very edge came out
      // half as thick on the right, or not at all, in Chromium's PDF.
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "4",
        width: "full",
        maxW: "3xl",
        mx: "auto",
        _print: { maxW: "none", gap: "3", px: "0.5" },
      })}
    >
      <p className={css({ display: "none", _print: { display: "block" }, fontWeight: "800" })}>CapeDrive</p>
      <div className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "4" })}>
        {/* Not "receipt": no payment is recorded here; these are the VAT documents the emails call the tax invoice. */}
        <h1 id="receipt-title" className={css({ textStyle: "title" })}>
          {receipt.documents.length > 1 ? "Tax invoice and notes" : "Tax invoice"}
        </h1>
        <Button variant="outline" size="sm" onClick={() => window.print()} className={css({ flexShrink: 0, _print: { display: "none" } })}>
          <PrinterIcon size={16} />
          Print
        </Button>
      </div>
      {receipt.documents.length === 0 ? (
        <p className={css({ color: "fg.muted" })}>
          {receipt.bookingStatus === "pending"
            ? "Your booking is waiting for our confirmation: its tax invoice appears here once it is confirmed."
            : "This booking has no tax documents: nothing was charged."}
        </p>
      ) : (
        receipt.documents.map((doc) => <TaxDocument key={doc.id} doc={doc} receipt={receipt} invoiceNumber={invoice?.number ?? null} />)
      )}
      {receipt.documents.length > 1 ? (
        // Inset as the documents' contents are (their padding and border), so its amount lines up under theirs.
        <p
          className={css({
            display: "flex",
            justifyContent: "space-between",
            fontWeight: "700",
            px: { base: "4", md: "6" },
            borderInlineWidth: "1px",
            borderColor: "transparent",
            // The documents' padding on paper (p 3), so the amounts stay in one column there too.
            _print: { px: "3" },
          })}
        >
          <span>Total for this booking</span>
          <span className={css({ fontVariantNumeric: "tabular-nums" })}>{documentAmount(receipt.balance)}</span>
        </p>
      ) : null}
      <p className={css({ textStyle: "caption", color: "fg.muted" })}>
        Amounts in rand. Prices include VAT; a change to a booking is invoiced by a credit or debit note.
      </p>
    </article>
  );
}

function Loading() {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true">
      <span role="status" className={css({ srOnly: true })}>
        Loading the tax invoice…
      </span>
      <Skeleton className={css({ height: "8", width: "1/3" })} />
      <Skeleton className={css({ height: "72", borderRadius: "card" })} />
    </div>
  );
}

function Body({ id }: { id: string }) {
  const [result, reexecute] = useQuery({ query: RECEIPT_QUERY, variables: { bookingId: id }, requestPolicy: "cache-and-network" });
  const receipt = result.data?.bookingReceipt;
  usePageTitle(receipt?.documents[0] ? `Tax invoice ${receipt.documents[0].number}` : "Tax invoice");
  if (receipt) return <Receipt receipt={receipt} />;
  if (isNotFound(result.error)) return <BookingNotFound />;
  if (result.error) return <BookingLoadError what="the tax invoice" onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
  return <Loading />;
}

export function ReceiptScreen() {
  const { id = "" } = useParams();
  return (
    <CustomerScreen back={`/bookings/${id}`} backLabel="Back to the booking" footer>
      <SignedInOnly>
        <Body id={id} />
      </SignedInOnly>
    </CustomerScreen>
  );
}

export const Component = ReceiptScreen;
