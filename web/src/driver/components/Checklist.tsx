/**
 * The delivery or collection checklist: the six photos (a collection shows the delivery's beside
 * each), damage photos with notes, the odometer (not below the car's last reading, or the
 * delivery's), the fuel level in eighths, the licence check (deliveries), the customer's
 * signature, and for a collection the charges the server will add, shown before submitting.
 *
 * Everything is kept on the phone as it is filled in (lib/draft.ts) and submitted once with the
 * draft's idempotency key, so a retry after a dropped connection is applied once.
 */
import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { useClient, useQuery } from "urql";
import { css } from "styled-system/css";
import { FUEL_EIGHTHS_FULL, fuelLevelLabel, MAX_DAMAGE_PHOTOS, PHOTO_SLOT_LABELS, REQUIRED_PHOTO_SLOTS, type HandoverKind } from "#domain";
import { serverMessage } from "../../lib/errors.ts";
import { focusAfterRemoval } from "../../lib/focusAfterRemoval.ts";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { Field, TextAreaField } from "../../ui/Field.tsx";
import { PlusIcon, TrashIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { scrollBehavior } from "../../ui/motion.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifySuccess } from "../../ui/toast.tsx";
import { groupDigits } from "../../lib/format.ts";
import { CHARGE_PREVIEW, SUBMIT_CHECKLIST } from "../lib/api.ts";
import { checklistProblems, clearDraft, loadDraft, parseOdometer, photoProblem, saveDraft, type ChecklistDraft } from "../lib/draft.ts";
import { ChargesText } from "./jobBits.tsx";
import { PhotoSlot } from "./PhotoSlot.tsx";
import { SignaturePad } from "./SignaturePad.tsx";

type JobForChecklist = {
  id: string;
  kind: HandoverKind;
  minOdometerKm: number;
  customer: { name: string; licenceNumber: string | null; licenceImageUrl: string | null };
  delivery: { odometerKm: number | null; fuelEighths: number | null; photos: readonly { slot: string; url: string }[] } | null;
};

const section = css({ display: "flex", flexDirection: "column", gap: "4" });
const sectionTitle = css({ textStyle: "heading", fontSize: "lg" });

/** The phone's position, if it gives one within a few seconds ("lat,lng"); never blocks the submit. */
function currentPosition(): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve(undefined);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve(`${p.coords.latitude.toFixed(6)},${p.coords.longitude.toFixed(6)}`),
      () => resolve(undefined),
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 60_000 },
    );
  });
}

/** A damage card's first control: its photo's camera button. */
const damageAction = (id: string) => document.querySelector<HTMLElement>(`[data-damage-id="${CSS.escape(id)}"] button`);

