/**
 * What the booking page and the condition report show when their booking cannot be shown: not
 * found (another customer's, or a wrong link), or a failed load with "Try again".
 */
import type { CombinedError } from "urql";
import { css } from "styled-system/css";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { CarIcon, RefreshIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { IconDisc } from "../../ui/IconDisc.tsx";

/** True when the server said the booking is not the customer's (or does not exist). */
export function isNotFound(error: CombinedError | undefined): boolean {
  return error?.graphQLErrors.some((e) => e.extensions?.code === "NOT_FOUND") ?? false;
}

export function BookingNotFound() {
  return (
    <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", py: "10" })}>
      <IconDisc size="lg">
        <CarIcon size={32} />
      </IconDisc>
      <h1 className={css({ textStyle: "title" })}>Booking not found</h1>
      <p className={css({ color: "fg.muted" })}>This booking does not exist or belongs to another account.</p>
      <ButtonLink to="/bookings" size="lg">
        Go to My Bookings
      </ButtonLink>
    </div>
  );
}

export function BookingLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} role="alert">
      <Notice tone="danger" title={`We couldn't load ${what}`}>
        Please check your connection and try again.
      </Notice>
      <Button variant="outline" onClick={onRetry}>
        <RefreshIcon size={18} />
        Try again
      </Button>
    </div>
  );
}

/**
 * A change's or an extension's price that did not arrive (offline, or the server failed): not a
 * refusal, so it says so, with "Try again" (the screen also asks again once back online).
 */
export function PriceUnavailable({ onRetry }: { onRetry: () => void }) {
  // Not an alert of its own: the price's card is a live region already.
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <Notice tone="danger" title="We couldn't work out the new price.">
        Check your connection and try again.
      </Notice>
      <Button variant="outline" onClick={onRetry}>
        <RefreshIcon size={18} />
        Try again
      </Button>
    </div>
  );
}

/**
 * What a change or an extension that got no answer says once the booking was read again: it was
 * not made ("notMade"), or the booking could not be read either ("unknown"; sending it again is
 * safe, the server never makes one change twice). "Try again" sends it again.
 */
export function NoAnswerNotice({
  outcome,
  what,
  onRetry,
  busy,
}: {
  outcome: "notMade" | "unknown";
  what: "change" | "extension";
  onRetry: () => void;
  busy: boolean;
}) {
  const title = outcome === "notMade" ? (what === "change" ? "Your booking was not changed" : "Your trip was not extended") : "We couldn't check your booking";
  const text =
    outcome === "notMade"
      ? `Your ${what} didn't go through. Check your connection and try again.`
      : `We couldn't check whether your ${what} went through. Check your connection and try again: it won't be made twice.`;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} role="alert">
      <Notice tone="danger" title={title}>
        {text}
      </Notice>
      <Button variant="outline" onClick={onRetry} disabled={busy}>
        <RefreshIcon size={18} />
        Try again
      </Button>
    </div>
  );
}
