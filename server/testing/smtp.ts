// A small SMTP server on loopback for tests (the `smtp-server` package): no TLS, no auth, keeps
// every message it receives, decoded enough to read the subject, the text and the HTML.
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html?: string;
  /** The text of its calendar file (a `text/calendar` part), line ends as "\n". */
  calendar?: string;
  raw: string;
};

export type TestSmtpServer = {
  port: number;
  /** SMTP_URL for the server under test. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** Starts the server on `port` (0: a free one). */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMessage(raw);
        messages.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          headers: parsed.headers,
          subject: parsed.headers.subject ?? "",
          messageId: parsed.headers["message-id"] ?? "",
          text: parsed.text ?? "",
          html: parsed.html,
          calendar: parsed.calendar,
          raw,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    const listener = server.listen(port, "127.0.0.1", () => resolve());
    listener.once("error", reject);
  });
  const address = (server as unknown as { server: { address(): { port: number } } }).server.address();
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received: ${messages.map((m) => m.subject).join(", ") || "none"})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (for "SMTP is down"). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type Part = { headers: Record<string, string>; text?: string; html?: string; calendar?: string };

/** Just enough MIME: unfolded headers, multipart bodies, quoted-printable and base64 parts. */
export function parseMessage(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const result: Part = { headers };
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const part = parseMessage(section.replace(/^\r?\n/, ""));
      result.text ??= part.text;
      result.html ??= part.html;
      result.calendar ??= part.calendar;
    }
    return result;
  }
  const decoded = decodeBody(body, headers["content-transfer-encoding"] ?? "7bit");
  if (/^text\/calendar/i.test(type)) return { headers, calendar: decoded.replace(/\r\n/g, "\n") };
  return /^text\/html/i.test(type) ? { headers, html: decoded } : { headers, text: decoded };
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const text = body.replace(/=\r?\n/g, "");
      const bytes: number[] = [];
      for (let i = 0; i < text.length; i++) {
        if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
          bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(...Buffer.from(text[i]!, "utf8"));
      }
      return Buffer.from(bytes).toString("utf8").replace(/\r\n/g, "\n").replace(/\n$/, "");
    }
    default:
      return body.replace(/\r\n/g, "\n").replace(/\n$/, "");
  }
}
