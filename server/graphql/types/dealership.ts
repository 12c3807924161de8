// The dealership portal's account calls: sign-in, the signed-in dealership, sign-out, and photo
// upload links for its vehicles. Portal fields carry the `dealership` auth scope; anyone else
// gets the same errors as REST (401 without a token or with an expired one, 403 with another
// area's token).
import { dealershipLoginSchema } from "#domain";
import { currentDealership, dealershipAccount, signInDealership, signOutDealership, type DealershipAccount } from "../../services/dealership-auth";
import { createUpload } from "../../services/uploads";
import { parseInput } from "../../services/validation";
import { anyone, dealershipOnly } from "../access";
import { builder } from "../builder";
import { UploadTicketRef } from "./uploads";

/** Why a viewer may not use the portal, as the AppError REST would answer. */
export const DealershipRef = builder.objectRef<DealershipAccount>("Dealership").implement({
  description: "The signed-in dealership's own account (never its password).",
  fields: (t) => ({
    id: t.exposeID("id"),
    dealershipCode: t.exposeString("dealershipCode"),
    companyName: t.exposeString("companyName"),
    contactPerson: t.exposeString("contactPerson"),
    contactEmail: t.exposeString("contactEmail"),
    contactPhone: t.exposeString("contactPhone", { nullable: true }),
    address: t.exposeString("address", { nullable: true }),
    city: t.exposeString("city", { nullable: true }),
    passwordChangeRequired: t.exposeBoolean("passwordChangeRequired", {
      description: "True while the password is one CapeDrive set (onboarding or a reset); the client asks for the account's own before anything else.",
    }),
  }),
});

const DealershipAuthPayloadRef = builder.objectRef<{ token: string; dealership: DealershipAccount }>("DealershipAuthPayload").implement({
  fields: (t) => ({
    /** Bearer token for the dealership area (send as `Authorization: Bearer <token>`). */
    token: t.exposeString("token"),
    dealership: t.field({ type: DealershipRef, resolve: (payload) => payload.dealership }),
  }),
});

const DealershipSignInInput = builder.inputType("DealershipSignInInput", {
  fields: (t) => ({
    /** Compared case-insensitively. */
    dealershipCode: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

builder.mutationField("dealershipSignIn", (t) =>
  t.field({
    ...anyone,
    type: DealershipAuthPayloadRef,
    description:
      "Signs a dealership in with its code and password (rate limited per code and per address). 401 'Invalid dealership code or password'; " +
      "403 'This dealership account is not active'.",
    args: { input: t.arg({ type: DealershipSignInInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { token, dealership } = await signInDealership(ctx.services, ctx.viewer, parseInput(dealershipLoginSchema, input));
      return { token, dealership: dealershipAccount(dealership) };
    },
  }),
);

builder.queryField("dealershipMe", (t) =>
  t.field({
    type: DealershipRef,
    description: "The signed-in dealership.",
    ...dealershipOnly,
    resolve: async (_root, _args, ctx) => dealershipAccount(await currentDealership(ctx.services, ctx.viewer)),
  }),
);

builder.mutationField("dealershipSignOut", (t) =>
  t.boolean({
    description: "Ends the current dealership session: its token stops working at once.",
    ...dealershipOnly,
    resolve: async (_root, _args, ctx) => {
      await signOutDealership(ctx.services, ctx.viewer);
      return true;
    },
  }),
);

builder.mutationField("createDealershipPhotoUpload", (t) =>
  t.field({
    type: UploadTicketRef,
    description: "Starts a vehicle photo upload for the signed-in dealership: PUT the image bytes to uploadURL, then list objectPath in the vehicle's images.",
    ...dealershipOnly,
    resolve: async (_root, _args, ctx) => {
      await currentDealership(ctx.services, ctx.viewer);
      return createUpload(ctx.services, ctx.viewer, "vehicle_photo");
    },
  }),
);
