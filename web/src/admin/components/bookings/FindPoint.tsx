// "Find on map" beside an address in the back office: the server's address search (the one the
// booking flow uses) lists the places it knows for the address, and the admin picks the one the
// customer means, which fills the point. Nothing found, or the search unreachable, is said so,
// and the point can still be typed from the customer's shared location or a maps app.
import { useState } from "react";
import { useClient } from "urql";
import { css } from "styled-system/css";
import { Button } from "../../../ui/Button.tsx";
import { MapPinIcon } from "../../../ui/icons.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { GEOCODE_SEARCH, type GeocodePlace } from "../../../lib/geocode.ts";
import { adminErrorMessage } from "../../lib/errors.ts";
import { mapsLink } from "../../lib/maps.ts";

type Search =
  | { kind: "idle" }
  | { kind: "searching"; query: string }
  | { kind: "found"; query: string; places: GeocodePlace[] }
  | { kind: "none"; query: string }
  | { kind: "failed"; query: string; message: string }
  | { kind: "picked"; query: string; place: GeocodePlace };

const placeButton = css({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: "0.5",
  width: "full",
  px: "3",
  py: "2",
  textAlign: "left",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "md",
  bg: "bg.surface",
  cursor: "pointer",
  _hover: { borderColor: "ocean.300", bg: "brand.subtle" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
});

const note = css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" });

export function FindPoint({ address, place, onPick }: { address: string; place: "delivery" | "return"; onPick: (found: GeocodePlace) => void }) {
  const client = useClient();
  const [search, setSearch] = useState<Search>({ kind: "idle" });
  const query = address.trim();
  // What was found belongs to the address searched: once it is edited, the list goes.
  const shown: Search = search.kind !== "idle" && search.query === query ? search : { kind: "idle" };

  const find = async () => {
    if (!query) return;
    setSearch({ kind: "searching", query });
    const result = await client.query(GEOCODE_SEARCH, { q: query }, { requestPolicy: "network-only" }).toPromise();
    if (result.error || !result.data) setSearch({ kind: "failed", query, message: adminErrorMessage(result.error) });
    else if (result.data.geocodeSearch.length === 0) setSearch({ kind: "none", query });
    else setSearch({ kind: "found", query, places: result.data.geocodeSearch });
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "2", minW: "0", width: "full" })} data-find-point={place}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void find()}
        disabled={query === "" || shown.kind === "searching"}
        aria-busy={shown.kind === "searching" || undefined}
      >
        {shown.kind === "searching" ? <Spinner /> : <MapPinIcon size={16} />}
        {shown.kind === "searching" ? "Finding..." : "Find on map"}
        <span className={css({ srOnly: true })}> the {place} address</span>
      </Button>
      <div role="status" className={css({ display: "contents" })}>
        {shown.kind === "none" ? (
          <p className={note}>No place found for "{shown.query}". Enter the point from the customer's shared location or a maps app.</p>
        ) : null}
        {shown.kind === "failed" ? (
          <p className={css({ fontSize: "sm", color: "danger.fg", overflowWrap: "anywhere" })}>
            The address search failed ({shown.message}). Enter the point by hand.
          </p>
        ) : null}
        {shown.kind === "picked" ? (
          <p className={note}>
            Point set from {shown.place.displayName}.{" "}
            <a
              href={mapsLink(shown.place.coordinates)}
              target="_blank"
              rel="noreferrer"
              className={css({ color: "fg.link", textDecoration: "underline", textUnderlineOffset: "2px" })}
            >
              Check it on a map<span className={css({ srOnly: true })}> (the {place} point)</span>
            </a>
          </p>
        ) : null}
      </div>
      {shown.kind === "found" ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "1.5", width: "full" })}>
          <p className={note} id={`found-${place}`}>
            {shown.places.length === 1 ? "One place" : `${shown.places.length} places`} found: choose the customer's.
          </p>
          <ul aria-labelledby={`found-${place}`} className={css({ display: "flex", flexDirection: "column", gap: "1.5", listStyle: "none", p: "0", m: "0" })}>
            {shown.places.map((found) => (
              <li key={`${found.coordinates} ${found.displayName}`}>
                <button
                  type="button"
                  className={placeButton}
                  onClick={() => {
                    onPick(found);
                    setSearch({ kind: "picked", query, place: found });
                  }}
                >
                  <span className={css({ fontSize: "sm", fontWeight: "600", overflowWrap: "anywhere" })}>{found.displayName}</span>
                  <span className={css({ fontSize: "xs", color: "fg.muted", fontVariantNumeric: "tabular-nums" })}>{found.coordinates}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
