/**
 * The delivery and return location screens (SPEC 2): "Use my current location", a typed address
 * with "Use This Address", and on the return screen "Same as delivery location" (only when a
 * delivery location exists). After a choice: "Location Selected" with "Change Location". The
 * confirm button is enabled only with a choice. Without a category, or without dates, the flow
 * goes back to the step that is missing. A typed address not yet looked up is kept in the draft.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { useClient } from "urql";
import { css } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { Field } from "../../ui/Field.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { CheckCircleIcon, MapPinIcon } from "../components/icons.tsx";
import { AlertDialog } from "./AlertDialog.tsx";
import { ActionBar, BookingScreen } from "./BookingScreen.tsx";
import { isTypedAddressStandIn, LOCATION_NOT_SERVED } from "#domain/geo.ts";
import { gotNoAnswer } from "../../lib/errors.ts";
import { GEOCODE_SEARCH } from "../../lib/geocode.ts";
import { IS_LOCATION_SERVED, REVERSE_GEOCODE } from "./documents.ts";
import type { DraftStore, WebBookingDraft } from "./draft.ts";
import { useBookingFlow } from "./flow.tsx";
import { LocateIcon, SwapIcon } from "./icons.tsx";
import { GeolocationProblem, currentPosition, locationFromFix, locationFromTypedAddress, type ChosenLocation } from "./location.ts";
import { IconDisc } from "../../ui/IconDisc.tsx";
import { Notice } from "../../ui/Notice.tsx";

type Kind = "delivery" | "return";

/** A typed address whose lookup never reached CapeDrive. */
export const ADDRESS_LOOKUP_OFFLINE = "We couldn't check this address: no connection. Try again.";

const TEXT = {
  delivery: {
    title: "Set delivery location",
    description: "Where should we bring the car?",
    addressLabel: "Delivery address",
    confirm: "Confirm Delivery Location",
    step: 3,
  },
  return: {
    title: "Set return location",
    description: "Where should we collect the car at the end?",
    addressLabel: "Return address",
    confirm: "Confirm Return Location",
    step: 4,
  },
} as const;

function fieldsOf(kind: Kind, draft: WebBookingDraft): ChosenLocation {
  return kind === "delivery"
    ? { location: draft.deliveryLocation, coordinates: draft.deliveryCoordinates, note: draft.deliveryNote }
    : { location: draft.returnLocation, coordinates: draft.returnCoordinates, note: draft.returnNote };
}

function storeIn(update: DraftStore["update"], kind: Kind, chosen: ChosenLocation): void {
  if (kind === "delivery") update({ deliveryLocation: chosen.location, deliveryCoordinates: chosen.coordinates, deliveryNote: chosen.note });
  else update({ returnLocation: chosen.location, returnCoordinates: chosen.coordinates, returnNote: chosen.note });
}

