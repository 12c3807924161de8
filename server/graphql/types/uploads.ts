import { CUSTOMER_UPLOAD_PURPOSES, createUpload, DRIVER_UPLOAD_PURPOSES } from "../../services/uploads";
import { signedIn } from "../access";
import { builder } from "../builder";

export const UploadPurposeEnum = builder.enumType("UploadPurpose", { values: [...CUSTOMER_UPLOAD_PURPOSES, ...DRIVER_UPLOAD_PURPOSES] as const });

const CreateUploadInput = builder.inputType("CreateUploadInput", {
  fields: (t) => ({ purpose: t.field({ type: UploadPurposeEnum, required: true }) }),
});

type Ticket = { uploadURL: string; objectPath: string; expiresAt: Date };

export const UploadTicketRef = builder.objectRef<Ticket>("UploadTicket").implement({
  description: "Where to PUT one photo (signed, single use, 15 minutes) and the path it will be served at.",
  fields: (t) => ({
    uploadURL: t.exposeString("uploadURL"),
    /** "/objects/uploads/<uuid>": what profilePicture / driversLicenseImage take. */
    objectPath: t.exposeString("objectPath"),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
  }),
});

builder.mutationField("createUploadUrl", (t) =>
  t.field({
    ...signedIn,
    type: UploadTicketRef,
    description: "Starts a photo upload (customers: profile and documents; drivers: handover photos and signatures): PUT the image bytes to uploadURL.",
    args: { input: t.arg({ type: CreateUploadInput, required: true }) },
    resolve: (_root, { input }, ctx) => createUpload(ctx.services, ctx.viewer, input.purpose),
  }),
);
