/**
 * Book a Car (/booking/category, SPEC 2 and 4). Step one: the three categories ("from R450/day"),
 * the transmission toggle (manual by default) and "Show Available Vehicles" (needs a category).
 * Step two (?view=vehicles, so the phone's back gesture returns to step one): the available
 * vehicles of that category and transmission — and free for the draft's period when it has one
 * — with "R{rate}/day", "Back to Categories", the empty state with "Try Different Options", and
 * Next (only with a vehicle selected) to /booking/datetime. Back goes to /home.
 *
 * Choosing a category sets it in the draft, clears the selected vehicle and returns to the
 * category view; so does changing the transmission (a selected car of the other kind would no
 * longer match).
 */
import { useEffect, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { CATEGORIES, TRANSMISSIONS, TRANSMISSION_LABELS, categoryLabel, type Category, type Transmission } from "#domain/catalogue.ts";
import { formatRandPerDay } from "#domain/money.ts";
import { chargedDailyRate } from "#domain/pricing.ts";
import { formatConfirmationDateTime } from "#domain/time.ts";
import { Button } from "../../../ui/Button.tsx";
import { Card } from "../../../ui/Card.tsx";
import { Notice } from "../../../ui/Notice.tsx";
import { Skeleton } from "../../../ui/Skeleton.tsx";
import { ActionBar, BookingScreen } from "../../booking/BookingScreen.tsx";
import { choiceCard, choiceTick, hiddenRadio, iconTile } from "../../booking/choice.ts";
import { VEHICLES_QUERY, type Vehicle } from "../../booking/documents.ts";
import { updateBookingDraft, useBookingDraft } from "../../booking/draft.ts";
import { useBookingFlow } from "../../booking/flow.tsx";
import { noRoomForAnother, useOwnBookingLimits } from "../../booking/limits.ts";
import { ArrowLeftIcon } from "../../booking/icons.tsx";
import { CarIcon, CheckIcon } from "../../components/icons.tsx";

const CATEGORY_ICON_SIZE: Record<Category, number> = { small: 22, medium: 26, large: 30 };

/** Moves keyboard focus to `target` once, when the step was opened by a button of the other step. */
function useFocusOnArrival<T extends HTMLElement>(arrived: boolean) {
  const target = useRef<T>(null);
  useEffect(() => {
    if (arrived) target.current?.focus();
  }, [arrived]);
  return target;
}

function CategoryStep({ onShow, arrived }: { onShow: () => void; arrived: boolean }) {
  const { draft, update, mode, next } = useBookingFlow();
  const navigate = useNavigate();
  const legend = useFocusOnArrival<HTMLLegendElement>(arrived);

  // A new booking needs room on the account: said before the customer chooses anything.
  const noRoom = noRoomForAnother(useOwnBookingLimits());
  const blocked = mode === "new" && noRoom !== null;
  const chooseCategory = (category: Category) => update({ category, vehicleId: "", vehicleName: "" });
  const chooseTransmission = (transmission: Transmission) => update({ transmission, vehicleId: "", vehicleName: "" });

  return (
    <>
      {blocked ? (
        <Notice tone="amber" title="You can't book another car right now">
          <p>{noRoom}</p>
          <p className={css({ mt: "2" })}>
            <Link to="/bookings" className={css({ color: "brand.text", fontWeight: "650", textDecoration: "underline" })}>
              See my bookings
            </Link>
          </p>
        </Notice>
      ) : null}
      <fieldset className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <legend ref={legend} tabIndex={-1} className={css({ textStyle: "heading", mb: "3", _focusVisible: { outline: "none" } })}>
          Choose a category
        </legend>
        {CATEGORIES.map((category) => (
          <label key={category.id} className={choiceCard}>
            <input
              type="radio"
              name="category"
              value={category.id}
              className={hiddenRadio}
              checked={draft.category === category.id}
              onChange={() => chooseCategory(category.id)}
            />
            <span className={iconTile}>
              <CarIcon size={CATEGORY_ICON_SIZE[category.id]} />
            </span>
            <span className={css({ display: "flex", flexDirection: "column", flex: "1", minW: "0" })}>
              <span className={css({ fontWeight: "700", fontSize: "lg" })}>{category.label}</span>
              <span className={css({ textStyle: "small", color: "fg.muted" })}>{category.description}</span>
              <span className={css({ textStyle: "small", fontWeight: "650", color: "brand.text", mt: "1" })}>from {formatRandPerDay(category.rate)}</span>
            </span>
            <span className={choiceTick}>
              <CheckIcon size={14} />
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <legend className={css({ textStyle: "heading", mb: "3" })}>Transmission</legend>
        <div className={css({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "1", p: "1", bg: "bg.muted", borderRadius: "xl" })}>
          {TRANSMISSIONS.map((transmission) => (
            <label
              key={transmission}
              className={css({
                display: "flex",
                alignItems: "center",
                justifyContent: "center",
                minH: "11",
                borderRadius: "lg",
                fontWeight: "600",
                color: "fg.muted",
                cursor: "pointer",
                transition: "background-color 150ms, color 150ms",
                "&:has(input:checked)": { bg: "bg.surface", color: "brand.text", boxShadow: "card" },
                "&:has(input:focus-visible)": { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "1px" },
              })}
            >
              <input
                type="radio"
                name="transmission"
                value={transmission}
                className={hiddenRadio}
                checked={draft.transmission === transmission}
                onChange={() => chooseTransmission(transmission)}
              />
              {TRANSMISSION_LABELS[transmission]}
            </label>
          ))}
        </div>
      </fieldset>

      <ActionBar>
        {mode === "change" ? (
          // A change keeps its car when it can, else the server gives another of the kind.
          <Button size="lg" fullWidth disabled={draft.category === ""} onClick={() => navigate(next("car"))}>
            Done
          </Button>
        ) : (
          <Button size="lg" fullWidth disabled={draft.category === "" || blocked} onClick={onShow}>
            Show Available Vehicles
          </Button>
        )}
      </ActionBar>
    </>
  );
}

function VehicleSkeletons() {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} aria-busy="true">
      <span className={css({ srOnly: true })} role="status">
        Looking for available cars…
      </span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className={css({ height: "20", width: "full", borderRadius: "card" })} />
      ))}
    </div>
  );
}

