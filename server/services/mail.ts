// Email delivery through an outbox. A change that causes an email writes the email_outbox row in
// its own transaction (`enqueueEmail(tx, ...)`), so an email is never lost and never sent for a
// change that rolled back. A mailer in every server instance delivers due rows: it claims one
// row at a time with a conditional update (safe across instances and processes), sends it, and
// marks it sent or schedules a retry with a capped exponential backoff.
//
// Transports: SMTP through nodemailer when SMTP_URL is set; otherwise a developer transport that
// writes the message to the log and to DATA_DIR/mail/<time>-<id>.txt, so the link can be clicked.
// Every email goes out with the support contact (SUPPORT_PHONE, MAIL_REPLY_TO) in its footer and
// as its text's last line, added at the send (../emails/contact.tsx). Delivery is at least once
// (a crash between the send and the update resends after the claim expires); each row's
// Message-ID lets a receiver drop such a duplicate. Once sent, a row's body is dropped, so reset
// links do not stay in the database.
import { mkdir, writeFile } from "node:fs/promises";
import { join as joinPath } from "node:path";
import nodemailer from "nodemailer";
import { type Db, empty, join, type Prisma, sql } from "../db";
import { queryRows, type RawTx } from "../db/direct";
import { timeOrderedId } from "../db/ids";
import type { Services } from "./context";
import { withSupportContact } from "../emails/contact";
import { type DeferredHtml, deferredAttachments } from "../emails/deferred";
import { renderDeferredHtmlOffThread } from "../emails/deferred-renderer";

/** A text file sent with an email (a calendar, say); `contentType` may carry parameters. */
export type EmailAttachment = { filename: string; contentType: string; content: string };
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Instead of `html`: a template the mailer renders when it sends the email (../emails/deferred.ts). */
  htmlLater?: DeferredHtml;
  attachments?: EmailAttachment[];
  /** Not before this instant (a reminder); now when left out. */
  sendAfter?: Date;
  /** What a scheduled email is about, so a later change can replace it (see EmailOutbox.topic). */
  topic?: string;
  /** Where a reply goes instead of our inbox (see EmailOutbox.replyTo). */
  replyTo?: string;
};

/** The root client or a transaction client: anything with the outbox table. */
type OutboxWriter = Db | Prisma.TransactionClient;

/** How long a claimed row is reserved for its worker; sends time out well before this. */
export const CLAIM_MS = 60_000;
/** After this many failed attempts a row is marked failed (and logged) instead of retried. */
export const MAX_ATTEMPTS = 50;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 30 * 60_000;
/**
 * A sent row keeps its recipient, subject and times, but not its body: bodies carry secrets
 * (password reset links) that must not sit in the database once delivered.
 */
export const DELIVERED_BODY = "(delivered; the body is not kept)";
/** Rows one pass delivers before yielding; another pass follows at once when there may be more. */
const PASS_LIMIT = 50;

