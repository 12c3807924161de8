/**
 * Add / edit vehicle (SPEC 3 "Admin vehicle", 5 "Admin vehicle form", 8): make, model, year
 * (1900 to next year), category, transmission, price per day (at least 1), license plate,
 * status (four), features (tags or a comma list) and the image (a URL, empty, or an upload).
 * New vehicles start as medium, manual, this year, available. The same rules run on the server,
 * whose field messages land on their fields; "Vehicle added" / "Vehicle updated", else
 * "Error adding vehicle" / "Error updating vehicle" with the server's message.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useClient, useMutation } from "urql";
import type { z } from "zod";
import { css, cx } from "styled-system/css";
import { CATEGORIES, TRANSMISSIONS, VEHICLE_STATUSES } from "#domain/catalogue.ts";
import { adminVehicleDefaults, createAdminVehicleSchema } from "#domain/schemas.ts";
import { serverFieldErrors } from "../../lib/errors.ts";
import { rejectImageFile, UPLOAD_WAITING_OFFLINE_NOTE, UploadError } from "../../lib/upload.ts";
import { Button } from "../../ui/Button.tsx";
import { useDiscardGuard } from "../../ui/DialogShell.tsx";
import { Field, SelectField } from "../../ui/Field.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { CarIcon, RefreshIcon, XIcon } from "../../ui/icons.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { VEHICLE_FIELDS, type AdminVehicle } from "../lib/api.ts";
import { categoryRateHint, transmissionLabel, vehicleStatusLabel } from "../lib/format.ts";
import { isLocalImage, uploadVehiclePhoto } from "../lib/photos.ts";
import { AdminDialog, dialogActions, stickyActions } from "./Dialogs.tsx";
import { FeaturesInput } from "./FeaturesInput.tsx";
import { UploadIcon } from "./icons.tsx";
import { adminErrorMessage } from "../lib/errors.ts";
import { graphql } from "../../lib/graphql.ts";

const CREATE = graphql(
  `
  mutation CreateAdminVehicle($input: AdminVehicleInput!) {
    createAdminVehicle(input: $input) {
      ...AdminVehicleFields
    }
  }
`,
  [VEHICLE_FIELDS],
);

const UPDATE = graphql(
  `
  mutation UpdateAdminVehicle($id: ID!, $input: AdminVehicleInput!) {
    updateAdminVehicle(id: $id, input: $input) {
      ...AdminVehicleFields
    }
  }
`,
  [VEHICLE_FIELDS],
);

type Schema = ReturnType<typeof createAdminVehicleSchema>;
type FormInput = z.input<Schema>;
type FormData = z.output<Schema>;
const FIELD_NAMES = ["make", "model", "year", "category", "transmission", "pricePerDay", "features", "imageUrl", "licensePlate", "status"] as const;
type FieldName = (typeof FIELD_NAMES)[number];

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c.id, label: c.label }));
const TRANSMISSION_OPTIONS = TRANSMISSIONS.map((t) => ({ value: t, label: transmissionLabel(t) }));
const STATUS_OPTIONS = VEHICLE_STATUSES.map((s) => ({ value: s, label: vehicleStatusLabel(s) }));

function initialValues(vehicle: AdminVehicle | null): FormInput {
  if (!vehicle) {
    // The form's defaults (medium, manual, this year, available); the price starts empty.
    const defaults = adminVehicleDefaults();
    return { ...defaults, pricePerDay: "" as unknown as number };
  }
  return {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    category: vehicle.category,
    transmission: vehicle.transmission,
    pricePerDay: Number(vehicle.pricePerDay),
    features: [...vehicle.features],
    imageUrl: vehicle.imageUrl ?? "",
    licensePlate: vehicle.licensePlate,
    status: vehicle.status,
  };
}

function ImageField({
  value,
  onChange,
  error,
  onBusyChange,
}: {
  value: string;
  onChange: (next: string) => void;
  error?: string | undefined;
  onBusyChange: (busy: boolean) => void;
}) {
  const client = useClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  /** A photo whose upload failed (after the retries of lib/upload.ts): kept on show to send again. */
  const [failed, setFailed] = useState<File | null>(null);
  const [retryNote, setRetryNote] = useState<string | null>(null);
  const shown = preview ?? (isLocalImage(value) ? value : null);

  const upload = async (file: File) => {
    const problem = rejectImageFile(file);
    if (problem) {
      notifyError("Upload failed", problem);
      return;
    }
    if (failed !== file) setPreview(URL.createObjectURL(file));
    setFailed(null);
    setProgress(0);
    onBusyChange(true);
    try {
      const path = await uploadVehiclePhoto(client, file, setProgress, (retry, { retries, offline }) =>
        setRetryNote(offline ? UPLOAD_WAITING_OFFLINE_NOTE : `Trying again (${retry + 1} of ${retries + 1})`),
      );
      onChange(path);
      notifySuccess("Upload successful!", "The photo is saved with the vehicle when you save it.");
    } catch (e) {
      setFailed(file);
      notifyError("Upload failed", (e instanceof UploadError && e.message) || "Failed to upload photo. Please try again.");
    } finally {
      setProgress(null);
      setRetryNote(null);
      onBusyChange(false);
    }
  };

  return (
    <div className={css({ display: "grid", gap: "3", gridTemplateColumns: { base: "1fr", sm: "9rem 1fr" }, alignItems: "start" })}>
      <div
        className={css({
          position: "relative",
          aspectRatio: "4 / 3",
          borderRadius: "lg",
          overflow: "hidden",
          bg: "bg.muted",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          color: "fg.muted",
          borderWidth: "1px",
          borderColor: "border.default",
        })}
      >
        {shown ? (
          <img src={shown} alt="Preview of the vehicle" className={css({ width: "full", height: "full", objectFit: "cover" })} />
        ) : (
          <CarIcon size={32} />
        )}
        {progress !== null ? (
          <div
            className={css({
              position: "absolute",
              inset: "0",
              bg: "slate.900/50",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              color: "white",
            })}
          >
            <Spinner label={`${retryNote ?? "Uploading"} ${Math.round(progress * 100)}%`} />
          </div>
        ) : failed ? (
          <div
            className={css({
              position: "absolute",
              insetInline: "0",
              bottom: "0",
              py: "0.5",
              textAlign: "center",
              bg: "danger.solid",
              color: "white",
              textStyle: "caption",
            })}
          >
            Upload failed
          </div>
        ) : null}
      </div>
      <div className={css({ display: "flex", flexDirection: "column", gap: "2", minW: "0" })}>
        <Field
          label="Image URL"
          inputMode="url"
          placeholder="https://… or upload a photo"
          value={value}
          onChange={(event) => {
            setPreview(null);
            setFailed(null);
            onChange(event.target.value);
          }}
          error={error}
          hint="Optional. An upload fills this in."
        />
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className={css({ srOnly: true })}
            aria-label="Upload vehicle photo"
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
          {failed && progress === null ? (
            <>
              <Button size="sm" onClick={() => void upload(failed)}>
                <RefreshIcon size={16} />
                Try again
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setFailed(null);
                  setPreview(null);
                }}
              >
                <XIcon size={16} />
                Discard photo
              </Button>
            </>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={progress !== null}>
            <UploadIcon size={16} />
            {value ? "Upload Different Photo" : "Upload Photo"}
          </Button>
          {value ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setPreview(null);
                onChange("");
              }}
              disabled={progress !== null}
            >
              <XIcon size={16} />
              Remove image
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function VehicleFormDialog({ open, onOpenChange, vehicle }: { open: boolean; onOpenChange: (open: boolean) => void; vehicle: AdminVehicle | null }) {
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={vehicle ? `Edit ${vehicle.make} ${vehicle.model}` : "Add Vehicle"}
      description={vehicle ? `License plate ${vehicle.licensePlate}` : "A new car for the rental fleet."}
      size="lg"
      closeOnInteractOutside={false}
    >
      <VehicleForm key={vehicle?.id ?? "new"} vehicle={vehicle} onDone={() => onOpenChange(false)} />
    </AdminDialog>
  );
}

