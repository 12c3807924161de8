/** Helpers of the Change Password journeys (phone and desktop), and of journeys whose staff choose their own password first. */
import type { APIRequestContext, Page } from "@playwright/test";
import { graphql } from "./support.ts";

/** Changes a signed-in account's password over the API (any area: the token says whose); the session stays signed in. */
export async function changePasswordOverApi(request: APIRequestContext, token: string, currentPassword: string, newPassword: string) {
  await graphql(request, "mutation ($input: ChangePasswordInput!) { changePassword(input: $input) }", { input: { currentPassword, newPassword } }, token);
}

/** Whether a token still opens its account (a revoked one is a 401). */
export async function tokenWorks(request: APIRequestContext, query: string, token: string): Promise<boolean> {
  const response = await request.post("/graphql", { data: { query }, headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { errors?: unknown[] };
  return response.ok() && !body.errors?.length;
}

/** Fills the Change Password form (the confirmation: the new password unless given) and submits it. */
export async function fillPasswordForm(page: Page, current: string, next: string, confirm = next) {
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current Password").fill(current);
  await form.getByLabel("New Password", { exact: true }).fill(next);
  await form.getByLabel("Confirm New Password").fill(confirm);
  await form.getByRole("button", { name: "Change Password" }).click();
}