/** Delay before attempt `attempts + 1`: 10 s, 20 s, 40 s ... capped at 30 min, with +-10% jitter. */
export function retryDelayMs(attempts: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

// Mailers running in this process, by the database client they use, so an enqueue can wake them.
const running = new Map<Db, Set<Mailer>>();

/**
 * Writes an email to the outbox. Pass the transaction client of the change that causes the email;
 * after that transaction commits, call `nudgeMailer(services)` to deliver it at once (the mailers
 * also poll every few seconds). Given the root client, it nudges by itself.
 */
export async function enqueueEmail(db: OutboxWriter, message: EmailMessage): Promise<string> {
  const row = await db.emailOutbox.create({ data: outboxRow(message), select: { id: true } });
  nudgeMailer({ db: db as Db });
  return row.id;
}

/**
 * As enqueueEmail, for several emails (a booking's confirmation and reminders), in one statement.
 * Written as SQL: Prisma never caches the plan of a createMany, and compiling it on every booking
 * cost more (0.55 ms) than the insert itself; single creates cost a statement each (on
 * PostgreSQL a network round trip each). The rows are the ones `enqueueEmail` writes, the same
 * values in the same formats (mail.test.ts compares them on both databases).
 */
export async function enqueueEmails(db: OutboxWriter | RawTx, provider: "sqlite" | "postgresql", messages: readonly EmailMessage[]): Promise<void> {
  const insert = outboxInsert(provider, messages);
  if (!insert) return;
  // $queryRaw, not $executeRaw: a raw execute counts as a change of everything the public cache holds.
  await db.$queryRaw`${insert} RETURNING "id"`;
  nudgeMailer({ db: db as Db });
}

/** The outbox rows of `messages` as one INSERT (no RETURNING), or null for none: what enqueueEmails runs. */
export function outboxInsert(provider: "sqlite" | "postgresql", messages: readonly EmailMessage[]): Prisma.Sql | null {
  if (messages.length === 0) return null;
  const now = new Date();
  const rows = messages.map((message) => {
    const row = outboxRow(message);
    const attachments = row.attachments ? JSON.stringify(row.attachments) : null;
    return sql`(${row.id}, ${row.to}, ${row.subject}, ${row.text}, ${row.html}, ${row.htmlTemplate ?? null}, ${row.htmlData ?? null}, ${
      // The JSON column: jsonb on PostgreSQL (a text parameter needs the cast), text on SQLite.
      provider === "postgresql" ? sql`CAST(${attachments} AS jsonb)` : attachments
    }, ${row.topic ?? null}, ${row.replyTo ?? null}, ${row.nextAttemptAt ?? now}, ${now})`;
  });
  return sql`
    INSERT INTO email_outbox ("id", "to", "subject", "text", "html", "htmlTemplate", "htmlData", "attachments", "topic", "replyTo", "nextAttemptAt", "createdAt")
    VALUES ${join(rows)}`;
}

function outboxRow(message: EmailMessage) {
  return {
    // Made here (not by the database) so a batch's rows have ids like single ones.
    id: timeOrderedId(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    ...(message.htmlLater ? { htmlTemplate: message.htmlLater.template, htmlData: JSON.stringify(message.htmlLater.data) } : {}),
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    ...(message.sendAfter ? { nextAttemptAt: message.sendAfter } : {}),
    ...(message.topic ? { topic: message.topic } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  };
}

/** Wakes this process's mailers on the services' database (after a transaction that enqueued mail). */
export function nudgeMailer(services: Pick<Services, "db">): void {
  for (const mailer of running.get(services.db) ?? []) mailer.nudge();
}

type OutboxRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  htmlTemplate: string | null;
  htmlData: string | null;
  attachments: unknown;
  replyTo: string | null;
  attempts: number;
};

/** The attachments stored with a row (anything else stored there is ignored). */
export function attachmentsOf(row: { attachments: unknown }): EmailAttachment[] {
  if (!Array.isArray(row.attachments)) return [];
  return row.attachments.filter(
    (a): a is EmailAttachment => a && typeof a.filename === "string" && typeof a.contentType === "string" && typeof a.content === "string",
  );
}

export type Transport = { name: string; send(row: OutboxRow): Promise<void>; close(): void };

/** Where a reply to `row` goes: its own Reply-To, else MAIL_REPLY_TO; undefined: to the sender. */
function replyToOf(row: Pick<OutboxRow, "replyTo">, services: Services): string | undefined {
  return row.replyTo ?? services.config.mail.replyTo ?? undefined;
}

/** SMTP via nodemailer. `smtp://` upgrades with STARTTLS when the server offers it; `smtps://` is TLS from the start. */
function smtpTransport(services: Services, smtpUrl: string): Transport {
  // Timeouts keep one send far below the claim time, so no other worker can take the row meanwhile.
  // Options in the URL's query (e.g. ?ignoreTLS=true) take precedence over these.
  const transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    name: "smtp",
    async send(row) {
      // A sender like no-reply@ cannot be answered: replies go to the inbox someone reads, or
      // where the email says (a buyer's enquiry: to the buyer).
      const replyTo = replyToOf(row, services);
      await transporter.sendMail({
        from: services.config.mail.from,
        ...(replyTo ? { replyTo } : {}),
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        attachments: attachmentsOf(row).map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        // One Message-ID per outbox row: a receiver can drop the duplicate of a send that
        // succeeded just before a crash (delivery is at least once).
        messageId: `<${row.id}@capedrive.outbox>`,
      });
    },
    close: () => transporter.close(),
  };
}

/** No SMTP configured: the whole message goes to the log and to a file a developer can open. */
function developmentTransport(services: Services): Transport {
  const folder = joinPath(services.config.dataDir, "mail");
  return {
    name: "log",
    async send(row) {
      const at = new Date();
      const file = joinPath(folder, `${at.toISOString().replaceAll(":", "-")}-${row.id}.txt`);
      const replyTo = replyToOf(row, services);
      const headers = [
        `From: ${services.config.mail.from}`,
        ...(replyTo ? [`Reply-To: ${replyTo}`] : []),
        `To: ${row.to}`,
        `Subject: ${row.subject}`,
        `Date: ${at.toUTCString()}`,
        `Message-ID: <${row.id}@capedrive.outbox>`,
      ];
      const files = attachmentsOf(row).flatMap((a) => ["", `----- ATTACHMENT ${a.filename} (${a.contentType}) -----`, a.content]);
      const body = [...headers, "", row.text, ...(row.html ? ["", "----- HTML -----", row.html] : []), ...files, ""].join("\n");
      // Asynchronous: the server's one thread goes on serving while the file is written.
      await mkdir(folder, { recursive: true });
      await writeFile(file, body, { mode: 0o600 });
      services.log.info(`mail (no SMTP_URL, written to ${file}) to ${row.to}: ${row.subject}\n${row.text}`);
    },
    close() {},
  };
}

export function transportFor(services: Services): Transport {
  const smtpUrl = services.config.mail.smtpUrl;
  return smtpUrl ? smtpTransport(services, smtpUrl) : developmentTransport(services);
}

export type Mailer = {
  /** Delivers every row that is due now, then resolves. */
  flush(): Promise<void>;
  /** Asks for a pass soon (after an enqueue). */
  nudge(): void;
  /** Stops polling and waits for a pass in progress. Call before closing the database. */
  stop(): Promise<void>;
};

export type MailerOptions = { pollMs?: number; transport?: Transport };

export type OutboxBacklog = { due: number; scheduled: number; failed: number };

/**
 * The outbox right now (GET /metrics): emails due and not yet sent (a growing number means mail is
 * not going out), those scheduled for later (reminders, retries waiting out their backoff), and
 * those given up on. Counted on the (status, nextAttemptAt) index.
 */
export async function outboxBacklog({ db }: Pick<Services, "db">, now = new Date()): Promise<OutboxBacklog> {
  const [due, scheduled, failed] = await Promise.all([
    db.emailOutbox.count({ where: { status: "pending", nextAttemptAt: { lte: now } } }),
    db.emailOutbox.count({ where: { status: "pending", nextAttemptAt: { gt: now } } }),
    db.emailOutbox.count({ where: { status: "failed" } }),
  ]);
  return { due, scheduled, failed };
}

/** Starts the delivery worker: a pass every `pollMs` (default 5 s) and soon after each nudge. */
export function startMailer(services: Services, options: MailerOptions = {}): Mailer {
  const { db, log } = services;
  const pollMs = options.pollMs ?? 5_000;
  const transport = options.transport ?? transportFor(services);
  let stopped = false;
  let current: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Claims the next due row, or null when none is left: one statement on the driver (it runs for
   * every email, beside the request that enqueued it: three Prisma statements cost a booking more
   * than its own SQL). The update re-checks the claim, so only one worker wins a row; on PostgreSQL
   * a row another worker is claiming is skipped rather than waited for.
   */
  async function claimNext(): Promise<OutboxRow | null> {
    for (let tries = 0; tries < 10; tries++) {
      const now = new Date();
      const due = sql`status = 'pending' AND "nextAttemptAt" <= ${now} AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})`;
      const skipLocked = services.provider === "postgresql" ? sql` FOR UPDATE SKIP LOCKED` : empty;
      const [row] = await queryRows<OutboxRow>(
        db,
        sql`UPDATE email_outbox SET "claimedUntil" = ${new Date(now.getTime() + CLAIM_MS)}
            WHERE id = (SELECT id FROM email_outbox WHERE ${due} ORDER BY "nextAttemptAt" LIMIT 1${skipLocked}) AND ${due}
            RETURNING id, "to", subject, text, html, "htmlTemplate", "htmlData", attachments, "replyTo", attempts`,
      );
      if (row) return row;
      // None due, or another worker took it first: look again only if one may be left.
      const [left] = await queryRows<{ id: string }>(db, sql`SELECT id FROM email_outbox WHERE ${due} LIMIT 1`);
      if (!left) return null;
    }
    return null;
  }

  async function deliver(row: OutboxRow) {
    try {
      // The footer's support contact is the sender's, as Reply-To: added now, to every email.
      await transport.send(withSupportContact(await withHtml(row), services.config.mail));
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (attempts >= MAX_ATTEMPTS) {
        await db.emailOutbox.update({ where: { id: row.id }, data: { status: "failed", attempts, lastError: message, claimedUntil: null } });
        log.error(`mail ${row.id} to ${row.to} failed for good after ${attempts} attempts: ${message}`);
      } else {
        const delay = retryDelayMs(attempts);
        await db.emailOutbox.update({
          where: { id: row.id },
          data: { attempts, lastError: message, nextAttemptAt: new Date(Date.now() + delay), claimedUntil: null },
        });
        log.warn(`mail ${row.id} to ${row.to} not sent (attempt ${attempts}, retry in ${Math.round(delay / 1000)} s): ${message}`);
      }
      return;
    }
    // On the driver, as the claim: the body, its HTML's data and its files are dropped once sent.
    const noFiles = services.provider === "postgresql" ? sql`CAST('[]' AS jsonb)` : sql`'[]'`;
    await queryRows(
      db,
      sql`UPDATE email_outbox SET status = 'sent', "sentAt" = ${new Date()}, attempts = ${row.attempts + 1}, "lastError" = NULL,
            "claimedUntil" = NULL, text = ${DELIVERED_BODY}, html = NULL, "htmlTemplate" = NULL, "htmlData" = NULL, attachments = ${noFiles}
          WHERE id = ${row.id} RETURNING id`,
    );
    log.info(`mail ${row.id} sent to ${row.to} via ${transport.name}: ${row.subject}`);
  }

  /**
   * The row with its HTML and files: made now from its template when the request that enqueued it
   * left that to the mailer. Data that cannot be rendered (it never should) still sends the text
   * part, and the files that could be made.
   */
  async function withHtml(row: OutboxRow): Promise<OutboxRow> {
    if (row.html || !row.htmlTemplate || !row.htmlData) return row;
    let html: string | null = null;
    try {
      // On the renderer's own thread: the event loop serves requests meanwhile.
      html = await renderDeferredHtmlOffThread(row.htmlTemplate, row.htmlData, services.config);
    } catch (error) {
      log.error(`mail ${row.id}: its HTML could not be rendered (${(error as Error).message}); sending the text part alone`);
    }
    let attachments = attachmentsOf(row);
    try {
      // The calendar of a confirmation (microseconds): here, on the event loop.
      attachments = [...attachments, ...deferredAttachments(row.htmlTemplate, row.htmlData, services.config)];
    } catch (error) {
      log.error(`mail ${row.id}: its attachments could not be made (${(error as Error).message}); sending it without them`);
    }
    return { ...row, html, attachments };
  }

  /** One pass: up to PASS_LIMIT due rows, one at a time. Returns whether more may be due. */
  async function pass(): Promise<boolean> {
    for (let n = 0; n < PASS_LIMIT; n++) {
      if (stopped) return false;
      const row = await claimNext();
      if (!row) return false;
      await deliver(row);
    }
    return true;
  }

  function run(): Promise<void> {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      try {
        do {
          again = false;
          if (await pass()) again = true;
        } while (again && !stopped);
      } catch (error) {
        // The database may be briefly unavailable; the next poll tries again.
        log.error(`mailer: ${(error as Error)?.stack ?? String(error)}`);
      } finally {
        current = undefined;
        schedule(pollMs);
      }
    })();
    return current;
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
    timer.unref?.();
  }

  const mailer: Mailer = {
    async flush() {
      // A pass already under way may have looked before the caller's row was committed: run another.
      while (current) await current;
      await run();
    },
    nudge() {
      if (stopped) return;
      if (current) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      running.get(db)?.delete(mailer);
      if (running.get(db)?.size === 0) running.delete(db);
      while (current) await current;
      transport.close();
    },
  };
  if (!running.has(db)) running.set(db, new Set());
  running.get(db)!.add(mailer);
  schedule(0);
  return mailer;
}
