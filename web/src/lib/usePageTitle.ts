import { useEffect } from "react";

export const BRAND = "CapeDrive";

/** Sets document.title to "{title} · CapeDrive" (or the brand line when no title is given). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : `${BRAND} · Car rentals in Cape Town`;
  }, [title]);
}