/** One car to choose, with the rate the customer pays for it: its category's (the car's own price is the fleet's, never charged). */
export function VehicleOption({ vehicle, selected, onSelect }: { vehicle: Vehicle; selected: boolean; onSelect: () => void }) {
  const image = vehicle.images[0];
  return (
    <label className={choiceCard}>
      <input type="radio" name="vehicle" value={vehicle.id} className={hiddenRadio} checked={selected} onChange={onSelect} />
      <span className={iconTile}>
        {image ? <img src={image} alt="" className={css({ width: "full", height: "full", objectFit: "cover" })} /> : <CarIcon size={26} />}
      </span>
      <span className={css({ display: "flex", flexDirection: "column", flex: "1", minW: "0" })}>
        <span className={css({ fontWeight: "650", overflowWrap: "anywhere" })}>
          {vehicle.make} {vehicle.model}
        </span>
        <span className={css({ textStyle: "small", color: "fg.muted" })}>
          {vehicle.year} · {TRANSMISSION_LABELS[vehicle.transmission]}
        </span>
        <span className={css({ textStyle: "small", fontWeight: "700", color: "brand.text", mt: "1" })}>{formatRandPerDay(chargedDailyRate(vehicle))}</span>
      </span>
      <span className={choiceTick}>
        <CheckIcon size={14} />
      </span>
    </label>
  );
}

