import { useEffect, useRef } from "react";

/**
 * While `active`, runs `retry` when the browser comes back online (its "online" event): a request
 * that failed for want of a connection is made again once there is one, without a tap.
 */
export function useRetryWhenOnline(active: boolean, retry: () => void): void {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    if (!active) return;
    const onOnline = () => latest.current();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [active]);
}
