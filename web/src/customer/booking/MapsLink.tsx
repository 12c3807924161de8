import { css, cx } from "styled-system/css";
import { mapsSearchUrl } from "#domain/geo.ts";
import { ExternalLinkIcon } from "./icons.tsx";

/** "Open in maps" for a point ("lat,lon"), in a new tab; nothing for no point or the typed-address stand-in. Not printed. */
export function MapsLink({ coordinates, className }: { coordinates: string | null | undefined; className?: string }) {
  const href = mapsSearchUrl(coordinates);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cx(
        css({
          display: "inline-flex",
          alignItems: "center",
          gap: "1",
          // A thumb's target (44 px) on the phone, where these are tapped.
          minH: "11",
          fontSize: "sm",
          fontWeight: "600",
          color: "brand.text",
          textDecoration: "none",
          _hover: { textDecoration: "underline" },
          _print: { display: "none" },
        }),
        className,
      )}
    >
      Open in maps
      <ExternalLinkIcon size={14} />
      <span className={css({ srOnly: true })}>(opens in a new tab)</span>
    </a>
  );
}
