/**
 * Complete Your Profile (/profile-completion, SPEC 2, 3, 4, 5, 8): cards for the profile
 * picture, personal information, identification and driver's licence; react-hook-form with the
 * domain's profileCompletionSchema (the server validates with the same schema). Prefilled from
 * the current user when editing. Success: toast, user refetched, /home.
 *
 * What the customer types (and the paths of the photos already uploaded) is kept as a draft in
 * session storage (lib/profileDraft.ts) and restored over the saved profile on return: a reload,
 * Back, or the tab discarded while the camera is open loses nothing. Dropped on success or sign-out.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Controller, useForm } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import { useMutation } from "urql";
import { css } from "styled-system/css";
import { DEFAULT_ID_TYPE, DEFAULT_NATIONALITY, ID_TYPES, ID_TYPE_LABELS, NATIONALITIES, idNumberLabel } from "#domain/catalogue.ts";
import { profileCompletionSchema, type ProfileCompletionData, type ProfileCompletionInput } from "#domain/schemas.ts";
import { capeTownToday, formatDisplayDate, isIsoDate } from "#domain/time.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { Field, SelectField } from "../../ui/Field.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { DateField } from "../booking/DateField.tsx";
import { PhotoUpload } from "../components/PhotoUpload.tsx";
import { AccountLoadError, PageSkeleton } from "../components/SessionStates.tsx";
import { clearProfileDraft, readProfileDraft, saveProfileDraft } from "../lib/profileDraft.ts";
import { CarIcon, IdCardIcon, UserIcon } from "../components/icons.tsx";
import { useAuth } from "../session/auth.tsx";
import { serverFieldErrors, serverMessage } from "../session/errors.ts";
import { notifyError, notifySuccess } from "../session/toast.tsx";
import { USER_FIELDS, type User } from "../session/user.ts";
import { graphql } from "../../lib/graphql.ts";

const COMPLETE_PROFILE = graphql(
  `
  mutation CompleteProfile($input: CompleteProfileInput!) {
    completeProfile(input: $input) {
      ...UserFields
    }
  }
`,
  [USER_FIELDS],
);

const NATIONALITY_OPTIONS = NATIONALITIES.map((n) => ({ value: n, label: n }));
const ID_TYPE_OPTIONS = ID_TYPES.map((t) => ({ value: t, label: ID_TYPE_LABELS[t] }));

type FieldName = keyof ProfileCompletionInput;
const FORM_FIELDS: readonly FieldName[] = [
  "dateOfBirth",
  "address",
  "city",
  "postalCode",
  "nationality",
  "idType",
  "idNumber",
  "driversLicenseNumber",
  "driversLicenseExpiryDate",
  "profilePicture",
  "driversLicenseImage",
];

/** The dates are typed as dd/mm/yyyy, as in the booking flow; the schema reads them back to ISO. */
const displayDate = (iso: string | null | undefined) => (iso && isIsoDate(iso) ? formatDisplayDate(iso) : "");

function defaultsFrom(user: User): ProfileCompletionInput {
  return {
    dateOfBirth: displayDate(user.dateOfBirth),
    address: user.address ?? "",
    city: user.city ?? "",
    postalCode: user.postalCode ?? "",
    nationality: user.nationality || DEFAULT_NATIONALITY,
    idType: user.idType ?? DEFAULT_ID_TYPE,
    idNumber: user.idNumber ?? "",
    driversLicenseNumber: user.driversLicenseNumber ?? "",
    driversLicenseExpiryDate: displayDate(user.driversLicenseExpiryDate),
    profilePicture: user.profilePicture ?? undefined,
    driversLicenseImage: user.driversLicenseImage ?? undefined,
  };
}

function FormCard({ id, title, description, icon, children }: { id: string; title: string; description?: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} padding="lg" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <div className={css({ display: "flex", gap: "3", alignItems: "flex-start" })}>
        <span
          className={css({
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            flexShrink: 0,
            width: "9",
            height: "9",
            borderRadius: "lg",
            bg: "brand.subtle",
            color: "brand.text",
          })}
        >
          {icon}
        </span>
        <div>
          <h2 id={id} className={css({ textStyle: "heading", fontSize: "md", lineHeight: "1.3" })}>
            {title}
          </h2>
          {description ? <p className={css({ textStyle: "small", color: "fg.muted", mt: "0.5" })}>{description}</p> : null}
        </div>
      </div>
      {children}
    </Card>
  );
}

const twoColumns = css({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "3", alignItems: "start" });

function ProfileForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const { refetchUser } = useAuth();
  const [, completeProfile] = useMutation(COMPLETE_PROFILE);
  const [uploads, setUploads] = useState({ picture: false, licence: false });
  const [initialValues] = useState<ProfileCompletionInput>(() => ({ ...defaultsFrom(user), ...readProfileDraft(user.id) }));
  const { register, control, handleSubmit, watch, setValue, setError, formState } = useForm<ProfileCompletionInput, unknown, ProfileCompletionData>({
    resolver: zodResolver(profileCompletionSchema),
    // The saved profile, with what the customer had typed in this tab on top.
    defaultValues: initialValues,
  });
  const { errors, isSubmitting } = formState;
  const idType = watch("idType");
  const idLabel = idNumberLabel(idType ?? DEFAULT_ID_TYPE);
  const uploading = uploads.picture || uploads.licence;

  // Every change is kept as the draft, as it is typed.
  useEffect(() => {
    const subscription = watch((values) => saveProfileDraft(user.id, values));
    return () => subscription.unsubscribe();
  }, [watch, user.id]);

  const onPictureBusy = useCallback((busy: boolean) => setUploads((u) => ({ ...u, picture: busy })), []);
  const onLicenceBusy = useCallback((busy: boolean) => setUploads((u) => ({ ...u, licence: busy })), []);

  const onSubmit = handleSubmit(async (data) => {
    const input = {
      ...data,
      profilePicture: data.profilePicture || undefined,
      driversLicenseImage: data.driversLicenseImage || undefined,
    };
    const result = await completeProfile({ input });
    if (!result.data?.completeProfile) {
      for (const [field, message] of Object.entries(serverFieldErrors(result.error))) {
        if ((FORM_FIELDS as readonly string[]).includes(field)) setError(field as FieldName, { message });
      }
      notifyError("Error", serverMessage(result.error) ?? "Failed to complete profile");
      return;
    }
    clearProfileDraft();
    notifySuccess("Profile completed!", "You're all set to book a car.");
    refetchUser();
    navigate("/home", { replace: true });
  });

  const today = capeTownToday();

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Complete your profile" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <FormCard
        id="card-picture"
        title="Profile Picture"
        description="A clear photo of your face helps our drivers recognise you at delivery."
        icon={<UserIcon size={18} />}
      >
        <PhotoUpload
          title="Profile Picture"
          purpose="profile_picture"
          shape="avatar"
          value={watch("profilePicture")}
          onChange={(path) => setValue("profilePicture", path ?? undefined, { shouldDirty: true })}
          onBusyChange={onPictureBusy}
          hint="JPEG, PNG or WebP, up to 10 MB."
        />
      </FormCard>

      <FormCard id="card-personal" title="Personal Information" icon={<UserIcon size={18} />}>
        <Controller
          control={control}
          name="dateOfBirth"
          render={({ field }) => (
            <DateField
              label="Date of Birth"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              max={today}
              autoComplete="bday"
              error={errors.dateOfBirth?.message}
            />
          )}
        />
        <Field
          label="Address"
          autoComplete="street-address"
          placeholder="e.g. 12 Long Street, Gardens"
          error={errors.address?.message}
          {...register("address")}
        />
        <div className={twoColumns}>
          <Field label="City" autoComplete="address-level2" placeholder="Cape Town" error={errors.city?.message} {...register("city")} />
          <Field
            label="Postal Code"
            autoComplete="postal-code"
            inputMode="numeric"
            placeholder="8001"
            error={errors.postalCode?.message}
            {...register("postalCode")}
          />
        </div>
        <SelectField label="Nationality" options={NATIONALITY_OPTIONS} error={errors.nationality?.message} {...register("nationality")} />
      </FormCard>

      <FormCard id="card-identification" title="Identification" icon={<IdCardIcon size={18} />}>
        <SelectField label="ID Type" options={ID_TYPE_OPTIONS} error={errors.idType?.message} {...register("idType")} />
        <Field
          label={idLabel}
          placeholder={idType === "passport" ? "Enter your passport number" : "Enter your 13-digit ID number"}
          autoComplete="off"
          error={errors.idNumber?.message}
          {...register("idNumber")}
        />
      </FormCard>

      <FormCard id="card-licence" title="Driver's License" description="You need a valid driver's licence to rent a car." icon={<CarIcon size={18} />}>
        <Field
          label="License Number"
          autoComplete="off"
          placeholder="Enter your licence number"
          error={errors.driversLicenseNumber?.message}
          {...register("driversLicenseNumber")}
        />
        <Controller
          control={control}
          name="driversLicenseExpiryDate"
          render={({ field }) => (
            <DateField
              label="Expiry Date"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={today}
              error={errors.driversLicenseExpiryDate?.message}
            />
          )}
        />
        <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
          <span className={css({ fontSize: "sm", fontWeight: "600" })} id="licence-photo-label">
            License Photo
          </span>
          <PhotoUpload
            title="Driver's License"
            purpose="drivers_license"
            shape="document"
            isPrivate
            value={watch("driversLicenseImage")}
            onChange={(path) => setValue("driversLicenseImage", path ?? undefined, { shouldDirty: true })}
            onBusyChange={onLicenceBusy}
            hint="A photo of the front of your licence. Only you and our staff can see it."
          />
        </div>
      </FormCard>

      <Button type="submit" size="lg" fullWidth disabled={isSubmitting || uploading} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? "Completing Profile..." : "Complete Profile"}
      </Button>
      {uploading && !isSubmitting ? (
        <p className={css({ textStyle: "small", color: "fg.muted", textAlign: "center", mt: "-2" })}>Waiting for the photo upload to finish…</p>
      ) : null}
    </form>
  );
}

export function Component() {
  usePageTitle("Complete your profile");
  const { status, user, refetchUser } = useAuth();
  if (status === "signedOut") return <Navigate to="/signin" replace />;
  return (
    <CustomerScreen back="/home" footer>
      <div className={css({ mb: "5" })}>
        <h1 className={css({ textStyle: "title" })}>Complete Your Profile</h1>
        <p className={css({ color: "fg.muted", mt: "1" })}>
          {user?.profileCompleted
            ? "Keep your details and driver's licence up to date: we check them at every delivery."
            : "We need a few details and your driver's licence before your first booking."}
        </p>
      </div>
      {status === "error" ? <AccountLoadError onRetry={refetchUser} /> : user ? <ProfileForm user={user} /> : <PageSkeleton label="Loading your profile…" />}
    </CustomerScreen>
  );
}
