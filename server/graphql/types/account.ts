// A booking's account as its cards show it (domain bookingAccount): the rental, each charge added at
// the collection, a credit when the rental is not owed, and the balance. Customers' and admins'
// bookings both carry it.
import { bookingAccount, centsToDecimal, decimalToCents, type AccountLine, type BookingAccount, type CollectionCharges } from "#domain";
import type { Prisma } from "../../db";
import { builder } from "../builder";

const AccountLineKindEnum = builder.enumType("AccountLineKind", { values: ["rental", "charge", "credit"] as const });

const AccountLineRef = builder.objectRef<AccountLine>("BookingAccountLine").implement({
  fields: (t) => ({
    kind: t.field({ type: AccountLineKindEnum, resolve: (line) => line.kind }),
    /** "Rental, 3 days", "Late return, 1 day", "Fuel, ¼ tank short", "Rental credited (cancelled)". */
    label: t.exposeString("label"),
    /** VAT included; negative for a credit. */
    amount: t.field({ type: "Money", resolve: (line) => centsToDecimal(line.cents) }),
  }),
});

export const BookingAccountRef = builder.objectRef<BookingAccount>("BookingAccount").implement({
  description:
    "What the customer owes for a booking, line by line: the rental, each charge added at the collection, any credit, and the balance (what its tax documents add up to).",
  fields: (t) => ({
    lines: t.field({ type: [AccountLineRef], resolve: (account) => account.lines }),
    balance: t.field({ type: "Money", resolve: (account) => centsToDecimal(account.balanceCents) }),
  }),
});

/** What a booking's `account` field reads of its handovers (the collection's charges). */
export const ACCOUNT_HANDOVERS = {
  handovers: { select: { kind: true, lateDays: true, lateFeeCents: true, fuelEighthsShort: true, fuelFeeCents: true } },
} satisfies Prisma.BookingSelect;

/** The account of a booking row read with ACCOUNT_HANDOVERS. */
export function accountOf(b: {
  status: string;
  totalAmount: { toFixed(digits: number): string };
  duration: number;
  handovers: (CollectionCharges & { kind: string })[];
}): BookingAccount {
  const collection = b.handovers.find((h) => h.kind === "collection") ?? null;
  return bookingAccount({ status: b.status, rentalCents: decimalToCents(b.totalAmount), days: b.duration, collection });
}
