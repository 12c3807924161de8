// "Change password" for whoever is signed in (customer, admin, dealership or driver): one call,
// the rules of the viewer's own area (../../services/password-change.ts).
import { changeOwnPassword } from "../../services/password-change";
import { signedIn } from "../access";
import { builder } from "../builder";

const ChangePasswordInput = builder.inputType("ChangePasswordInput", {
  fields: (t) => ({ currentPassword: t.string({ required: true }), newPassword: t.string({ required: true }) }),
});

builder.mutationField("changePassword", (t) =>
  t.boolean({
    ...signedIn,
    description:
      "Changes the signed-in account's password (customer, admin, dealership or driver; rate limited like sign-in). Signs the account out everywhere " +
      "else; this session stays. 400 with a field error on currentPassword when it is wrong (or a Google-only customer has none), on newPassword when too short.",
    args: { input: t.arg({ type: ChangePasswordInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await changeOwnPassword(ctx.services, ctx.viewer, input);
      return true;
    },
  }),
);
