import { isRouteErrorResponse, useRouteError } from "react-router";
import { css } from "styled-system/css";
import { usePageTitle } from "../lib/usePageTitle.ts";
import { Button, ButtonLink } from "./Button.tsx";
import { NotFound } from "./NotFound.tsx";

/** A chunk that no longer exists on the server (a new version was deployed while the tab was open). */
function isStaleChunk(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(message);
}

const wrap = css({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  gap: "4",
  flex: "1",
  px: "6",
  py: "16",
  mx: "auto",
  maxW: "md",
});

/** What a route error boundary shows. Content only; `homeHref` is the area's home. */
export function RouteErrorContent({ homeHref = "/" }: { homeHref?: string }) {
  const error = useRouteError();
  const stale = isStaleChunk(error);
  usePageTitle(stale ? "Update available" : "Something went wrong");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound homeHref={homeHref} />;
  console.error(error);
  return (
    <div className={wrap} role="alert">
      <h1 className={css({ textStyle: "title" })}>{stale ? "CapeDrive has been updated" : "Something went wrong"}</h1>
      <p className={css({ color: "fg.muted" })}>
        {stale ? "A newer version is available. Reload the page to continue." : "Sorry, this page could not be shown. Please try again."}
      </p>
      <div className={css({ display: "flex", gap: "3", flexWrap: "wrap", justifyContent: "center" })}>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <ButtonLink to={homeHref} variant="outline" reloadDocument>
          Go to home page
        </ButtonLink>
      </div>
    </div>
  );
}

/** Top-level boundary, used when even an area's layout failed: brings its own main landmark. */
export function RootError() {
  return (
    <main className={css({ minH: "100dvh", display: "flex", bg: "bg.surface" })}>
      <RouteErrorContent />
    </main>
  );
}
