/**
 * The add / edit vehicle form (SPEC 2, 5, 8): registration number, make, model, year (2000 to
 * next year), category, transmission, status (available / maintenance / out of service), mileage
 * (0 or more), daily rate, sales price (optional: a price above zero lists the car on Cars for
 * Sale) and photos; Cancel and save. react-hook-form with the domain's own schema and messages,
 * so the screen says exactly what the server would.
 *
 * A car that is currently booked (status `rented`) shows "Booked" read-only: the form does not
 * offer that status and the server keeps it when the edit leaves the status out.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useMemo, useRef, useState } from "react";
import { Controller, useForm, type FieldPath } from "react-hook-form";
import { css } from "styled-system/css";
import { z } from "zod";
import { CATEGORIES, DEALERSHIP_FORM_STATUSES, TRANSMISSIONS } from "#domain/catalogue.ts";
import { createDealershipVehicleSchema, dealershipVehicleDefaults, maxVehicleYear } from "#domain/schemas.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { Field, SelectField } from "../../ui/Field.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useLeaveGuard } from "../../ui/useLeaveGuard.tsx";
import { isForSale, statusLabel, statusTone, transmissionLabel, type DealershipVehicle } from "../lib/vehicle.ts";
import { VehiclePhotos } from "./VehiclePhotos.tsx";

/** The domain's schema, with a blank sales price meaning "not for sale" (the field is optional). */
export function vehicleFormSchema(now?: Date) {
  const base = createDealershipVehicleSchema(now);
  return base.extend({
    salesPrice: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), base.shape.salesPrice),
  });
}
const formSchema = vehicleFormSchema();
export type VehicleFormInput = z.input<typeof formSchema>;
export type VehicleFormData = z.output<typeof formSchema>;
export type VehicleFormField = FieldPath<VehicleFormInput>;

export const FORM_FIELDS = [
  "registrationNumber",
  "make",
  "model",
  "year",
  "category",
  "transmission",
  "status",
  "mileage",
  "dailyRate",
  "salesPrice",
  "images",
] as const satisfies readonly VehicleFormField[];

/** What the server is sent: the status only when the form may change it; no price = not for sale. */
export function vehicleInput(data: VehicleFormData, options: { keepStatus: boolean; mode: "add" | "edit" }) {
  const { status, salesPrice, ...rest } = data;
  return {
    ...rest,
    ...(options.keepStatus ? {} : { status }),
    // Blank or zero: not listed. On edit, null removes a price the car had.
    salesPrice: isForSale(salesPrice) ? salesPrice : options.mode === "edit" ? null : undefined,
  };
}

/** The form's values for a stored vehicle. */
export function formValuesOf(vehicle: DealershipVehicle): VehicleFormInput {
  return {
    registrationNumber: vehicle.registrationNumber,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    category: vehicle.category,
    transmission: vehicle.transmission,
    status: (DEALERSHIP_FORM_STATUSES as readonly string[]).includes(vehicle.status) ? (vehicle.status as VehicleFormData["status"]) : "available",
    mileage: vehicle.mileage,
    dailyRate: stripZeroCents(vehicle.dailyRate),
    salesPrice: isForSale(vehicle.salesPrice) ? stripZeroCents(vehicle.salesPrice) : "",
    images: vehicle.images,
  };
}

/** "450.00" -> "450" (what a person would have typed); "450.50" stays. */
function stripZeroCents(value: string): string {
  return value.replace(/\.00$/, "");
}

const section = css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "5", md: "6" } });
const sectionTitle = css({ textStyle: "heading" });
const twoColumns = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))" }, gap: "4" });
const threeColumns = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "repeat(3, minmax(0, 1fr))" }, gap: "4" });

/** Dealership cars are for sale, never rented out: the rate is kept on the car's record, and charged to no one. */
const DAILY_RATE_HINT = "Kept on the car's record only: dealership cars aren't rented out.";

const selectAll = (event: { currentTarget: HTMLInputElement }) => event.currentTarget.select();

export interface VehicleFormProps {
  mode: "add" | "edit";
  initial?: VehicleFormInput;
  /** The stored status, when editing (a booked car's status is shown, not edited). */
  currentStatus?: DealershipVehicle["status"];
  /** Saves; resolves with server field messages to show, or null when saved. */
  onSave: (data: VehicleFormData, keepStatus: boolean) => Promise<Partial<Record<VehicleFormField, string>> | null>;
  cancelTo: string;
}

