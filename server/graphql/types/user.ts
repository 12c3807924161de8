import { type SupportContact, supportContact } from "../../emails/contact";
import { me } from "../../services/auth";
import { anyone } from "../access";
import { builder } from "../builder";
import { IdTypeEnum } from "./enums";

/**
 * A customer account. Never the password hash, the reset token or the Google id. Only the owner
 * (`me`) and admins are given one.
 */
export const UserRef = builder.prismaObject("User", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    email: t.exposeString("email"),
    phone: t.exposeString("phone", { nullable: true }),
    profileCompleted: t.exposeBoolean("profileCompleted"),
    /** "/objects/uploads/<uuid>", served by GET /objects/... */
    profilePicture: t.exposeString("profilePicture", { nullable: true }),
    /** "yyyy-mm-dd" */
    dateOfBirth: t.exposeString("dateOfBirth", { nullable: true }),
    address: t.exposeString("address", { nullable: true }),
    city: t.exposeString("city", { nullable: true }),
    postalCode: t.exposeString("postalCode", { nullable: true }),
    nationality: t.exposeString("nationality", { nullable: true }),
    idType: t.expose("idType", { type: IdTypeEnum, nullable: true }),
    idNumber: t.exposeString("idNumber", { nullable: true }),
    driversLicenseNumber: t.exposeString("driversLicenseNumber", { nullable: true }),
    /** "/objects/uploads/<uuid>", private: readable by the owner and admins. */
    driversLicenseImage: t.exposeString("driversLicenseImage", { nullable: true }),
    /** "yyyy-mm-dd" */
    driversLicenseExpiryDate: t.exposeString("driversLicenseExpiryDate", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    /** False for an account made with Google that never set a password: it has none to change. */
    hasPassword: t.boolean({ select: { passwordHash: true }, resolve: (user) => user.passwordHash !== null }),
  }),
});

builder.queryField("me", (t) =>
  t.prismaField({
    ...anyone,
    type: UserRef,
    nullable: true,
    description: "The signed-in customer; null when not signed in as a customer.",
    resolve: (_query, _root, _args, ctx) => me(ctx.services, ctx.viewer),
  }),
);

const SupportContactRef = builder.objectRef<SupportContact>("SupportContact").implement({
  description: "How to reach a person at CapeDrive (SUPPORT_PHONE, MAIL_REPLY_TO's address), as every email's footer gives it.",
  fields: (t) => ({
    phone: t.exposeString("phone", { nullable: true, description: 'The number as the operator wrote it ("021 555 0123"), to show.' }),
    phoneE164: t.exposeString("phoneE164", { nullable: true, description: 'The number in E.164 ("+27215550123"), to dial (tel:).' }),
    email: t.exposeString("email", { nullable: true, description: "The support email address, without a display name (mailto:)." }),
  }),
});

type PublicConfig = { googleClientId: string | null; supportContact: SupportContact | null };
const PublicConfigRef = builder.objectRef<PublicConfig>("PublicConfig").implement({
  description: "Settings the web app needs before anyone signs in.",
  fields: (t) => ({
    /** The Google OAuth client id; null when Google sign-in is not configured. */
    googleClientId: t.exposeString("googleClientId", { nullable: true }),
    supportContact: t.field({
      type: SupportContactRef,
      nullable: true,
      description: "How to reach us (a dealership or a driver who lost a password); null when neither a support phone nor a Reply-To is configured.",
      resolve: (config) => config.supportContact,
    }),
  }),
});

builder.queryField("publicConfig", (t) =>
  t.field({
    ...anyone,
    type: PublicConfigRef,
    resolve: (_root, _args, ctx) => ({
      googleClientId: ctx.services.config.google.clientId ?? null,
      supportContact: supportContact(ctx.services.config.mail),
    }),
  }),
);
