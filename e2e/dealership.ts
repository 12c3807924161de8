/** Helpers of the dealership and Cars for Sale journeys. */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { changePasswordOverApi } from "./password-helpers.ts";
import { graphql } from "./support.ts";

export interface DealershipLogin {
  dealershipCode: string;
  password: string;
}

/**
 * The demo dealerships' sign-in details. The server the Playwright config starts seeds the demo
 * data and writes them to DATA_DIR/demo-credentials.txt (E2E_DATA_DIR); against another server,
 * set E2E_DATA_DIR to its data directory, or E2E_DEALERSHIP_CODE and E2E_DEALERSHIP_PASSWORD.
 */
export function demoDealerships(): DealershipLogin[] {
  const code = process.env.E2E_DEALERSHIP_CODE;
  const password = process.env.E2E_DEALERSHIP_PASSWORD;
  if (code && password) return [{ dealershipCode: code, password }];
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const file = join(dir, "demo-credentials.txt");
  if (!existsSync(file)) throw new Error(`${file} is missing: is the server seeded with the demo data (SEED_DEMO=true)?`);
  const logins: DealershipLogin[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^Dealership\s+(\S+)\s+\/\s+(\S+)/.exec(line.trim());
    if (match) logins.push({ dealershipCode: match[1]!, password: match[2]! });
  }
  if (logins.length === 0) throw new Error(`No dealership sign-in details in ${file}`);
  return logins;
}

/** The first demo dealership (Atlantic Motors, Cape Town), or the one from the environment. */
export function demoDealership(code = "ATLANTIC01"): DealershipLogin {
  const all = demoDealerships();
  return all.find((d) => d.dealershipCode.toUpperCase() === code.toUpperCase()) ?? all[0]!;
}

export const DEALERSHIP_TOKEN_KEY = "capedrive.dealership.token";
export const DEALERSHIP_INFO_KEY = "capedrive.dealership.info";

/**
 * A dealership of the journey's own, onboarded with `rentals-cli` against the server's data
 * (E2E_DATA_DIR; with E2E_BASE_URL, the environment's DATABASE_URL if the server uses one). A
 * journey that adds cars uses one, so a journey counting a demo dealership's cars in parallel
 * counts only its own.
 */
export function onboardDealership(companyName: string): DealershipLogin {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
  const dealershipCode = `E2E-${suffix}`;
  const password = `e2e-${suffix.toLowerCase()}-pass`;
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  execFileSync(
    process.env.BUN ?? "bun",
    [
      "cli/main.ts",
      "dealership",
      "onboard",
      "--code",
      dealershipCode,
      "--company",
      companyName,
      "--contact-person",
      "Journey Tester",
      "--email",
      `${dealershipCode.toLowerCase()}@example.co.za`,
      "--password-stdin",
      "--json",
    ],
    { input: password, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, DATA_DIR: dir } },
  );
  return { dealershipCode, password };
}

/**
 * Answers the portal's "Choose your own password" step over the API for a dealership made by
 * onboardDealership (whose password the operator set), so a journey about something else starts
 * on its screens: the dealership's own login, and the token of the session that chose it.
 */
export async function withOwnPassword(request: APIRequestContext, login: DealershipLogin): Promise<DealershipLogin & { token: string }> {
  const { dealershipSignIn } = await graphql<{ dealershipSignIn: { token: string } }>(
    request,
    "mutation ($input: DealershipSignInInput!) { dealershipSignIn(input: $input) { token } }",
    { input: login },
  );
  const own = { dealershipCode: login.dealershipCode, password: `${login.password}-own` };
  await changePasswordOverApi(request, dealershipSignIn.token, login.password, own.password);
  return { ...own, token: dealershipSignIn.token };
}