export function VehicleForm({ mode, initial, currentStatus, onSave, cancelTo }: VehicleFormProps) {
  const defaults = useMemo<VehicleFormInput>(() => initial ?? dealershipVehicleDefaults(), [initial]);
  const { register, handleSubmit, control, setError, formState } = useForm<VehicleFormInput, unknown, VehicleFormData>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults,
    mode: "onTouched",
  });
  const { errors, isSubmitting, isDirty } = formState;
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const keepStatus = currentStatus !== undefined && !(DEALERSHIP_FORM_STATUSES as readonly string[]).includes(currentStatus);
  const nextYear = maxVehicleYear();

  // Leaving with unsaved edits (Cancel, Back to dashboard, Back, closing the tab) asks first;
  // not while a save is on its way, as a saved form leaves by itself.
  const saving = useRef(false);
  const leaveGuard = useLeaveGuard(() => isDirty && !saving.current);

  const onSubmit = handleSubmit(async (data) => {
    saving.current = true;
    const fieldErrors = await onSave(data, keepStatus).finally(() => {
      saving.current = false;
    });
    if (!fieldErrors) return;
    let first = true;
    for (const [field, message] of Object.entries(fieldErrors)) {
      if (!message) continue;
      setError(field as VehicleFormField, { message }, { shouldFocus: first });
      first = false;
    }
  });

  const busy = isSubmitting || uploading;
  const saveLabel = mode === "add" ? "Save Vehicle" : "Save Changes";

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={mode === "add" ? "Add vehicle" : "Edit vehicle"}
      className={css({ display: "flex", flexDirection: "column", gap: "5" })}
    >
      <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" }, gap: "5", alignItems: "start" })}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
          <Card as="section" padding="none" className={section} aria-labelledby="form-vehicle">
            <h2 id="form-vehicle" className={sectionTitle}>
              Vehicle
            </h2>
            <Field
              label="Registration number"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              placeholder="e.g. CA 123-456"
              error={errors.registrationNumber?.message}
              {...register("registrationNumber")}
            />
            <div className={twoColumns}>
              <Field label="Make" placeholder="e.g. Toyota" error={errors.make?.message} {...register("make")} />
              <Field label="Model" placeholder="e.g. Corolla" error={errors.model?.message} {...register("model")} />
            </div>
            <div className={threeColumns}>
              <Field
                label="Year"
                type="number"
                inputMode="numeric"
                min={2000}
                max={nextYear}
                step={1}
                error={errors.year?.message}
                {...register("year", { valueAsNumber: true })}
              />
              <SelectField
                label="Category"
                options={CATEGORIES.map((c) => ({ value: c.id, label: c.label }))}
                error={errors.category?.message}
                {...register("category")}
              />
              <SelectField
                label="Transmission"
                options={TRANSMISSIONS.map((t) => ({ value: t, label: transmissionLabel(t) }))}
                error={errors.transmission?.message}
                {...register("transmission")}
              />
            </div>
          </Card>

          <Card as="section" padding="none" className={section} aria-labelledby="form-status">
            <h2 id="form-status" className={sectionTitle}>
              Status and mileage
            </h2>
            <div className={twoColumns}>
              {keepStatus && currentStatus ? (
                <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
                  <span className={css({ fontSize: "sm", fontWeight: "600" })} id="status-label">
                    Status
                  </span>
                  <div role="group" aria-labelledby="status-label" className={css({ display: "flex", alignItems: "center", minH: "11" })}>
                    <Badge tone={statusTone(currentStatus)}>{statusLabel(currentStatus)}</Badge>
                  </div>
                  <p className={css({ textStyle: "small", color: "fg.muted" })}>This car is booked. Its status changes back when the booking ends.</p>
                </div>
              ) : (
                <SelectField
                  label="Status"
                  options={DEALERSHIP_FORM_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
                  error={errors.status?.message}
                  {...register("status")}
                />
              )}
              <Field
                label="Mileage (km)"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                error={errors.mileage?.message}
                onFocus={selectAll}
                {...register("mileage", { valueAsNumber: true })}
              />
            </div>
          </Card>
        </div>

        <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
          <Card as="section" padding="none" className={section} aria-labelledby="form-pricing">
            <h2 id="form-pricing" className={sectionTitle}>
              Pricing
            </h2>
            <div className={twoColumns}>
              <Field
                label="Daily rate (R)"
                inputMode="decimal"
                autoComplete="off"
                hint={DAILY_RATE_HINT}
                error={errors.dailyRate?.message}
                onFocus={selectAll}
                {...register("dailyRate")}
              />
              <Field
                label="Sales price (R, optional)"
                inputMode="decimal"
                autoComplete="off"
                hint="Leave empty or 0 to keep the car off Cars for Sale."
                error={errors.salesPrice?.message}
                onFocus={selectAll}
                {...register("salesPrice")}
              />
            </div>
          </Card>
          <Card as="section" padding="none" className={section} aria-labelledby="form-photos">
            <h2 id="form-photos" className={css({ srOnly: true })}>
              Photos
            </h2>
            <Controller
              control={control}
              name="images"
              render={({ field, fieldState }) => (
                <VehiclePhotos
                  label="Photos"
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBusyChange={onBusyChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Card>
        </div>
      </div>

      <div
        className={css({
          position: "sticky",
          bottom: "0",
          zIndex: "5",
          display: "flex",
          flexWrap: "wrap",
          justifyContent: "flex-end",
          alignItems: "center",
          gap: "3",
          py: "4",
          mx: { base: "-4", md: "-8" },
          px: { base: "4", md: "8" },
          bg: "bg.subtle/95",
          backdropFilter: "blur(6px)",
          borderTopWidth: "1px",
          borderColor: "border.default",
        })}
      >
        {uploading ? (
          <span
            className={css({
              mr: { base: "0", sm: "auto" },
              width: { base: "full", sm: "auto" },
              textAlign: { base: "end", sm: "start" },
              textStyle: "small",
              color: "fg.muted",
            })}
            aria-hidden="true"
          >
            Waiting for photos to finish uploading…
          </span>
        ) : null}
        <ButtonLink to={cancelTo} variant="outline" size="lg">
          Cancel
        </ButtonLink>
        <Button type="submit" size="lg" disabled={busy} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Saving..." : saveLabel}
        </Button>
      </div>
      {leaveGuard}
    </form>
  );
}
