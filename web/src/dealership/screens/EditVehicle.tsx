/**
 * Edit Vehicle (/dealership/vehicles/{id}/edit; SPEC 2's edit button points here): the vehicle
 * form filled with the stored car; "Vehicle updated" and back to the dashboard, or "Failed to
 * update vehicle" with the server's reason. Another dealership's car (or a deleted one) is "not
 * found" (the server answers 404 and shows nothing of it).
 */
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { CarIcon, RefreshIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { PageHeader, pageStack } from "../components/PageHeader.tsx";
import { formValuesOf, VehicleForm, vehicleInput } from "../components/VehicleForm.tsx";
import { errorCode } from "../lib/errors.ts";
import { fieldErrorsOf, saveFailureMessage } from "../lib/save.ts";
import { VEHICLE_FIELDS, carName } from "../lib/vehicle.ts";
import { isSessionError } from "../session/client.ts";
import { graphql } from "../../lib/graphql.ts";
import { IconDisc } from "../../ui/IconDisc.tsx";

const VEHICLE = graphql(
  `
  query DealershipVehicle($id: ID!) {
    dealershipVehicle(id: $id) {
      ...DealershipVehicleFields
    }
  }
`,
  [VEHICLE_FIELDS],
);

const UPDATE_VEHICLE = graphql(
  `
  mutation UpdateDealershipVehicle($id: ID!, $input: DealershipVehicleInput!) {
    updateDealershipVehicle(id: $id, input: $input) {
      ...DealershipVehicleFields
    }
  }
`,
  [VEHICLE_FIELDS],
);

const DASHBOARD_PATH = "/dealership/dashboard";

function FormSkeleton() {
  return (
    <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", lg: "3fr 2fr" }, gap: "5" })} aria-hidden="true">
      <Card padding="lg" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <Skeleton className={css({ height: "6", width: "32" })} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={css({ height: "16", width: "full" })} />
        ))}
      </Card>
      <Card padding="lg">
        <Skeleton className={css({ height: "40", width: "full" })} />
      </Card>
    </div>
  );
}

export function Component() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  // Always the server's current values: another tab may have changed the car.
  const [result, reexecute] = useQuery({ query: VEHICLE, variables: { id }, requestPolicy: "cache-and-network" });
  const [, updateVehicle] = useMutation(UPDATE_VEHICLE);
  const vehicle = result.data?.dealershipVehicle;
  usePageTitle(vehicle ? `Edit ${vehicle.make} ${vehicle.model}` : "Edit vehicle");
  // The form is filled once, from the first answer; a later refetch must not wipe what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the vehicle's id on purpose
  const initial = useMemo(() => (vehicle ? formValuesOf(vehicle) : undefined), [vehicle?.id]);

  const back = { to: DASHBOARD_PATH, label: "Back to dashboard" };
  const notFound = errorCode(result.error) === "NOT_FOUND";

  if (!vehicle) {
    if (notFound) {
      return (
        <div className={pageStack}>
          <PageHeader back={back} title="Vehicle not found" />
          <Card padding="lg" className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", py: "12" })}>
            <IconDisc size="lg">
              <CarIcon size={32} />
            </IconDisc>
            <p className={css({ color: "fg.muted", maxW: "sm" })}>This vehicle is not in your inventory. It may have been deleted.</p>
            <ButtonLink to={DASHBOARD_PATH}>Go to the dashboard</ButtonLink>
          </Card>
        </div>
      );
    }
    if (result.error && !isSessionError(result.error)) {
      return (
        <div className={pageStack}>
          <PageHeader back={back} title="Edit Vehicle" />
          <div role="alert" className={css({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "3" })}>
            <Notice tone="danger" title="We couldn't load this vehicle" className={css({ width: "full" })}>
              Please check your connection and try again.
            </Notice>
            <Button variant="outline" onClick={() => reexecute({ requestPolicy: "network-only" })}>
              <RefreshIcon size={18} />
              Try again
            </Button>
          </div>
        </div>
      );
    }
    return (
      <div className={pageStack} aria-busy="true">
        <PageHeader back={back} title="Edit Vehicle" />
        <span role="status" className={css({ srOnly: true })}>
          Loading the vehicle…
        </span>
        <FormSkeleton />
      </div>
    );
  }

  return (
    <div className={pageStack}>
      <PageHeader back={back} title="Edit Vehicle" subtitle={`${carName(vehicle)} · ${vehicle.registrationNumber}`} />
      <VehicleForm
        key={vehicle.id}
        mode="edit"
        initial={initial}
        currentStatus={vehicle.status}
        cancelTo={DASHBOARD_PATH}
        onSave={async (data, keepStatus) => {
          const saved = await updateVehicle({ id: vehicle.id, input: vehicleInput(data, { keepStatus, mode: "edit" }) });
          const updated = saved.data?.updateDealershipVehicle;
          if (updated) {
            notifySuccess("Vehicle updated", `${updated.year} ${updated.make} ${updated.model} was saved.`);
            navigate(DASHBOARD_PATH);
            return null;
          }
          notifyError("Failed to update vehicle", saveFailureMessage(saved.error, "Your changes were not saved. Please try again."));
          return fieldErrorsOf(saved.error);
        }}
      />
    </div>
  );
}
