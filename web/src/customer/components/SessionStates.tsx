import { css } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";

/** Shown when a token is stored but the account could not be loaded (server unreachable...). */
export function AccountLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} role="alert">
      <Notice tone="danger" title="We couldn't load your account">
        Please check your connection and try again.
      </Notice>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A generic page skeleton: a title and a few cards. */
export function PageSkeleton({ label = "Loading…" }: { label?: string }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true">
      <span className={css({ srOnly: true })} role="status">
        {label}
      </span>
      <Skeleton className={css({ height: "8", width: "40" })} />
      <Skeleton className={css({ height: "32", width: "full", borderRadius: "card" })} />
      <Skeleton className={css({ height: "40", width: "full", borderRadius: "card" })} />
      <Skeleton className={css({ height: "40", width: "full", borderRadius: "card" })} />
    </div>
  );
}
