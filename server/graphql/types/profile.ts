import { completeProfile } from "../../services/profile";
import { customerOnly } from "../access";
import { builder } from "../builder";
import { IdTypeEnum } from "./enums";
import { UserRef } from "./user";

// Every field is optional in the schema so a missing one gets the form's own message
// ("Date of birth is required", ...) from the shared zod schema, as on REST.
const CompleteProfileInput = builder.inputType("CompleteProfileInput", {
  fields: (t) => ({
    /** "yyyy-mm-dd" or "dd/mm/yyyy". */
    dateOfBirth: t.string({ required: false }),
    address: t.string({ required: false }),
    city: t.string({ required: false }),
    postalCode: t.string({ required: false }),
    nationality: t.string({ required: false }),
    idType: t.field({ type: IdTypeEnum, required: false }),
    idNumber: t.string({ required: false }),
    driversLicenseNumber: t.string({ required: false }),
    /** "yyyy-mm-dd" or "dd/mm/yyyy". */
    driversLicenseExpiryDate: t.string({ required: false }),
    /** An upload URL or "/objects/uploads/<uuid>" of the customer's own profile picture upload; blank removes it. */
    profilePicture: t.string({ required: false }),
    /** An upload URL or "/objects/uploads/<uuid>" of the customer's own licence upload; blank removes it. */
    driversLicenseImage: t.string({ required: false }),
  }),
});

builder.mutationField("completeProfile", (t) =>
  t.prismaField({
    ...customerOnly,
    type: UserRef,
    description: "Saves the signed-in customer's profile and sets profileCompleted.",
    args: { input: t.arg({ type: CompleteProfileInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) => completeProfile(ctx.services, ctx.viewer, input),
  }),
);
