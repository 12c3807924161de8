import { useCallback, useEffect, useState } from "react";
import { isRouteErrorResponse, useLocation, useNavigate, useNavigation, useRouteError } from "react-router";
import { css } from "styled-system/css";
import { usePageTitle } from "../lib/usePageTitle.ts";
import { useRetryWhenOnline } from "../lib/online.ts";
import { Button, ButtonLink } from "./Button.tsx";
import { NotFound } from "./NotFound.tsx";
import { Spinner } from "./Spinner.tsx";

/**
 * A screen's code (a chunk) or data that could not be fetched: either the connection dropped, or
 * the chunk no longer exists on the server (a new version was deployed while the tab was open).
 * Which of the two it was is decided by `diagnoseLoadFailure`.
 */
export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch|NetworkError|Load failed/i.test(
    message,
  );
}

/** A failed dynamic import (not a failed fetch of data). */
function isChunkFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed/i.test(message);
}

/** The same-origin address of the chunk that failed, when the browser names it (Chromium and Firefox do, Safari does not). */
function failedChunkUrl(error: unknown, origin: string): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const found = /(https?:\/\/[^\s'"]+)/.exec(message)?.[1];
  if (!found) return null;
  try {
    const url = new URL(found);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

export type LoadFailure = "offline" | "updated";

/** How long the probe of the server may take before the connection counts as down. */
export const PROBE_TIMEOUT_MS = 4000;

/**
 * Why a screen could not load: "offline" when the browser says so, or when a quick probe of the
 * server (the failed chunk itself, else /healthz) gets no answer or a 5xx; "updated" only when the
 * server answers and the chunk is gone (404/410), or answers and the browser named no chunk. A data
 * fetch that failed is always "offline": the connection failed at that moment.
 */
export async function diagnoseLoadFailure(
  error: unknown,
  { fetch: probe = globalThis.fetch, onLine = globalThis.navigator?.onLine, origin = globalThis.location?.origin ?? "", timeoutMs = PROBE_TIMEOUT_MS } = {},
): Promise<LoadFailure> {
  if (onLine === false || !isChunkFailure(error)) return "offline";
  const chunk = failedChunkUrl(error, origin);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const answer = await probe(chunk ?? "/healthz", { method: chunk ? "HEAD" : "GET", cache: "no-store", signal: controller.signal });
    if (answer.status >= 500) return "offline";
    if (chunk) return answer.status === 404 || answer.status === 410 ? "updated" : "offline";
    return "updated";
  } catch {
    return "offline";
  } finally {
    clearTimeout(timer);
  }
}

/** The diagnosis of `error` once known ("checking" until then), or null when it is no load failure. */
function useLoadFailure(error: unknown): LoadFailure | "checking" | null {
  const loadFailure = isLoadFailure(error);
  const [diagnosis, setDiagnosis] = useState<{ error: unknown; result: LoadFailure } | null>(null);
  useEffect(() => {
    if (!loadFailure) return;
    let live = true;
    void diagnoseLoadFailure(error).then((result) => {
      if (live) setDiagnosis({ error, result });
    });
    return () => {
      live = false;
    };
  }, [error, loadFailure]);
  if (!loadFailure) return null;
  if (typeof navigator !== "undefined" && navigator.onLine === false) return "offline";
  return diagnosis !== null && diagnosis.error === error ? diagnosis.result : "checking";
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
const actions = css({ display: "flex", gap: "3", flexWrap: "wrap", justifyContent: "center" });

export const OFFLINE_MESSAGE = "You're offline. Check your connection, then try again.";

/**
 * No connection: nothing to reload (a reload offline shows the browser's own error page). Try again
 * goes to the same address once more, which loads the screen's code and data again; it also
 * happens by itself when the browser says it is back online.
 */
function Offline() {
  usePageTitle("You're offline");
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  const retrying = useNavigation().state !== "idle";
  const retry = useCallback(() => {
    void navigate({ pathname, search, hash }, { replace: true, state });
  }, [navigate, pathname, search, hash, state]);
  useRetryWhenOnline(true, retry);
  return (
    <div className={wrap} role="alert">
      <h1 className={css({ textStyle: "title" })}>No connection</h1>
      <p className={css({ color: "fg.muted" })}>{OFFLINE_MESSAGE}</p>
      <div className={actions}>
        <Button onClick={retry} disabled={retrying} aria-busy={retrying || undefined}>
          {retrying ? <Spinner /> : null}
          Try again
        </Button>
      </div>
    </div>
  );
}

function Checking() {
  usePageTitle("Loading");
  return (
    <div className={wrap} role="status">
      <Spinner />
      <p className={css({ color: "fg.muted" })}>Checking your connection…</p>
    </div>
  );
}

function Failed({ homeHref, updated }: { homeHref: string; updated: boolean }) {
  usePageTitle(updated ? "Update available" : "Something went wrong");
  return (
    <div className={wrap} role="alert">
      <h1 className={css({ textStyle: "title" })}>{updated ? "CapeDrive has been updated" : "Something went wrong"}</h1>
      <p className={css({ color: "fg.muted" })}>
        {updated ? "A newer version is available. Reload the page to continue." : "Sorry, this page could not be shown. Please try again."}
      </p>
      <div className={actions}>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <ButtonLink to={homeHref} variant="outline" reloadDocument>
          Go to home page
        </ButtonLink>
      </div>
    </div>
  );
}

/** What a route error boundary shows. Content only; `homeHref` is the area's home. */
export function RouteErrorContent({ homeHref = "/" }: { homeHref?: string }) {
  const error = useRouteError();
  const loadFailure = useLoadFailure(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (notFound) return;
    // A dropped connection is expected on a phone; anything else is a fault worth a console error.
    if (isLoadFailure(error)) console.warn("A screen could not load:", error);
    else console.error(error);
  }, [error, notFound]);
  if (notFound) return <NotFound homeHref={homeHref} />;
  if (loadFailure === "checking") return <Checking />;
  if (loadFailure === "offline") return <Offline />;
  return <Failed homeHref={homeHref} updated={loadFailure === "updated"} />;
}

/** Top-level boundary, used when even an area's layout failed: brings its own main landmark. */
export function RootError() {
  return (
    <main className={css({ minH: "100dvh", display: "flex", bg: "bg.surface" })}>
      <RouteErrorContent />
    </main>
  );
}
