import { BOOKING_STATUSES, CATEGORY_IDS, ID_TYPES, TRANSMISSIONS, VEHICLE_STATUSES } from "#domain";
import { builder } from "../builder";

export const CategoryEnum = builder.enumType("VehicleCategory", { values: CATEGORY_IDS });
export const TransmissionEnum = builder.enumType("Transmission", { values: TRANSMISSIONS });
export const VehicleStatusEnum = builder.enumType("VehicleStatus", { values: VEHICLE_STATUSES });
export const BookingStatusEnum = builder.enumType("BookingStatus", { values: BOOKING_STATUSES });
export const IdTypeEnum = builder.enumType("IdType", { values: ID_TYPES });
