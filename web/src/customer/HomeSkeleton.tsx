import { css } from "styled-system/css";
import { Skeleton } from "../ui/Skeleton.tsx";
import { CustomerScreen } from "./CustomerScreen.tsx";

/** The Home screen's shape while the customer's data (or the screen's code) loads. */
export function HomeSkeletonBody() {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "5" })} aria-busy="true">
      <span className={css({ srOnly: true })} role="status">
        Loading your account…
      </span>
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        <Skeleton className={css({ height: "4", width: "24" })} />
        <Skeleton className={css({ height: "8", width: "56" })} />
      </div>
      <Skeleton className={css({ height: "28", width: "full", borderRadius: "card" })} />
      <Skeleton className={css({ height: "5", width: "32" })} />
      <Skeleton className={css({ height: "36", width: "full", borderRadius: "card" })} />
      <Skeleton className={css({ height: "24", width: "full", borderRadius: "card" })} />
    </div>
  );
}

export function HomeSkeletonScreen() {
  return (
    <CustomerScreen right={<Skeleton className={css({ width: "10", height: "10", borderRadius: "full" })} />}>
      <HomeSkeletonBody />
    </CustomerScreen>
  );
}
