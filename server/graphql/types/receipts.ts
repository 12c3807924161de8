// The receipt of a booking: its tax documents (invoice, credit and debit notes) and the supplier.
import { centsToDecimal, TAX_DOCUMENT_LABELS, taxDocumentNumber, vatRateLabel, type BookingStatus } from "#domain";
import { bookingReceipt, type Receipt } from "../../services/invoices";
import { builder } from "../builder";
import { BookingStatusEnum } from "./enums";

const TaxDocumentKindEnum = builder.enumType("TaxDocumentKind", { values: ["invoice", "credit_note", "debit_note"] as const });

const SupplierRef = builder.objectRef<Receipt["supplier"]>("Supplier").implement({
  description: "Who issues the tax documents (SUPPLIER_NAME, SUPPLIER_ADDRESS, SUPPLIER_VAT_NUMBER).",
  fields: (t) => ({ name: t.exposeString("name"), address: t.exposeString("address"), vatNumber: t.exposeString("vatNumber") }),
});

const TaxDocumentRef = builder.objectRef<Receipt["documents"][number]>("TaxDocument").implement({
  description: "A tax invoice, credit note or debit note. Amounts include VAT in `total`; `exclusive` + `vat` = `total`.",
  fields: (t) => ({
    id: t.exposeID("id"),
    /** The number in the one series of every kind, prefixed by its kind: "INV-000042", "CN-000043", "DN-000044". */
    number: t.string({ resolve: (d) => taxDocumentNumber(d.number, d.kind) }),
    kind: t.expose("kind", { type: TaxDocumentKindEnum }),
    /** "Tax Invoice", "Credit Note", "Debit Note". */
    title: t.string({ resolve: (d) => TAX_DOCUMENT_LABELS[d.kind] }),
    issuedAt: t.expose("issuedAt", { type: "DateTime" }),
    customerName: t.exposeString("customerName"),
    customerEmail: t.exposeString("customerEmail"),
    customerAddress: t.exposeString("customerAddress", { nullable: true }),
    description: t.exposeString("description"),
    exclusive: t.field({ type: "Money", resolve: (d) => centsToDecimal(d.exclusiveCents) }),
    vat: t.field({ type: "Money", resolve: (d) => centsToDecimal(d.vatCents) }),
    total: t.field({ type: "Money", resolve: (d) => centsToDecimal(d.totalCents) }),
  }),
});

const ReceiptRef = builder.objectRef<Receipt>("Receipt").implement({
  description: "A booking's tax documents in number order, and what they add up to.",
  fields: (t) => ({
    bookingId: t.id({ resolve: (r) => r.booking.id }),
    bookingStatus: t.field({ type: BookingStatusEnum, resolve: (r) => r.booking.status as BookingStatus }),
    supplier: t.field({ type: SupplierRef, resolve: (r) => r.supplier }),
    /** "15%" */
    vatRate: t.string({ resolve: () => vatRateLabel() }),
    documents: t.field({ type: [TaxDocumentRef], resolve: (r) => r.documents }),
    /** What the documents add up to: what the customer owes for the booking, VAT included. */
    balance: t.field({ type: "Money", resolve: (r) => centsToDecimal(r.documents.reduce((sum, d) => sum + d.totalCents, 0)) }),
  }),
});

builder.queryField("bookingReceipt", (t) =>
  t.field({
    type: ReceiptRef,
    description: "The tax invoice and notes of one of the customer's bookings (admins, or a key with bookings:read: any booking).",
    authScopes: { customer: true, admin: true, permission: "bookings:read" },
    args: { bookingId: t.arg.id({ required: true }) },
    resolve: (_r, { bookingId }, ctx) => bookingReceipt(ctx.services, ctx.viewer, String(bookingId)),
  }),
);
