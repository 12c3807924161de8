// Builds the schema from every type file. schema.graphql at the top level is printed from this.
import { printSchema } from "graphql";
import { assertEveryRootFieldScoped } from "./access";
import { builder } from "./builder";
import "./types/scalars";
import "./types/enums";
import "./types/user";
import "./types/auth";
import "./types/password-reset";
import "./types/uploads";
import "./types/profile";
import "./types/vehicle";
import "./types/admin-auth";
import "./types/admin-vehicles";
import "./types/admin-bookings";
import "./types/admin-customers";
import "./types/admin-service-areas";
import "./types/admin-api-keys";
import "./types/admin-dashboard";
import "./types/dealership";
import "./types/dealership-vehicles";
import "./types/for-sale";
import "./types/booking";
import "./types/geocode";
import "./types/handovers";
import "./types/receipts";

export const schema = assertEveryRootFieldScoped(builder.toSchema());
export const printedSchema = () => printSchema(schema) + "\n";
