/**
 * The Nominatim stand-in (server/testing/nominatim.ts) as its own process, on the fixed loopback
 * port E2E_GEOCODER_PORT: Playwright starts it beside the product server (see playwright.config.ts),
 * whose GEOCODER_URL points here. Run with Bun: `E2E_GEOCODER_PORT=4177 bun e2e/nominatim-server.ts`.
 */
import { startNominatimStandIn } from "../server/testing/nominatim.ts";

const port = Number(process.env.E2E_GEOCODER_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("E2E_GEOCODER_PORT must be a port number");
const standIn = startNominatimStandIn({ port });
console.log(`Nominatim stand-in listening on ${standIn.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void standIn.close().finally(() => process.exit(0));
  });
}
