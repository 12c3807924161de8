/**
 * Google sign-in in the browser tests. Google's script (https://accounts.google.com/gsi/client)
 * is replaced by a small stand-in with the same API surface the app uses (initialize,
 * renderButton, prompt); its button hands the app whatever credential the test set. The
 * credentials are real RS256 ID tokens signed with the key of the loopback key server that the
 * product server trusts (e2e/global-setup.ts), so the server verifies them for real.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { importJWK, SignJWT, type JWK } from "jose";

export const GOOGLE_CLIENT_ID = process.env.E2E_GOOGLE_CLIENT_ID ?? "capedrive-e2e.apps.googleusercontent.com";

export const STAND_IN = `
(() => {
  let options = null;
  const give = () => options && options.callback({ credential: window.__googleCredential || "" });
  window.google = { accounts: { id: {
    initialize(o) { options = o; window.__googleClientId = o.client_id; },
    renderButton(parent) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Sign in with Google";
      button.addEventListener("click", give);
      parent.appendChild(button);
    },
    prompt(listener) { if (listener) listener({ isNotDisplayed: () => false, isSkippedMoment: () => false }); give(); },
  } } };
})();
`;

/** Serves the stand-in for Google's script to this page; returns the list of script requests. */
export async function useGoogleStandIn(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route("https://accounts.google.com/gsi/client*", (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: STAND_IN });
  });
  return requests;
}

/** What the stand-in's button will hand to the app next. */
export async function setGoogleCredential(page: Page, credential: string) {
  await page.evaluate((value) => {
    (window as unknown as { __googleCredential: string }).__googleCredential = value;
  }, credential);
}

/** A Google ID token for this identity, signed with the test key server's key. */
export async function googleIdToken(claims: { sub: string; email: string; name?: string; emailVerified?: boolean; audience?: string }): Promise<string> {
  const file = process.env.E2E_GOOGLE_KEY_FILE;
  if (!file) throw new Error("E2E_GOOGLE_KEY_FILE is not set (the Playwright config sets it)");
  const jwk = JSON.parse(readFileSync(file, "utf8")) as JWK & { kid: string };
  const key = await importJWK(jwk, "RS256");
  return new SignJWT({ email: claims.email, email_verified: claims.emailVerified ?? true, name: claims.name })
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "JWT" })
    .setIssuer("https://accounts.google.com")
    .setAudience(claims.audience ?? GOOGLE_CLIENT_ID)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(key);
}