function VehicleForm({ vehicle, onDone }: { vehicle: AdminVehicle | null; onDone: () => void }) {
  const schema = useMemo(() => createAdminVehicleSchema(), []);
  const [, create] = useMutation(CREATE);
  const [, update] = useMutation(UPDATE);
  const [uploading, setUploading] = useState(false);
  const { register, control, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(vehicle),
  });
  const { errors, isSubmitting } = formState;
  const category = useWatch({ control, name: "category" });
  // Cancel (and Escape, the close button) ask before throwing edits away; a save closes at once.
  const cancel = useDiscardGuard(formState.isDirty, onDone);

  const onSubmit = handleSubmit(async (data) => {
    const input = { ...data, imageUrl: data.imageUrl ?? "" };
    const result = vehicle ? await update({ id: vehicle.id, input }) : await create({ input });
    if (result.error || !result.data) {
      for (const [field, message] of Object.entries(serverFieldErrors(result.error))) {
        if ((FIELD_NAMES as readonly string[]).includes(field)) setError(field as FieldName, { message });
      }
      notifyError(vehicle ? "Error updating vehicle" : "Error adding vehicle", adminErrorMessage(result.error));
      return;
    }
    notifySuccess(vehicle ? "Vehicle updated" : "Vehicle added", `${data.make} ${data.model} (${data.licensePlate})`);
    onDone();
  });

  const busy = isSubmitting || uploading;
  const grid = css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" } });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={vehicle ? "Edit vehicle" : "Add vehicle"}
      className={css({ display: "flex", flexDirection: "column", gap: "4" })}
    >
      <div className={grid}>
        <Field label="Make" placeholder="Toyota" error={errors.make?.message} {...register("make")} />
        <Field label="Model" placeholder="Corolla" error={errors.model?.message} {...register("model")} />
        <Field label="Year" type="number" inputMode="numeric" error={errors.year?.message} {...register("year", { valueAsNumber: true })} />
        <Field label="License plate" placeholder="CA 123-456" autoCapitalize="characters" error={errors.licensePlate?.message} {...register("licensePlate")} />
        <SelectField label="Category" options={CATEGORY_OPTIONS} error={errors.category?.message} {...register("category")} />
        <SelectField label="Transmission" options={TRANSMISSION_OPTIONS} error={errors.transmission?.message} {...register("transmission")} />
        <Field
          label="Price per day (R)"
          type="number"
          inputMode="decimal"
          min={1}
          step="0.01"
          placeholder="650"
          hint={categoryRateHint(category)}
          error={errors.pricePerDay?.message}
          {...register("pricePerDay", { valueAsNumber: true })}
        />
        <SelectField label="Status" options={STATUS_OPTIONS} error={errors.status?.message} {...register("status")} />
      </div>
      <Controller
        control={control}
        name="features"
        render={({ field, fieldState }) => (
          <FeaturesInput value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message ?? errors.features?.[0]?.message} />
        )}
      />
      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => (
          <ImageField value={field.value ?? ""} onChange={field.onChange} error={fieldState.error?.message} onBusyChange={setUploading} />
        )}
      />
      <div className={cx(dialogActions, stickyActions)}>
        <Button variant="outline" onClick={cancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {vehicle ? (isSubmitting ? "Saving..." : "Save Changes") : isSubmitting ? "Adding..." : "Add Vehicle"}
        </Button>
      </div>
    </form>
  );
}
