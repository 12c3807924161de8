/**
 * Drivers (/admin/drivers): the staff who deliver and collect the cars. A list (name, email,
 * phone, active, added); adding one (name, email, phone and, optionally, a password: left empty,
 * the server makes one, shown here exactly once with a copy button); disabling (after asking:
 * they are signed out at once and cannot be given jobs) and enabling; resetting the password
 * (after asking; the new one is shown once). The server's messages show under the fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useMutation, useQuery } from "urql";
import type { z } from "zod";
import { css } from "styled-system/css";
import { driverCreateSchema } from "#domain/handover.ts";
import { ADMIN_PASSWORD_MIN_LENGTH } from "#domain/limits.ts";
import { serverFieldErrors } from "../../lib/errors.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { useDiscardGuard } from "../../ui/DialogShell.tsx";
import { Field } from "../../ui/Field.tsx";
import { UserIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { AdminDialog, ConfirmDialog, dialogActions } from "../components/Dialogs.tsx";
import { KeyIcon, PlusIcon } from "../components/icons.tsx";
import { OneTimeSecret } from "../components/OneTimeSecret.tsx";
import { EmptyState, LoadError, PageHeader, Panel, PanelRowsSkeleton, dataTable, inlineLink, pageStack } from "../components/Page.tsx";
import { ADMIN_DRIVERS, DRIVER_FIELDS, type Driver } from "../lib/api.ts";
import { dateLabel, dateTimeLabel, plural } from "../lib/format.ts";
import { adminErrorMessage } from "../lib/errors.ts";
import { useLastNonNull } from "../lib/hooks.ts";
import { graphql } from "../../lib/graphql.ts";

const CREATE = graphql(
  `
  mutation AdminCreateDriver($input: CreateDriverInput!) {
    adminCreateDriver(input: $input) {
      password
      driver {
        ...DriverFields
      }
    }
  }
`,
  [DRIVER_FIELDS],
);

const SET_ACTIVE = graphql(
  `
  mutation AdminSetDriverActive($id: ID!, $isActive: Boolean!) {
    adminSetDriverActive(id: $id, isActive: $isActive) {
      ...DriverFields
    }
  }
`,
  [DRIVER_FIELDS],
);

const RESET_PASSWORD = graphql(
  `
  mutation AdminResetDriverPassword($id: ID!) {
    adminResetDriverPassword(id: $id) {
      password
      driver {
        ...DriverFields
      }
    }
  }
`,
  [DRIVER_FIELDS],
);

type FormInput = z.input<typeof driverCreateSchema>;
type FormData = z.output<typeof driverCreateSchema>;
const FORM_FIELDS = ["name", "email", "phone", "password"] as const;

/** A password shown once: just made for a new driver, or a reset. */
type Revealed = { driver: Driver; password: string; reason: "created" | "reset" };