function VehicleStep({ onBack, arrived }: { onBack: () => void; arrived: boolean }) {
  const draft = useBookingDraft();
  // After "Show Available Vehicles" the keyboard continues at the list's heading, not the page's top.
  const heading = useFocusOnArrival<HTMLHeadingElement>(arrived);
  const navigate = useNavigate();
  const category = draft.category;
  const period = draft.pickupDate && draft.returnDate ? { pickupDate: draft.pickupDate, returnDate: draft.returnDate } : {};
  const [result, reexecute] = useQuery({
    query: VEHICLES_QUERY,
    variables: { category: category || null, transmission: draft.transmission, ...period },
    pause: category === "",
    // Availability changes as others book: show what is cached, then ask again.
    requestPolicy: "cache-and-network",
  });
  const vehicles = result.data?.vehicles;
  const selectedAvailable = vehicles?.some((v) => v.id === draft.vehicleId) ?? false;

  return (
    <>
      <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <Button variant="ghost" size="sm" onClick={onBack} className={css({ alignSelf: "flex-start", ml: "-3", minH: "11" })}>
          <ArrowLeftIcon size={18} />
          Back to Categories
        </Button>
        <div>
          <h2 id="available-vehicles" ref={heading} tabIndex={-1} className={css({ textStyle: "heading", _focusVisible: { outline: "none" } })}>
            Available {categoryLabel(category)} cars · {TRANSMISSION_LABELS[draft.transmission]}
          </h2>
          {"pickupDate" in period && draft.pickupDate ? (
            <p className={css({ textStyle: "small", color: "fg.muted" })}>
              Free from {formatConfirmationDateTime(new Date(draft.pickupDate))} to {formatConfirmationDateTime(new Date(draft.returnDate))}
            </p>
          ) : null}
        </div>
      </div>

      {result.error && !vehicles ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} role="alert">
          <Notice tone="danger" title="We couldn't load the cars">
            Please check your connection and try again.
          </Notice>
          <Button variant="outline" onClick={() => reexecute({ requestPolicy: "network-only" })}>
            Try again
          </Button>
        </div>
      ) : !vehicles ? (
        <VehicleSkeletons />
      ) : vehicles.length === 0 ? (
        <Card padding="lg" className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3" })}>
          <span className={iconTile}>
            <CarIcon size={26} />
          </span>
          <p className={css({ fontWeight: "650" })}>No vehicles available for your selection</p>
          <p className={css({ textStyle: "small", color: "fg.muted" })}>Try another category or transmission{draft.pickupDate ? ", or other dates" : ""}.</p>
          <Button variant="outline" fullWidth onClick={onBack}>
            Try Different Options
          </Button>
        </Card>
      ) : (
        <fieldset className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          <legend className={css({ srOnly: true })}>Choose a car</legend>
          {vehicles.map((vehicle) => (
            <VehicleOption
              key={vehicle.id}
              vehicle={vehicle}
              selected={draft.vehicleId === vehicle.id}
              onSelect={() => updateBookingDraft({ vehicleId: vehicle.id, vehicleName: `${vehicle.make} ${vehicle.model}` })}
            />
          ))}
        </fieldset>
      )}

      <ActionBar>
        <Button size="lg" fullWidth disabled={!selectedAvailable} onClick={() => navigate("/booking/datetime")}>
          Next
        </Button>
      </ActionBar>
    </>
  );
}

export function CategoryScreen() {
  const { draft, mode, back } = useBookingFlow();
  const [params, setParams] = useSearchParams();
  const showVehicles = mode === "new" && params.get("view") === "vehicles" && draft.category !== "";
  // Which step a button brought the customer to (focus follows); a page load focuses nothing.
  const arrivedBy = useRef<"show" | "back" | null>(null);

  return (
    <BookingScreen
      back={back("car")}
      step={mode === "new" ? 1 : undefined}
      title={mode === "new" ? "Book a Car" : "Change the car"}
      description={
        mode === "new" ? "Pick the kind of car you need. We deliver it to you." : "We keep your car if it fits, or bring another of the kind you choose."
      }
    >
      {showVehicles ? (
        <VehicleStep
          arrived={arrivedBy.current === "show"}
          onBack={() => {
            arrivedBy.current = "back";
            setParams({}, { replace: true });
          }}
        />
      ) : (
        <CategoryStep
          arrived={arrivedBy.current === "back"}
          onShow={() => {
            arrivedBy.current = "show";
            setParams({ view: "vehicles" });
          }}
        />
      )}
    </BookingScreen>
  );
}

export const Component = CategoryScreen;
