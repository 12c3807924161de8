import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys in Debian's Chromium (`apt-get install -y chromium`); Playwright downloads
 * nothing.
 *
 * Email: global setup (e2e/global-setup.ts) runs a small SMTP server on a fixed loopback port
 * (E2E_SMTP_PORT, default E2E_PORT + 2); the product server's SMTP_URL points at it and every
 * message lands as a file in E2E_MAIL_DIR, where the password-reset journey reads its link. With
 * E2E_BASE_URL, point E2E_MAIL_DIR at that server's mail (e.g. its DATA_DIR/mail dev-mail files).
 *
 * Google: the server trusts a loopback key server (E2E_JWKS_PORT, default E2E_PORT + 3) made
 * by global setup; the tests replace Google's script with a small stand-in (e2e/google.ts) and
 * sign ID tokens with that server's key.
 *
 * Camera: Chromium's fake capture device (`--use-fake-device-for-media-stream`) with the
 * permission prompt auto-accepted (`--use-fake-ui-for-media-stream`); tests that use the
 * camera also grant the "camera" permission in their context.
 *
 * Addresses: the booking screens look places up through the server's geocoder; its GEOCODER_URL
 * points at the Nominatim stand-in of server/testing/nominatim.ts, which Playwright starts as a
 * second web server on a fixed loopback port (E2E_GEOCODER_PORT, default E2E_PORT + 4; see
 * e2e/nominatim-server.ts). Tests give the browser a position with Playwright's `geolocation`.
 *
 * By default Playwright starts the real product server (`bun server/main.ts`) on a fixed port
 * with a fresh data directory and the demo seed. Set E2E_BASE_URL to test an already running
 * server instead (then no server is started), e.g.
 *   E2E_BASE_URL=http://127.0.0.1:3000 bunx playwright test
 * Build the web app first (`bun web/build.ts`): the server serves web/dist.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${PORT}`;
// The server's data directory; the dealership journey reads the demo sign-in details it writes
// there (demo-credentials.txt). With E2E_BASE_URL, point E2E_DATA_DIR at that server's DATA_DIR,
// or set E2E_DEALERSHIP_CODE and E2E_DEALERSHIP_PASSWORD.
const dataDir = (process.env.E2E_DATA_DIR ??= join(tmpdir(), `capedrive-e2e-${process.pid}-${Date.now().toString(36)}`));
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? PORT + 2);
// Set once in the runner; the test workers it starts inherit the same values.
process.env.E2E_SMTP_PORT ??= String(smtpPort);
process.env.E2E_MAIL_DIR ??= join(tmpdir(), `capedrive-e2e-mail-${process.pid}-${Date.now().toString(36)}`);
// Google sign-in: a loopback key server stands in for Google's (see e2e/global-setup.ts).
const jwksPort = Number(process.env.E2E_JWKS_PORT ?? PORT + 3);
process.env.E2E_JWKS_PORT ??= String(jwksPort);
process.env.E2E_GOOGLE_KEY_FILE ??= join(`${process.env.E2E_MAIL_DIR}-keys`, "google-private.jwk.json");
// Addresses: the Nominatim stand-in (e2e/nominatim-server.ts) on a fixed loopback port.
const geocoderPort = Number(process.env.E2E_GEOCODER_PORT ?? PORT + 4);
const googleClientId = (process.env.E2E_GOOGLE_CLIENT_ID ??= "capedrive-e2e.apps.googleusercontent.com");
// Admin sign-up is closed once an admin exists (the demo seed makes one); the admin journeys
// create their admins with this invitation code (set it to the server's with E2E_BASE_URL).
const adminSignupCode = (process.env.E2E_ADMIN_SIGNUP_CODE ??= "e2e-admin-invitation-code");
// The support contact the sign-in pages and every email's footer give (set them to the server's with E2E_BASE_URL).
const supportPhone = (process.env.E2E_SUPPORT_PHONE ??= "021 555 0123");
const supportEmail = (process.env.E2E_SUPPORT_EMAIL ??= "help@capedrive.example");

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
  ],
};

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // In CI a journey that fails is run once more; one that then passes is reported as flaky, and
  // .ci/test.ts lists it (and every failure's error) at the end of the run's output.
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: [["list"], ...(process.env.CI ? [["html", { open: "never" }] as const] : []), ["json", { outputFile: "test-results/results.json" }]],
  // Generous: a timeout only stops a hung journey. CI shares two cores between the server, Chromium
  // and two workers, and a journey that takes 40 s on a quiet machine has taken over 60 s there.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: chromium,
    locale: "en-ZA",
    timezoneId: "Africa/Johannesburg",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "phone",
      testIgnore: /-desktop\.spec\.ts$/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Pixel 7"].userAgent,
      },
    },
    {
      name: "desktop",
      // The customer journeys (and Cars for Sale, and the emails) run on the phone; the desktop project takes its own screenshots.
      testIgnore:
        /(accounts|bookings|booking-change|cars-for-sale|choose-password|driver|emails|first-booking-approval|handover-journey|password-change|small-phone|welcome-email)\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
    },
  ],
  webServer: external
    ? undefined
    : [
        {
          command: "bun e2e/nominatim-server.ts",
          url: `http://127.0.0.1:${geocoderPort}/search?q=ready`,
          reuseExistingServer: false,
          timeout: 30_000,
          stdout: "pipe",
          stderr: "pipe",
          env: { E2E_GEOCODER_PORT: String(geocoderPort) },
        },
        {
          command: "bun server/main.ts",
          url: `${baseURL}/healthz`,
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: "pipe",
          stderr: "pipe",
          env: {
            PORT: String(PORT),
            HOST: "127.0.0.1",
            DATA_DIR: dataDir,
            SEED_DEMO: "true",
            LOG_LEVEL: "warn",
            NODE_ENV: "production",
            PUBLIC_URL: baseURL,
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
            GOOGLE_CLIENT_ID: googleClientId,
            GOOGLE_JWKS_URL: `http://127.0.0.1:${jwksPort}/certs`,
            ADMIN_SIGNUP_CODE: adminSignupCode,
            SUPPORT_PHONE: supportPhone,
            MAIL_REPLY_TO: `CapeDrive help <${supportEmail}>`,
            GEOCODER_URL: `http://127.0.0.1:${geocoderPort}`,
          },
        },
      ],
});