function AddDriverForm({ onAdded, onCancel }: { onAdded: (driver: Driver, password: string | null) => void; onCancel: () => void }) {
  const [, create] = useMutation(CREATE);
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(driverCreateSchema),
    defaultValues: { name: "", email: "", phone: "" },
  });
  const { errors, isSubmitting } = formState;
  const cancel = useDiscardGuard(formState.isDirty, onCancel);

  const onSubmit = handleSubmit(async (data) => {
    const result = await create({ input: data });
    const created = result.data?.adminCreateDriver;
    if (!created) {
      // A taken email among them: the server names the field.
      const fields = serverFieldErrors(result.error);
      for (const name of FORM_FIELDS) if (fields[name]) setError(name, { message: fields[name] });
      notifyError("Error adding driver", adminErrorMessage(result.error));
      return;
    }
    notifySuccess("Driver added", created.driver.name);
    onAdded(created.driver, created.password ?? null);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add driver" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <Field label="Full name" autoComplete="off" placeholder="Sipho Mokoena" error={errors.name?.message} {...register("name")} />
      <Field label="Email" type="email" autoComplete="off" placeholder="sipho@capedrive.co.za" error={errors.email?.message} {...register("email")} />
      <Field label="Phone" type="tel" autoComplete="off" placeholder="082 555 0142" error={errors.phone?.message} {...register("phone")} />
      <Field
        label="Password (optional)"
        type="text"
        autoComplete="new-password"
        spellCheck={false}
        hint={`Leave empty and CapeDrive makes a strong one, shown to you once. Your own: at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register("password", { setValueAs: (value: string) => (value === "" ? undefined : value) })}
      />
      <div className={dialogActions}>
        <Button variant="outline" onClick={cancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Adding..." : "Add Driver"}
        </Button>
      </div>
    </form>
  );
}

function RevealedPassword({ revealed, onDone }: { revealed: Revealed; onDone: () => void }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <OneTimeSecret
        id="driver-password"
        label={`Password for ${revealed.driver.name}`}
        value={revealed.password}
        warning="Shown only now: copy the password before you close this."
        inputProps={{ "data-driver-password": true }}
        hint={
          <>
            {revealed.driver.name} signs in to the driver app with <strong>{revealed.driver.email}</strong> and this password. Give it to them in person or by
            phone, not by email. The app then asks them to choose their own.
          </>
        }
      >
        CapeDrive keeps only a fingerprint of it. If it is lost, reset the password to make a new one.
        {revealed.reason === "reset" ? " The old password no longer works and the driver was signed out." : null}
      </OneTimeSecret>
      <div className={dialogActions}>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

export function Component() {
  const [{ data, error }, refetch] = useQuery({ query: ADMIN_DRIVERS });
  const [, setActive] = useMutation(SET_ACTIVE);
  const [, resetPassword] = useMutation(RESET_PASSWORD);
  const [adding, setAdding] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [toggling, setToggling] = useState<Driver | null>(null);
  const [resetting, setResetting] = useState<Driver | null>(null);
  // What the confirm dialogs keep saying while they close.
  const toggled = useLastNonNull(toggling);
  const reset = useLastNonNull(resetting);
  const drivers = data?.adminDrivers;
  const active = drivers?.filter((d) => d.isActive).length ?? 0;

  // The password is dropped from memory as soon as its dialog closes.
  const closeAdd = (open: boolean) => {
    setAdding(open);
    if (!open) setRevealed(null);
  };

  const confirmToggle = async () => {
    if (!toggling) return;
    const next = !toggling.isActive;
    const result = await setActive({ id: toggling.id, isActive: next });
    if (result.error || !result.data) {
      notifyError(next ? "Error enabling driver" : "Error disabling driver", adminErrorMessage(result.error));
      return;
    }
    notifySuccess(
      next ? "Driver enabled" : "Driver disabled",
      next ? `${toggling.name} can sign in and be given jobs again.` : `${toggling.name} is signed out and cannot be given jobs.`,
    );
  };

  const confirmReset = async () => {
    if (!resetting) return;
    const result = await resetPassword({ id: resetting.id });
    const answer = result.data?.adminResetDriverPassword;
    if (!answer?.password) {
      notifyError("Error resetting password", adminErrorMessage(result.error));
      return;
    }
    notifySuccess("Password reset", `${answer.driver.name} was signed out of the driver app.`);
    setRevealed({ driver: answer.driver, password: answer.password, reason: "reset" });
  };

  return (
    <div className={pageStack}>
      <PageHeader
        title="Drivers"
        description="The people who deliver cars to customers and collect them again. Give them jobs on the Dispatch board."
        actions={
          <Button onClick={() => (setRevealed(null), setAdding(true))} disabled={!data}>
            <PlusIcon size={18} />
            Add Driver
          </Button>
        }
      />
      {error && !drivers ? (
        <LoadError title="Error loading drivers" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : (
        <Panel title={drivers ? `${plural(drivers.length, "driver")} · ${active} active` : "Drivers"}>
          {!drivers ? (
            <PanelRowsSkeleton />
          ) : drivers.length === 0 ? (
            <div className={css({ p: "4" })}>
              <EmptyState
                icon={<UserIcon size={22} />}
                title="No drivers yet"
                action={
                  <Button size="sm" onClick={() => setAdding(true)}>
                    <PlusIcon size={16} />
                    Add Driver
                  </Button>
                }
              >
                Add the people who deliver and collect the cars; then give them jobs on the Dispatch board.
              </EmptyState>
            </div>
          ) : (
            <table className={dataTable} aria-label="Drivers">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Status</th>
                  <th scope="col">Added</th>
                  <th scope="col">
                    <span className={css({ srOnly: true })}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {drivers.map((driver) => (
                  <tr key={driver.id} data-driver-id={driver.id} className={driver.isActive ? undefined : css({ color: "fg.muted" })}>
                    <td data-primary className={css({ fontWeight: "600" })}>
                      {driver.name}
                    </td>
                    <td data-label="Email" className={css({ overflowWrap: "anywhere" })}>
                      <a href={`mailto:${driver.email}`} className={inlineLink}>
                        {driver.email}
                      </a>
                    </td>
                    <td data-label="Phone" className={css({ whiteSpace: "nowrap" })}>
                      <a href={`tel:${driver.phone.replace(/[\s()-]+/g, "")}`} className={inlineLink}>
                        {driver.phone}
                      </a>
                    </td>
                    <td data-label="Status">{driver.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Disabled</Badge>}</td>
                    <td data-label="Added" title={dateTimeLabel(driver.createdAt)} className={css({ whiteSpace: "nowrap" })}>
                      {dateLabel(driver.createdAt)}
                    </td>
                    <td className={css({ textAlign: "right" })}>
                      <span className={css({ display: "inline-flex", flexWrap: { base: "wrap", md: "nowrap" }, justifyContent: "flex-end", gap: "1" })}>
                        <Button variant="ghost" size="sm" onClick={() => setResetting(driver)} aria-label={`Reset password of ${driver.name}`}>
                          <KeyIcon size={16} />
                          Reset password
                        </Button>
                        {driver.isActive ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setToggling(driver)}
                            aria-label={`Disable ${driver.name}`}
                            className={css({ color: "danger.fg", _hover: { bg: "danger.bg" } })}
                          >
                            Disable
                          </Button>
                        ) : (
                          <Button variant="ghost" size="sm" onClick={() => setToggling(driver)} aria-label={`Enable ${driver.name}`}>
                            Enable
                          </Button>
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
      )}

      <AdminDialog
        open={adding}
        onOpenChange={closeAdd}
        title={revealed ? `${revealed.driver.name} is added` : "Add a driver"}
        description={revealed ? undefined : "They sign in to the driver app with this email and a password."}
        size="md"
        closeOnInteractOutside={false}
        closeOnEscape={!revealed}
      >
        {revealed ? (
          <RevealedPassword revealed={revealed} onDone={() => closeAdd(false)} />
        ) : (
          <AddDriverForm
            onAdded={(driver, password) => (password ? setRevealed({ driver, password, reason: "created" }) : closeAdd(false))}
            onCancel={() => closeAdd(false)}
          />
        )}
      </AdminDialog>
      <AdminDialog
        open={!adding && revealed !== null}
        onOpenChange={(open) => !open && setRevealed(null)}
        title={`New password for ${revealed?.driver.name ?? "the driver"}`}
        size="md"
        closeOnInteractOutside={false}
        closeOnEscape={false}
      >
        {revealed ? <RevealedPassword revealed={revealed} onDone={() => setRevealed(null)} /> : null}
      </AdminDialog>
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setToggling(null)}
        title={toggled?.isActive ? "Disable driver" : "Enable driver"}
        message={
          toggled?.isActive
            ? `Are you sure you want to disable ${toggled.name}? They are signed out of the driver app at once and cannot be given new jobs. Jobs they already have stay theirs (flagged on the Dispatch board) until you give them to someone else.`
            : `Enable ${toggled?.name ?? "this driver"}? They can sign in again with their current password and be given jobs.`
        }
        confirmLabel={toggled?.isActive ? "Disable" : "Enable"}
        busyLabel={toggled?.isActive ? "Disabling..." : "Enabling..."}
        tone={toggled?.isActive ? "danger" : "solid"}
        onConfirm={confirmToggle}
      />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => !open && setResetting(null)}
        title="Reset password"
        message={`Give ${reset?.name ?? "this driver"} a new password? The current one stops working and they are signed out of the driver app at once. The new password is shown to you once.`}
        confirmLabel="Reset Password"
        busyLabel="Resetting..."
        tone="solid"
        onConfirm={confirmReset}
      />
    </div>
  );
}
