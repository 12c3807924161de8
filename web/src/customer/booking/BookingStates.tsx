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