const optionButton = css({
  display: "flex",
  alignItems: "center",
  gap: "4",
  width: "full",
  p: "4",
  textAlign: "left",
  borderRadius: "card",
  borderWidth: "1.5px",
  borderColor: "border.default",
  bg: "bg.surface",
  cursor: "pointer",
  transition: "border-color 150ms, background-color 150ms",
  _hover: { borderColor: "ocean.300", bg: "brand.subtle" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
  _disabled: { opacity: 0.6, cursor: "progress" },
});

export function LocationStep({ kind }: { kind: Kind }) {
  const text = TEXT[kind];
  const flow = useBookingFlow();
  const { draft } = flow;
  const store = (which: Kind, chosen: ChosenLocation) => storeIn(flow.update, which, chosen);
  const client = useClient();
  const navigate = useNavigate();
  const chosen = fieldsOf(kind, draft);
  // The typed text lives in the draft, so a reload (or Android discarding the tab) keeps it; it is
  // looked up and confirmed only on "Use This Address", as before.
  const typedKey = kind === "delivery" ? "deliveryAddressTyped" : "returnAddressTyped";
  const address = draft[typedKey];
  const setAddress = (text: string) => flow.update({ [typedKey]: text });
  const [busy, setBusy] = useState<"locating" | "searching" | null>(null);
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  /** The last typed-address lookup got no answer (offline, a 5xx). */
  const [lookupFailed, setLookupFailed] = useState(false);
  const addressInput = useRef<HTMLInputElement>(null);
  const selectedHeading = useRef<HTMLHeadingElement>(null);
  const options = useRef<HTMLDivElement>(null);
  const selected = chosen.location !== "";
  // A choice replaces the control that had focus (and Change Location removes itself): without
  // this, focus falls to <body> and a screen reader hears nothing. Not on the screen's first show.
  const wasSelected = useRef(selected);
  useEffect(() => {
    if (wasSelected.current === selected) return;
    wasSelected.current = selected;
    (selected ? selectedHeading.current : options.current?.querySelector("button"))?.focus();
  }, [selected]);

  if (draft.category === "") return <Navigate to={flow.path("car")} replace />;
  if (draft.pickupDate === "" || draft.returnDate === "") return <Navigate to={flow.path("dates")} replace />;
  if (kind === "return" && draft.deliveryLocation === "") return <Navigate to={flow.path("delivery")} replace />;

  /**
   * Keeps a real point only when we serve it (the server checks again at Confirm). The typed-address
   * stand-in is not a real point: it is kept, and the booking is marked for a call. When the check
   * itself fails (offline), the point is kept and Confirm decides.
   */
  const storeIfServed = async (location: ChosenLocation): Promise<boolean> => {
    if (!isTypedAddressStandIn(location.coordinates)) {
      const served = await client.query(IS_LOCATION_SERVED, { coordinates: location.coordinates }, { requestPolicy: "network-only" }).toPromise();
      if (served.data?.isLocationServed === false) {
        setAlert({ title: "Outside our service area", message: LOCATION_NOT_SERVED });
        return false;
      }
    }
    store(kind, location);
    return true;
  };

  const useCurrentLocation = async () => {
    setBusy("locating");
    try {
      const point = await currentPosition();
      const result = await client.query(REVERSE_GEOCODE, { lat: point.lat, lon: point.lon }, { requestPolicy: "network-only" }).toPromise();
      await storeIfServed(locationFromFix(point, result.data?.reverseGeocode));
    } catch (error) {
      setAlert({
        title: "Location unavailable",
        message: error instanceof GeolocationProblem ? error.message : "Unable to get your location. Please enter your address manually.",
      });
    } finally {
      setBusy(null);
    }
  };

  const useTypedAddress = async (event: FormEvent) => {
    event.preventDefault();
    const typed = address.trim();
    if (!typed) return;
    setBusy("searching");
    setLookupFailed(false);
    try {
      const result = await client.query(GEOCODE_SEARCH, { q: typed }, { requestPolicy: "network-only" }).toPromise();
      // The lookup never reached CapeDrive (offline, a 5xx): nothing is known about the address, so
      // it is not stored at the stand-in point; the typed text stays to send again. (The server's
      // own "lookup unavailable" is an answer: the stand-in and a call from the driver, as designed.)
      if (gotNoAnswer(result.error)) {
        setLookupFailed(true);
        return;
      }
      if (await storeIfServed(locationFromTypedAddress(typed, result.data?.geocodeSearch))) setAddress("");
    } finally {
      setBusy(null);
    }
  };

  return (
    <BookingScreen back={flow.back(kind)} step={flow.mode === "new" ? text.step : undefined} title={text.title} description={text.description}>
      {selected ? (
        <Card padding="lg" className={css({ display: "flex", flexDirection: "column", gap: "4", borderColor: "success.border", bg: "success.bg/40" })}>
          <div className={css({ display: "flex", gap: "3", alignItems: "flex-start" })}>
            <span className={css({ color: "success.solid", mt: "0.5" })}>
              <CheckCircleIcon size={24} />
            </span>
            <div className={css({ minW: "0" })}>
              <h2 ref={selectedHeading} tabIndex={-1} className={css({ fontWeight: "700", _focusVisible: { outline: "none" } })}>
                Location Selected
              </h2>
              <p className={css({ mt: "1", overflowWrap: "anywhere" })} data-testid="selected-location">
                {chosen.location}
              </p>
              {chosen.note ? <p className={css({ textStyle: "small", color: "fg.muted", mt: "1", overflowWrap: "anywhere" })}>{chosen.note}</p> : null}
            </div>
          </div>
          <Button variant="outline" onClick={() => store(kind, { location: "", coordinates: "", note: "" })}>
            Change Location
          </Button>
        </Card>
      ) : (
        <div ref={options} className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          {kind === "return" && draft.deliveryLocation ? (
            <button
              type="button"
              className={optionButton}
              disabled={busy !== null}
              onClick={() => store("return", { location: draft.deliveryLocation, coordinates: draft.deliveryCoordinates, note: "Same as delivery location" })}
            >
              <IconDisc size="sm">
                <SwapIcon />
              </IconDisc>
              <span className={css({ display: "flex", flexDirection: "column", minW: "0" })}>
                <span className={css({ fontWeight: "650" })}>Same as delivery location</span>
                <span className={css({ textStyle: "small", color: "fg.muted", overflowWrap: "anywhere" })}>{draft.deliveryLocation}</span>
              </span>
            </button>
          ) : null}

          <button type="button" className={optionButton} disabled={busy !== null} onClick={useCurrentLocation} aria-busy={busy === "locating" || undefined}>
            <IconDisc size="sm">{busy === "locating" ? <Spinner /> : <LocateIcon />}</IconDisc>
            <span className={css({ display: "flex", flexDirection: "column" })}>
              <span className={css({ fontWeight: "650" })}>Use my current location</span>
              <span className={css({ textStyle: "small", color: "fg.muted" })}>
                {busy === "locating" ? "Finding where you are…" : "We'll ask your device where you are"}
              </span>
            </span>
          </button>

          <div className={css({ display: "flex", alignItems: "center", gap: "3", color: "fg.muted", textStyle: "small", my: "1" })} aria-hidden="true">
            <span className={css({ flex: "1", height: "1px", bg: "border.default" })} />
            or type an address
            <span className={css({ flex: "1", height: "1px", bg: "border.default" })} />
          </div>

          <form onSubmit={useTypedAddress} className={css({ display: "flex", flexDirection: "column", gap: "3" })} noValidate>
            <Field
              ref={addressInput}
              label={kind === "return" ? "Different address" : text.addressLabel}
              autoComplete="street-address"
              placeholder="e.g. 12 Long Street, Cape Town"
              value={address}
              onChange={(event) => {
                setAddress(event.target.value);
                setLookupFailed(false);
              }}
              maxLength={200}
            />
            {lookupFailed ? (
              <div role="alert">
                <Notice>{ADDRESS_LOOKUP_OFFLINE}</Notice>
              </div>
            ) : null}
            <Button type="submit" variant="outline" disabled={address.trim() === "" || busy !== null} aria-busy={busy === "searching" || undefined}>
              {busy === "searching" ? <Spinner /> : <MapPinIcon size={18} />}
              {busy === "searching" ? "Finding address…" : "Use This Address"}
            </Button>
          </form>
        </div>
      )}

      <ActionBar>
        <Button size="lg" fullWidth disabled={!selected} onClick={() => navigate(flow.next(kind))}>
          {text.confirm}
        </Button>
      </ActionBar>

      <AlertDialog
        title={alert?.title ?? "Location unavailable"}
        message={alert?.message ?? null}
        onClose={() => setAlert(null)}
        finalFocus={() => addressInput.current}
      />
    </BookingScreen>
  );
}