export function Checklist({ job, licenceImage }: { job: JobForChecklist; licenceImage: React.ReactNode }) {
  const client = useClient();
  const [draft, setDraft] = useState<ChecklistDraft>(() => loadDraft(job.id));
  const [showProblems, setShowProblems] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  useEffect(() => saveDraft(job.id, draft), [job.id, draft]);
  const update = (patch: Partial<ChecklistDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const collection = job.kind === "collection";
  const [preview] = useQuery({
    query: CHARGE_PREVIEW,
    variables: { id: job.id, fuelEighths: draft.fuelEighths ?? 0 },
    pause: !collection || draft.fuelEighths === null,
    requestPolicy: "network-only",
  });
  const charges = preview.data?.handoverChargePreview;
  const problems = checklistProblems(job, draft);
  const shown = showProblems ? problems : {};
  // A collection shows the delivery's photo of each view beside the new one; without a delivery on
  // record (handed over on paper), there is nothing to compare, and no empty frames.
  const delivered = collection ? job.delivery : null;
  const beforePhoto = (slot: string) => (delivered ? (delivered.photos.find((p) => p.slot === slot)?.url ?? null) : undefined);

  async function submit() {
    // Drawn at once, so the first marked field can be found and scrolled to on this tap.
    flushSync(() => {
      setShowProblems(true);
      setSubmitError(null);
    });
    if (Object.keys(problems).length > 0) {
      const first = document.querySelector<HTMLElement>("[data-problem=true]");
      first?.scrollIntoView({ block: "center", behavior: scrollBehavior() });
      // Focus follows, so a keyboard or screen-reader user starts at what is missing.
      first?.querySelector<HTMLElement>("input:not([type=hidden]), button, textarea, select")?.focus({ preventScroll: true });
      return;
    }
    setSubmitting(true);
    const position = await currentPosition();
    const result = await client
      .mutation(SUBMIT_CHECKLIST, {
        id: job.id,
        input: {
          idempotencyKey: draft.idempotencyKey,
          photos: draft.photos,
          damage: draft.damage.map((d) => ({ photo: d.photo ?? "", note: d.note })),
          odometerKm: parseOdometer(draft.odometer),
          fuelEighths: draft.fuelEighths,
          licenceChecked: draft.licenceChecked,
          signature: draft.signature,
          position,
        },
      })
      .toPromise();
    setSubmitting(false);
    if (result.data?.submitHandoverChecklist) {
      clearDraft(job.id);
      notifySuccess(collection ? "Car collected" : "Car delivered", collection ? "The booking is complete." : "Enjoy the rest of your route.");
      return;
    }
    setSubmitError(
      result.error?.networkError
        ? "Could not reach the office. Your checklist is saved on this phone: try again when you have signal."
        : (serverMessage(result.error) ?? "Something went wrong. Please try again."),
    );
  }

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
      <section className={section} aria-labelledby="photos-title">
        <h2 id="photos-title" className={sectionTitle}>
          Photos
        </h2>
        {/* Two to a row on a phone; a collection's slots hold two pictures (then and now), so one to a row there. */}
        <div
          className={
            delivered
              ? css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "1fr 1fr" }, gap: "5" })
              : css({ display: "grid", gridTemplateColumns: { base: "1fr 1fr", md: "1fr 1fr 1fr" }, gap: "4" })
          }
        >
          {REQUIRED_PHOTO_SLOTS.map((slot) => (
            <div key={slot} data-problem={Boolean(shown[photoProblem(slot)])}>
              <PhotoSlot
                label={PHOTO_SLOT_LABELS[slot]}
                value={draft.photos[slot]}
                before={beforePhoto(slot)}
                error={shown[photoProblem(slot)]}
                onChange={(path) => setDraft((d) => ({ ...d, photos: { ...d.photos, [slot]: path ?? undefined } }))}
              />
            </div>
          ))}
        </div>
      </section>

      <section className={section} aria-labelledby="damage-title">
        <h2 id="damage-title" className={sectionTitle}>
          {collection ? "New damage" : "Damage"}
        </h2>
        {draft.damage.length === 0 ? <p className={css({ color: "fg.muted" })}>{collection ? "No new damage noted." : "No damage noted."}</p> : null}
        {draft.damage.map((d, i) => (
          <Card
            key={d.id}
            padding="md"
            className={css({ display: "flex", flexDirection: "column", gap: "3" })}
            data-problem={Boolean(shown[`damage.${i}.photo`] || shown[`damage.${i}.note`])}
            data-damage-id={d.id}
          >
            <PhotoSlot
              label={`Damage ${i + 1}`}
              value={d.photo}
              error={shown[`damage.${i}.photo`]}
              onChange={(path) => setDraft((x) => ({ ...x, damage: x.damage.map((y) => (y.id === d.id ? { ...y, photo: path } : y)) }))}
            />
            <TextAreaField
              label={`What is damaged (damage ${i + 1})`}
              rows={2}
              maxLength={500}
              value={d.note}
              error={shown[`damage.${i}.note`]}
              onChange={(e) => {
                const note = e.currentTarget.value;
                setDraft((x) => ({ ...x, damage: x.damage.map((y) => (y.id === d.id ? { ...y, note } : y)) }));
              }}
            />
            <div>
              <Button
                variant="ghost"
                onClick={() => {
                  const ids = draft.damage.map((y) => y.id);
                  // The button pressed goes with its damage: focus to the next one's photo (else the
                  // previous one's, else Add damage) instead of falling to <body>.
                  flushSync(() => setDraft((x) => ({ ...x, damage: x.damage.filter((y) => y.id !== d.id) })));
                  focusAfterRemoval(ids, d.id, damageAction, () => document.querySelector<HTMLElement>("[data-add-damage]"))?.focus();
                }}
              >
                <TrashIcon size={16} /> Remove damage {i + 1}
              </Button>
            </div>
          </Card>
        ))}
        {draft.damage.length < MAX_DAMAGE_PHOTOS ? (
          <div>
            <Button
              variant="outline"
              data-add-damage
              onClick={() => {
                const id = crypto.randomUUID();
                // Drawn at once, so the new damage's first control (its photo) can take the focus: it appears above this button.
                flushSync(() => setDraft((x) => ({ ...x, damage: [...x.damage, { id, photo: null, note: "" }] })));
                damageAction(id)?.focus();
              }}
            >
              <PlusIcon size={16} /> Add damage
            </Button>
          </div>
        ) : null}
        {collection && draft.damage.length > 0 ? (
          <Notice tone="amber" title="The car goes to maintenance">
            <p>With new damage noted, the car is taken off the fleet until the workshop has seen it.</p>
          </Notice>
        ) : null}
      </section>

      <section className={section} aria-labelledby="readings-title">
        <h2 id="readings-title" className={sectionTitle}>
          Readings
        </h2>
        <div data-problem={Boolean(shown.odometer)}>
          <Field
            label="Odometer (km)"
            inputMode="numeric"
            autoComplete="off"
            value={draft.odometer}
            hint={`At least ${groupDigits(job.minOdometerKm)} km${collection && job.delivery?.odometerKm != null ? ` (at delivery: ${groupDigits(job.delivery.odometerKm)} km)` : ""}`}
            error={shown.odometer}
            onChange={(e) => update({ odometer: e.currentTarget.value })}
          />
        </div>
        <fieldset data-problem={Boolean(shown.fuel)} className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <legend className={css({ fontWeight: "600", mb: "2" })}>
            Fuel level{draft.fuelEighths !== null ? `: ${fuelLevelLabel(draft.fuelEighths)}` : ""}
            {collection && job.delivery?.fuelEighths != null ? (
              <span className={css({ fontWeight: "400", color: "fg.muted" })}> (at delivery: {fuelLevelLabel(job.delivery.fuelEighths)})</span>
            ) : null}
          </legend>
          {/* Each level at least 44 px wide: nine in a row need a 30rem screen; on a phone, empty to half on one row and the rest below. */}
          <div
            className={css({
              display: "grid",
              gridTemplateColumns: "repeat(5, 1fr)",
              "@media (min-width: 30rem)": { gridTemplateColumns: "repeat(9, 1fr)" },
              gap: "1",
            })}
          >
            {Array.from({ length: FUEL_EIGHTHS_FULL + 1 }, (_, eighths) => (
              <label
                key={eighths}
                className={css({
                  display: "grid",
                  placeItems: "center",
                  minH: "11",
                  borderRadius: "md",
                  borderWidth: "1px",
                  borderColor: draft.fuelEighths === eighths ? "brand.solid" : "border.default",
                  bg: draft.fuelEighths === eighths ? "brand.solid" : "bg.surface",
                  color: draft.fuelEighths === eighths ? "white" : "fg.default",
                  fontSize: "xs",
                  fontWeight: "600",
                  cursor: "pointer",
                  _focusWithin: { outline: "2px solid", outlineColor: "brand.solid", outlineOffset: "2px" },
                })}
              >
                <input
                  type="radio"
                  name="fuel"
                  value={eighths}
                  className={css({ srOnly: true })}
                  checked={draft.fuelEighths === eighths}
                  onChange={() => update({ fuelEighths: eighths })}
                  aria-label={fuelLevelLabel(eighths) === `${eighths}/8` ? `${eighths} ${eighths === 1 ? "eighth" : "eighths"}` : fuelLevelLabel(eighths)}
                />
                <span aria-hidden="true">{eighths === 0 ? "E" : eighths === FUEL_EIGHTHS_FULL ? "F" : `${eighths}/8`}</span>
              </label>
            ))}
          </div>
          {shown.fuel ? <p className={css({ fontSize: "sm", color: "danger.fg" })}>{shown.fuel}</p> : null}
        </fieldset>
      </section>

      {job.kind === "delivery" ? (
        <section className={section} aria-labelledby="licence-title">
          <h2 id="licence-title" className={sectionTitle}>
            Driver's licence
          </h2>
          <p className={css({ color: "fg.muted" })}>
            Compare the licence with the person receiving the car: {job.customer.name}, licence number{" "}
            <strong>{job.customer.licenceNumber ?? "not on file"}</strong>.
          </p>
          {licenceImage}
          <label data-problem={Boolean(shown.licence)} className={css({ display: "flex", gap: "3", alignItems: "flex-start", cursor: "pointer" })}>
            <input
              type="checkbox"
              checked={draft.licenceChecked}
              onChange={(e) => update({ licenceChecked: e.currentTarget.checked })}
              className={css({ width: "5", height: "5", mt: "0.5", flexShrink: "0" })}
            />
            <span>The licence matches the person receiving the car</span>
          </label>
          {shown.licence ? <p className={css({ fontSize: "sm", color: "danger.fg" })}>{shown.licence}</p> : null}
        </section>
      ) : null}

      <section className={section} aria-labelledby="signature-title" data-problem={Boolean(shown.signature)}>
        <h2 id="signature-title" className={sectionTitle}>
          Customer's signature
        </h2>
        <p className={css({ color: "fg.muted" })}>
          {collection
            ? "The customer signs that the car was collected in the condition photographed."
            : "The customer signs that they received the car in the condition photographed."}
        </p>
        <SignaturePad value={draft.signature} onChange={(signature) => update({ signature })} error={shown.signature} />
      </section>

      {collection ? (
        <section className={section} aria-labelledby="charges-title">
          <h2 id="charges-title" className={sectionTitle}>
            Charges
          </h2>
          {draft.fuelEighths === null ? (
            <p className={css({ color: "fg.muted" })}>Choose the fuel level to see the charges.</p>
          ) : preview.fetching && !charges ? (
            <p className={css({ color: "fg.muted", display: "flex", gap: "2", alignItems: "center" })}>
              <Spinner /> Working out the charges…
            </p>
          ) : charges ? (
            <p aria-live="polite" data-testid="charges-preview">
              <ChargesText charges={charges} />
            </p>
          ) : (
            <p className={css({ color: "fg.muted" })}>The charges could not be worked out right now; they are computed again when you submit.</p>
          )}
        </section>
      ) : null}

      {submitError ? (
        <Notice tone="danger" title="Not submitted">
          <p>{submitError}</p>
        </Notice>
      ) : null}
      {showProblems && Object.keys(problems).length > 0 ? (
        <p role="alert" className={css({ color: "danger.fg", fontWeight: "600" })}>
          {Object.keys(problems).length === 1 ? "One thing is still missing" : `${Object.keys(problems).length} things are still missing`}: see the marked
          fields above.
        </p>
      ) : null}
      <Button size="lg" fullWidth onClick={() => void submit()} disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? <Spinner /> : null}
        {collection ? "Complete collection" : "Complete delivery"}
      </Button>
    </div>
  );
}
