/**
 * Playwright global setup: a small SMTP server on a fixed loopback port for the product server
 * (its SMTP_URL points here). Every message it receives is written as a raw .eml file into
 * E2E_MAIL_DIR, where the tests read the password reset links (e2e/support.ts, `waitForMail`).
 * Returns the teardown.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailDir = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!mailDir || !port || process.env.E2E_BASE_URL) return async () => {}; // external server: its own mail
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
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
