import { css } from "styled-system/css";
import { Skeleton } from "../ui/Skeleton.tsx";
import { useMatches } from "react-router";
import { CustomerScreen } from "./CustomerScreen.tsx";

/**
 * What a customer screen shows while its code loads on a first visit (a shared link to
 * /cars-for-sale, a sign-in link from an email): the frame and header at once, from the main
 * bundle, with the page's place held below (and the back link's, on the screens that have one). The
 * screen then fills in under the same header, the logo where it was.
 */
export function CustomerScreenLoading() {
  // Every session screen has a back link but those whose route's handle says `noBackLink` (routes.tsx).
  const hasBackLink = !useMatches().some((match) => (match.handle as { noBackLink?: boolean } | undefined)?.noBackLink === true);
  return (
    <CustomerScreen backPlace={hasBackLink}>
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true">
        <span className={css({ srOnly: true })} role="status">
          Loading…
        </span>
        <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <Skeleton className={css({ height: "8", width: "48" })} />
          <Skeleton className={css({ height: "4", width: "64", maxW: "full" })} />
        </div>
        <Skeleton className={css({ height: "12", width: "full" })} />
        <Skeleton className={css({ height: "48", width: "full", borderRadius: "card" })} />
      </div>
    </CustomerScreen>
  );
}
