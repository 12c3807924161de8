/**
 * API keys (/admin/api-keys): keys for partner systems. A list (name, prefix, permissions,
 * active, last used, created); issuing a key (a name and permissions from the server's fixed
 * list) shows the key exactly once, with a copy button; revoking asks first and stops the key at
 * once. The key itself is never stored here or shown again.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useMutation, useQuery } from "urql";
import type { z } from "zod";
import { css } from "styled-system/css";
import { API_KEY_PERMISSION_LABELS, apiKeyIssueSchema, isApiKeyPermission } from "#domain/admin.ts";
import { serverFieldErrors } from "../../lib/errors.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { useDiscardGuard } from "../../ui/DialogShell.tsx";
import { Field } from "../../ui/Field.tsx";
import { WarningIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { AdminDialog, ConfirmDialog, dialogActions } from "../components/Dialogs.tsx";
import { KeyIcon, PlusIcon } from "../components/icons.tsx";
import { OneTimeSecret } from "../components/OneTimeSecret.tsx";
import { EmptyState, LoadError, PageHeader, Panel, PanelRowsSkeleton, dataTable, mono, pageStack } from "../components/Page.tsx";
import { API_KEY_FIELDS, type ApiKey } from "../lib/api.ts";
import { dateLabel, dateTimeLabel, plural, relativeTime } from "../lib/format.ts";
import { adminErrorMessage } from "../lib/errors.ts";
import { graphql } from "../../lib/graphql.ts";

const API_KEYS = graphql(
  `
  query ApiKeys {
    apiKeys {
      ...ApiKeyFields
    }
    apiKeyPermissions
  }
`,
  [API_KEY_FIELDS],
);

const ISSUE = graphql(
  `
  mutation IssueApiKey($input: IssueApiKeyInput!) {
    issueApiKey(input: $input) {
      key
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`,
  [API_KEY_FIELDS],
);

const REVOKE = graphql(
  `
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      ...ApiKeyFields
    }
  }
`,
  [API_KEY_FIELDS],
);

type FormInput = z.input<typeof apiKeyIssueSchema>;
type FormData = z.output<typeof apiKeyIssueSchema>;

function permissionLabel(permission: string): string {
  return isApiKeyPermission(permission) ? API_KEY_PERMISSION_LABELS[permission] : permission;
}

const permChip = css({
  fontFamily: "mono",
  fontSize: "xs",
  px: "1.5",
  py: "0.5",
  borderRadius: "md",
  bg: "bg.muted",
  color: "fg.default",
  whiteSpace: "nowrap",
});

function IssueForm({ permissions, onIssued, onCancel }: { permissions: string[]; onIssued: (key: string, apiKey: ApiKey) => void; onCancel: () => void }) {
  const [, issue] = useMutation(ISSUE);
  const { register, control, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(apiKeyIssueSchema),
    defaultValues: { name: "", permissions: [] },
  });
  const { errors, isSubmitting } = formState;
  const cancel = useDiscardGuard(formState.isDirty, onCancel);

  const onSubmit = handleSubmit(async (data) => {
    const result = await issue({ input: data }, { requestPolicy: "network-only" });
    const issued = result.data?.issueApiKey as { key: string; apiKey: ApiKey } | undefined;
    if (!issued) {
      const fields = serverFieldErrors(result.error);
      if (fields.name) setError("name", { message: fields.name });
      if (fields.permissions) setError("permissions", { message: fields.permissions });
      notifyError("Error issuing API key", adminErrorMessage(result.error));
      return;
    }
    notifySuccess("API key issued", issued.apiKey.name);
    onIssued(issued.key, issued.apiKey);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Issue API key" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <Field
        label="Name"
        placeholder="Fleet tracker integration"
        hint="Who or what uses the key, so you know what breaks if you revoke it."
        error={errors.name?.message}
        {...register("name")}
      />
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => {
          const value = (field.value ?? []) as string[];
          return (
            <fieldset
              className={css({ display: "flex", flexDirection: "column", gap: "2" })}
              aria-describedby={errors.permissions ? "permissions-error" : undefined}
            >
              <legend className={css({ fontSize: "sm", fontWeight: "600", mb: "1" })}>Permissions</legend>
              {permissions.map((permission) => (
                <label
                  key={permission}
                  className={css({
                    display: "flex",
                    alignItems: "flex-start",
                    gap: "3",
                    p: "3",
                    borderWidth: "1px",
                    borderColor: "border.default",
                    borderRadius: "lg",
                    cursor: "pointer",
                    _hover: { bg: "bg.subtle" },
                    "&:has(input:checked)": { borderColor: "brand.solid", bg: "brand.subtle" },
                  })}
                >
                  <input
                    type="checkbox"
                    checked={value.includes(permission)}
                    onChange={(event) => field.onChange(event.target.checked ? [...value, permission] : value.filter((p) => p !== permission))}
                    className={css({ width: "4.5", height: "4.5", mt: "0.5", accentColor: "brand.solid", flexShrink: 0 })}
                  />
                  <span className={css({ display: "flex", flexDirection: "column" })}>
                    <span className={css({ fontWeight: "600", fontSize: "sm" })}>{permissionLabel(permission)}</span>
                    <span className={`${mono} ${css({ color: "fg.muted" })}`}>{permission}</span>
                  </span>
                </label>
              ))}
              {errors.permissions ? (
                <p id="permissions-error" role="alert" className={css({ fontSize: "sm", fontWeight: "500", color: "danger.fg" })}>
                  {errors.permissions.message ?? errors.permissions.root?.message}
                </p>
              ) : null}
            </fieldset>
          );
        }}
      />
      <div className={dialogActions}>
        <Button variant="outline" onClick={cancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Issuing..." : "Issue Key"}
        </Button>
      </div>
    </form>
  );
}

function IssuedKey({ apiKey, secret, onDone }: { apiKey: ApiKey; secret: string; onDone: () => void }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <OneTimeSecret
        id="issued-api-key"
        label={`API key for ${apiKey.name}`}
        value={secret}
        warning="Copy this key now: you will not see it again."
        inputProps={{ "data-api-key": true }}
        hint={
          <>
            Send it as <span className={mono}>Authorization: Bearer …</span> or <span className={mono}>X-API-Key: …</span>. Permissions:{" "}
            {apiKey.permissions.map(permissionLabel).join(", ")}.
          </>
        }
      >
        CapeDrive keeps only a fingerprint of it. If it is lost, revoke it and issue a new one.
      </OneTimeSecret>
      <div className={dialogActions}>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

export function Component() {
  const [{ data, error }, refetch] = useQuery({ query: API_KEYS });
  const [, revoke] = useMutation(REVOKE);
  const [issueOpen, setIssueOpen] = useState(false);
  const [issued, setIssued] = useState<{ key: string; apiKey: ApiKey } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = data?.apiKeys;
  const active = keys?.filter((k) => k.isActive).length ?? 0;

  const closeIssue = (open: boolean) => {
    setIssueOpen(open);
    if (!open) setIssued(null); // the key is gone from memory once the dialog closes
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    const result = await revoke({ id: revoking.id });
    if (result.error || !result.data) {
      notifyError("Error revoking API key", adminErrorMessage(result.error));
      return;
    }
    notifySuccess("API key revoked", `${revoking.name} no longer works.`);
  };

  return (
    <div className={pageStack}>
      <PageHeader
        title="API Keys"
        description="Keys let partner systems read the fleet, bookings or customers, and update bookings, with exactly the permissions they hold."
        actions={
          <Button onClick={() => (setIssued(null), setIssueOpen(true))} disabled={!data}>
            <PlusIcon size={18} />
            Issue API Key
          </Button>
        }
      />
      {error && !keys ? (
        <LoadError title="Error loading API keys" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : (
        <Panel title={keys ? `${plural(keys.length, "key")} · ${active} active` : "Keys"}>
          {!keys ? (
            <PanelRowsSkeleton />
          ) : keys.length === 0 ? (
            <div className={css({ p: "4" })}>
              <EmptyState
                icon={<KeyIcon size={22} />}
                title="No API keys yet"
                action={
                  <Button size="sm" onClick={() => setIssueOpen(true)}>
                    <PlusIcon size={16} />
                    Issue API Key
                  </Button>
                }
              >
                Issue a key for each system that needs access, with only the permissions it needs.
              </EmptyState>
            </div>
          ) : (
            <table className={dataTable} aria-label="API keys">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Prefix</th>
                  <th scope="col">Permissions</th>
                  <th scope="col">Status</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className={css({ srOnly: true })}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} data-api-key-id={key.id} className={key.isActive ? undefined : css({ color: "fg.muted" })}>
                    <td data-primary className={css({ fontWeight: "600" })}>
                      {key.name}
                    </td>
                    <td data-label="Prefix">
                      <span className={mono}>{key.prefix}…</span>
                    </td>
                    <td data-label="Permissions">
                      <span className={css({ display: "inline-flex", flexWrap: "wrap", gap: "1", justifyContent: { base: "flex-end", md: "flex-start" } })}>
                        {key.permissions.map((p) => (
                          <span key={p} className={permChip} title={permissionLabel(p)}>
                            {p}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td data-label="Status">{key.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Revoked</Badge>}</td>
                    <td data-label="Last used" title={key.lastUsed ? dateTimeLabel(key.lastUsed) : undefined} className={css({ whiteSpace: "nowrap" })}>
                      {relativeTime(key.lastUsed)}
                    </td>
                    <td data-label="Created" title={dateTimeLabel(key.createdAt)} className={css({ whiteSpace: "nowrap" })}>
                      {dateLabel(key.createdAt)}
                    </td>
                    <td className={css({ textAlign: "right" })}>
                      {key.isActive ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setRevoking(key)}
                          aria-label={`Revoke ${key.name}`}
                          className={css({ color: "danger.fg", _hover: { bg: "danger.bg" } })}
                        >
                          Revoke
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
      )}

      <AdminDialog
        open={issueOpen}
        onOpenChange={closeIssue}
        title={issued ? "Your new API key" : "Issue an API key"}
        description={issued ? undefined : "Choose only the permissions the system needs."}
        size="md"
        closeOnInteractOutside={false}
        closeOnEscape={!issued}
      >
        {issued ? (
          <IssuedKey apiKey={issued.apiKey} secret={issued.key} onDone={() => closeIssue(false)} />
        ) : (
          <IssueForm permissions={data?.apiKeyPermissions ?? []} onIssued={(key, apiKey) => setIssued({ key, apiKey })} onCancel={() => closeIssue(false)} />
        )}
      </AdminDialog>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API key"
        message={
          <>
            <span className={css({ display: "inline-flex", alignItems: "center", gap: "1.5", color: "danger.fg", fontWeight: "600" })}>
              <WarningIcon size={16} />
              This cannot be undone.
            </span>{" "}
            Are you sure you want to revoke “{revoking?.name}”? Every system using it loses access at once.
          </>
        }
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        onConfirm={confirmRevoke}
      />
    </div>
  );
}
