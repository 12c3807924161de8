/**
 * Add Vehicle (/dealership/vehicles/add, SPEC 2, 5, 8): the vehicle form with the add form's
 * defaults; "Vehicle added" and back to the dashboard, or "Failed to add vehicle" with the
 * server's reason (and its messages on the fields), or the connection message when no verdict came.
 * The form's idempotency key, made when it opens, goes with every attempt: pressing Add again after
 * a lost answer returns the car the first attempt made, not "already exists".
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { useMutation } from "urql";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { PageHeader, pageStack } from "../components/PageHeader.tsx";
import { VehicleForm, vehicleInput } from "../components/VehicleForm.tsx";
import { fieldErrorsOf, saveFailureMessage } from "../lib/save.ts";
import { VEHICLE_FIELDS, carName } from "../lib/vehicle.ts";
import { graphql } from "../../lib/graphql.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";

const CREATE_VEHICLE = graphql(
  `
  mutation CreateDealershipVehicle($input: DealershipVehicleInput!, $idempotencyKey: String) {
    createDealershipVehicle(input: $input, idempotencyKey: $idempotencyKey) {
      ...DealershipVehicleFields
    }
  }
`,
  [VEHICLE_FIELDS],
);

export const DASHBOARD_PATH = "/dealership/dashboard";

export function Component() {
  usePageTitle("Add vehicle");
  const navigate = useNavigate();
  const [, createVehicle] = useMutation(CREATE_VEHICLE);
  const [idempotencyKey] = useState(newIdempotencyKey);

  return (
    <div className={pageStack}>
      <PageHeader
        back={{ to: DASHBOARD_PATH, label: "Back to dashboard" }}
        title="Add Vehicle"
        subtitle="Add a car to your inventory. Give it a sales price to list it on Cars for Sale."
      />
      <VehicleForm
        mode="add"
        cancelTo={DASHBOARD_PATH}
        onSave={async (data, keepStatus) => {
          const result = await createVehicle({ input: vehicleInput(data, { keepStatus, mode: "add" }), idempotencyKey });
          const vehicle = result.data?.createDealershipVehicle;
          if (vehicle) {
            notifySuccess("Vehicle added", `${carName(vehicle)} is in your inventory.`);
            navigate(DASHBOARD_PATH);
            return null;
          }
          // What was typed stays in the form, to save again.
          notifyError("Failed to add vehicle", saveFailureMessage(result.error, "Please check the form and try again."));
          return fieldErrorsOf(result.error);
        }}
      />
    </div>
  );
}
