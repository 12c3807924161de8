import { API_KEY_PERMISSIONS } from "#domain";
import { issueApiKey, listApiKeys, revokeApiKey, type PublicApiKey } from "../../services/api-keys";
import { builder } from "../builder";

const ApiKeyRef = builder.objectRef<PublicApiKey>("ApiKey").implement({
  description: "An API key as admins see it: never the key itself.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    /** The key's first characters ("rk_" + 8), to tell keys apart. */
    prefix: t.exposeString("prefix"),
    /** From: vehicles:read, bookings:read, bookings:write, customers:read, service-areas:read. */
    permissions: t.exposeStringList("permissions"),
    isActive: t.exposeBoolean("isActive"),
    /** ISO instant, refreshed at most once a minute. */
    lastUsed: t.expose("lastUsed", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const IssuedApiKeyRef = builder.objectRef<{ key: string; apiKey: PublicApiKey }>("IssuedApiKey").implement({
  fields: (t) => ({
    /** The key itself ("rk_..."): shown this once, never again. */
    key: t.exposeString("key"),
    apiKey: t.field({ type: ApiKeyRef, resolve: (issued) => issued.apiKey }),
  }),
});

const IssueApiKeyInput = builder.inputType("IssueApiKeyInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    permissions: t.stringList({ required: true }),
  }),
});

builder.queryField("apiKeys", (t) =>
  t.field({
    type: [ApiKeyRef],
    description: "Every API key, newest first (admins).",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => listApiKeys(ctx.services, ctx.viewer),
  }),
);

builder.queryField("apiKeyPermissions", (t) =>
  t.stringList({
    description: "The permissions an API key may hold.",
    authScopes: { admin: true },
    resolve: () => [...API_KEY_PERMISSIONS],
  }),
);

builder.mutationField("issueApiKey", (t) =>
  t.field({
    type: IssuedApiKeyRef,
    authScopes: { admin: true },
    args: { input: t.arg({ type: IssueApiKeyInput, required: true }) },
    resolve: (_root, { input }, ctx) => issueApiKey(ctx.services, ctx.viewer, input),
  }),
);

builder.mutationField("revokeApiKey", (t) =>
  t.field({
    type: ApiKeyRef,
    description: "Revokes a key: it stops working at once.",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => revokeApiKey(ctx.services, ctx.viewer, String(id)),
  }),
);
