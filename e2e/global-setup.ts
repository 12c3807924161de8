/**
 * Playwright global setup, for the product server the config starts:
 * - a small SMTP server on a fixed loopback port (the server's SMTP_URL points here); every
 *   message it receives is written as a raw .eml file into E2E_MAIL_DIR, where the tests read
 *   the password reset links (e2e/support.ts, `waitForMail`);
 * - a stand-in for Google's key server (the server's GOOGLE_JWKS_URL points here) with a key
 *   pair made for this run; the private key goes to E2E_GOOGLE_KEY_FILE so the tests can sign
 *   Google ID tokens (e2e/google.ts).
 * Returns the teardown.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { exportJWK, generateKeyPair } from "jose";
import { SMTPServer } from "smtp-server";

async function startJwksServer(port: number, keyFile: string): Promise<() => Promise<void>> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `e2e-${Date.now().toString(36)}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  mkdirSync(dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: "RS256" }));
  const server = createServer((request, response) => {
    response.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=3600" });
    response.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailDir = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!mailDir || !port || process.env.E2E_BASE_URL) return async () => {}; // external server: its own mail and keys
  const stopJwks = await startJwksServer(Number(process.env.E2E_JWKS_PORT), process.env.E2E_GOOGLE_KEY_FILE!);
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        const name = `${Date.now()}-${String(++count).padStart(4, "0")}.eml`;
        writeFileSync(join(mailDir, name), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stopJwks();
  };
}
