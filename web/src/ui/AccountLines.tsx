/**
 * A booking's account on its card, customer's and admin's alike: the rental, each charge added
 * later (late return, fuel at collection), any credit, then the balance, one compact row each.
 */
import { css, cx } from "styled-system/css";
import { formatRand } from "#domain/money.ts";

export type Account = { lines: readonly { kind: string; label: string; amount: string }[]; balance: string };

/** Whether the account has more to say than its rental: a charge added after booking (a credit alone reads as the card's "Total (cancelled)"). */
export function hasAddedCharges(account: Account): boolean {
  return account.lines.some((line) => line.kind === "charge");
}

function rand(amount: string): string {
  try {
    return formatRand(amount);
  } catch {
    return amount;
  }
}

const row = css({ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: "3" });

export function AccountLines({ account, className }: { account: Account; className?: string }) {
  return (
    <dl
      className={cx(css({ display: "flex", flexDirection: "column", gap: "1", fontSize: "sm", fontVariantNumeric: "tabular-nums" }), className)}
      data-testid="booking-account"
    >
      {account.lines.map((line, i) => (
        <div key={`${line.kind}-${i}`} className={row} data-line={line.kind}>
          <dt className={css({ color: "fg.muted", minW: "0" })}>{line.label}</dt>
          <dd className={cx(css({ whiteSpace: "nowrap", fontWeight: "600" }), line.kind === "credit" && css({ color: "success.fg" }))}>
            {line.kind === "charge" ? "+" : ""}
            {rand(line.amount)}
          </dd>
        </div>
      ))}
      <div className={cx(row, css({ pt: "1.5", mt: "0.5", borderTopWidth: "1px", borderColor: "border.default", fontSize: "md" }))}>
        <dt className={css({ fontWeight: "700" })}>Balance</dt>
        <dd className={css({ fontWeight: "800", fontSize: "lg", whiteSpace: "nowrap" })} data-testid="booking-balance">
          {rand(account.balance)}
        </dd>
      </div>
    </dl>
  );
}
