// The outbox mailer against a real database and a real SMTP server on loopback: delivery, retry
// with backoff while SMTP is down, the developer transport, claims across several workers, and
// the support contact every email gets at the send.
import { afterAll, beforeAll, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../db";
import { passwordResetEmail } from "../emails/account";
import { bookingConfirmationEmail } from "../emails/booking";
import { withSupportContact } from "../emails/contact";
import { rendersOffThread } from "../emails/deferred-renderer";
import { CONTACT_SLOT } from "../emails/layout";
import { deliveryReminderEmail, returnReminderEmail } from "../emails/reminders";
import { SAMPLE_SITE, sampleBooking, sampleEmails } from "../emails/samples";
import { createLogger } from "../log";
import { createTestServices } from "../testing/harness";
import { closedPort, startSmtpServer, type TestSmtpServer } from "../testing/smtp";
import type { Services } from "./context";
import { CLAIM_MS, DELIVERED_BODY, type EmailMessage, enqueueEmail, enqueueEmails, MAX_ATTEMPTS, retryDelayMs, startMailer, type Transport } from "./mail";

let services: Awaited<ReturnType<typeof createTestServices>>;
let smtp: TestSmtpServer;

beforeAll(async () => {
  services = await createTestServices();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await services.close();
});
beforeEach(async () => {
  await services.db.emailOutbox.deleteMany();
  smtp.messages.length = 0;
});

/** The same services with another SMTP_URL (or none). */
function withSmtp(smtpUrl: string | undefined, base: Services = services): Services {
  return { ...base, config: { ...base.config, mail: { ...base.config.mail, smtpUrl } } };
}

const message = (n: number) => ({
  to: `rider${n}@example.com`,
  subject: `Test ${n}`,
  text: `Hello number ${n}\nhttp://localhost/x?token=abc${n}`,
  html: `<p>Hello number ${n}</p>`,
});

describe("enqueueEmail", () => {
  test("writes a pending row that is due now, and nothing else", async () => {
    const id = await enqueueEmail(services.db, message(1));
    const row = await services.db.emailOutbox.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      to: "rider1@example.com",
      subject: "Test 1",
      status: "pending",
      attempts: 0,
      claimedUntil: null,
      lastError: null,
      sentAt: null,
    });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  test("inside a transaction that rolls back, no row remains", async () => {
    const failed = services.db.$transaction(async (tx) => {
      await enqueueEmail(tx, message(2));
      throw new Error("the change failed");
    });
    await expect(failed).rejects.toThrow("the change failed");
    expect(await services.db.emailOutbox.count()).toBe(0);
  });
});

describe("enqueueEmails", () => {
  test("writes in one statement the rows enqueueEmail writes one by one: same values, same stored formats", async () => {
    const later = new Date(Date.now() + 86_400_000);
    const messages = [
      {
        ...message(1),
        attachments: [{ filename: "booking.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR" }],
      },
      { ...message(2), html: undefined, htmlLater: { template: "delivery-reminder", data: { name: 'O\'Brien & "Co"', when: later.toISOString() } } },
      { ...message(3), sendAfter: later, topic: "reminder:b1:return", replyTo: "buyer@example.com" },
    ] satisfies EmailMessage[];
    const one = await Promise.all(messages.map((m) => enqueueEmail(services.db, m)));
    await services.db.$transaction((tx) => enqueueEmails(tx, services.provider, messages));
    const rows = await services.db.emailOutbox.findMany({ orderBy: [{ subject: "asc" }, { createdAt: "asc" }] });
    expect(rows).toHaveLength(6);
    const comparable = ({ id, createdAt, nextAttemptAt, ...rest }: (typeof rows)[number]) => ({
      ...rest,
      // Due now (within the test's few milliseconds) or at the reminder's time exactly.
      due: nextAttemptAt.getTime() === later.getTime() ? "later" : Math.abs(nextAttemptAt.getTime() - Date.now()) < 5_000 ? "now" : nextAttemptAt.toISOString(),
      made: Math.abs(createdAt.getTime() - Date.now()) < 5_000,
    });
    for (let i = 0; i < 3; i++) {
      const [single, batch] = rows.filter((r) => r.subject === `Test ${i + 1}`).map(comparable);
      expect(batch).toEqual(single!);
    }
    expect(
      rows
        .filter((r) => !one.includes(r.id))
        .map(comparable)
        .map((r) => r.due),
    ).toEqual(["now", "now", "later"]);
    if (services.provider === "sqlite") {
      // Stored byte for byte alike: the mailer's due check compares these columns as text on SQLite.
      const raw = await services.db.$queryRawUnsafe<{ subject: string; nextAttemptAt: string; createdAt: string; attachments: string | null }[]>(
        'SELECT subject, CAST("nextAttemptAt" AS TEXT) AS "nextAttemptAt", CAST("createdAt" AS TEXT) AS "createdAt", CAST(attachments AS TEXT) AS attachments FROM email_outbox ORDER BY subject',
      );
      const shape = (text: string) => text.replace(/\d/g, "9");
      for (let i = 0; i < 6; i += 2) {
        expect(shape(raw[i + 1]!.nextAttemptAt)).toBe(shape(raw[i]!.nextAttemptAt));
        expect(shape(raw[i + 1]!.createdAt)).toBe(shape(raw[i]!.createdAt));
        expect(raw[i + 1]!.attachments).toBe(raw[i]!.attachments);
      }
    }
  });

  test("the rows are delivered like the others, and roll back with their transaction", async () => {
    const failed = await services.db
      .$transaction(async (tx) => {
        await enqueueEmails(tx, services.provider, [message(7), message(8)]);
        throw new Error("rolled back on purpose");
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe("rolled back on purpose");
    expect(await services.db.emailOutbox.count()).toBe(0);
    await services.db.$transaction((tx) => enqueueEmails(tx, services.provider, [message(7), message(8)]));
    const mailer = startMailer(withSmtp(smtp.url), { pollMs: 60_000 });
    try {
      await mailer.flush();
      await smtp.waitFor((m) => m.subject === "Test 7");
      await smtp.waitFor((m) => m.subject === "Test 8");
    } finally {
      await mailer.stop();
    }
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(["Test 7", "Test 8"]);
  });
});

describe("SMTP delivery", () => {
  test("a due row is sent once, marked sent, and its body dropped from the database", async () => {
    const id = await enqueueEmail(services.db, message(3));
    const mailer = startMailer(withSmtp(smtp.url));
    try {
      await mailer.flush();
      const mail = await smtp.waitFor((m) => m.subject === "Test 3");
      expect(mail.envelopeTo).toEqual(["rider3@example.com"]);
      expect(mail.headers.from).toContain("no-reply@capedrive.local");
      expect(mail.messageId).toBe(`<${id}@capedrive.outbox>`);
      expect(mail.text).toContain("http://localhost/x?token=abc3");
      expect(mail.html).toContain("<p>Hello number 3</p>");
      const row = await services.db.emailOutbox.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, claimedUntil: null, text: DELIVERED_BODY, html: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      await mailer.flush();
      expect(smtp.messages.length).toBe(1);
    } finally {
      await mailer.stop();
    }
  });

  test("with MAIL_REPLY_TO, a reply goes to that inbox, not to the no-reply sender", async () => {
    await enqueueEmail(services.db, message(77));
    const base = withSmtp(smtp.url);
    const mailer = startMailer({ ...base, config: { ...base.config, mail: { ...base.config.mail, replyTo: "CapeDrive help <help@capedrive.example>" } } });
    try {
      await mailer.flush();
      const mail = await smtp.waitFor((m) => m.subject === "Test 77");
      expect(mail.headers["reply-to"]).toContain("help@capedrive.example");
      expect(mail.headers.from).toContain("no-reply@capedrive.local");
    } finally {
      await mailer.stop();
    }
    // Unset, there is no Reply-To at all.
    await enqueueEmail(services.db, message(78));
    const plain = startMailer(withSmtp(smtp.url));
    try {
      await plain.flush();
      expect((await smtp.waitFor((m) => m.subject === "Test 78")).headers["reply-to"]).toBeUndefined();
    } finally {
      await plain.stop();
    }
  });

  test("a template's email arrives as multipart/alternative (plain text and HTML), with its calendar attached", async () => {
    const confirmation = sampleEmails().find((e) => e.name === "booking-confirmed")!.message;
    await enqueueEmail(services.db, confirmation);
    const mailer = startMailer(withSmtp(smtp.url));
    try {
      await mailer.flush();
      const mail = await smtp.waitFor((m) => m.subject === confirmation.subject);
      // mixed( alternative( text/plain, text/html ), text/calendar ): clients show the best part they can.
      expect(mail.headers["content-type"]).toStartWith("multipart/mixed");
      const parts = [...mail.raw.matchAll(/^Content-Type: ([a-z]+\/[a-z-]+)/gim)].map((m) => m[1]!.toLowerCase());
      expect(parts).toEqual(["multipart/mixed", "multipart/alternative", "text/plain", "text/html", "text/calendar"]);
      // As made, with the footer's contact line added at the send (none configured here: the text as made, the HTML less its empty slot).
      const sent = withSupportContact(confirmation, services.config.mail);
      expect(mail.text).toBe(sent.text);
      expect(mail.html).toBe(sent.html);
      expect(mail.html).not.toContain("Questions?");
      expect(mail.html).toContain('<meta name="color-scheme" content="light dark"/>');
      expect(mail.raw).toMatch(/filename=capedrive-booking-[0-9a-f]{6}\.ics/);
    } finally {
      await mailer.stop();
    }
  });

  test("a booking's emails whose HTML is left to the mailer arrive with the same HTML as ones rendered at once", async () => {
    // One clock for both renders: a calendar's DTSTAMP is the second it is made, and the mailer
    // makes its own a moment later (the test failed whenever a second ended in between).
    setSystemTime(new Date());
    try {
      await deferredRendersMatch();
    } finally {
      setSystemTime();
    }
  });

  async function deferredRendersMatch() {
    const site = { ...SAMPLE_SITE, publicUrl: services.config.publicUrl, mail: services.config.mail };
    const user = { name: "Thandi <b>Nkosi</b>", email: "thandi@example.com" };
    const booking = sampleBooking({ address: "12 Long Street & Bree" }, { deliveryVerified: false });
    const reminderBooking = { ...booking, user };
    const pairs = [
      [bookingConfirmationEmail(user, booking, site), bookingConfirmationEmail(user, booking, site, { deferHtml: true })],
      [deliveryReminderEmail(reminderBooking, site.publicUrl), deliveryReminderEmail(reminderBooking, site.publicUrl, { deferHtml: true })],
      [returnReminderEmail(reminderBooking, site.publicUrl), returnReminderEmail(reminderBooking, site.publicUrl, { deferHtml: true })],
    ] as const;
    for (const [now, later] of pairs) {
      // The deferred one is the same email but for its HTML and its calendar, which its outbox row
      // does not hold yet.
      expect(later.html).toBeUndefined();
      expect(later.attachments).toBeUndefined();
      const { htmlLater: _later, ...laterRest } = later;
      const { html: _now, attachments: _files, ...nowRest } = now;
      expect(laterRest).toEqual(nowRest);
      const id = await enqueueEmail(services.db, later);
      const row = await services.db.emailOutbox.findUniqueOrThrow({ where: { id } });
      expect(row.html).toBeNull();
      expect(row.htmlTemplate).toBe(later.htmlLater!.template);
    }
    const mailer = startMailer(withSmtp(smtp.url));
    try {
      await mailer.flush();
      for (const [now] of pairs) {
        const mail = await smtp.waitFor((m) => m.subject === now.subject);
        expect(mail.html).toBe(withSupportContact(now, services.config.mail).html!);
        expect(mail.html).toContain("Thandi &lt;b&gt;Nkosi&lt;/b&gt;");
        // The confirmation's calendar, made by the mailer, is the one made with the email.
        expect(mail.calendar).toBe(now.attachments?.[0]?.content.replace(/\r\n/g, "\n"));
      }
      expect(pairs[0][0].attachments?.[0]?.content).toContain("BEGIN:VEVENT");
      // Sent rows keep neither body nor template data.
      const rows = await services.db.emailOutbox.findMany();
      expect(rows.map((r) => [r.status, r.html, r.htmlTemplate, r.htmlData])).toEqual(pairs.map(() => ["sent", null, null, null]));
    } finally {
      await mailer.stop();
    }
  }

  test("with SUPPORT_PHONE and MAIL_REPLY_TO, every email ends with how to reach us: one rendered by the mailer's thread, one made at once", async () => {
    const base = withSmtp(smtp.url);
    const mail = { ...base.config.mail, replyTo: "CapeDrive help <help@capedrive.example>", supportPhone: "021 555 0123" };
    const user = { name: "Thandi Nkosi", email: "thandi@example.com" };
    const deferred = bookingConfirmationEmail(user, sampleBooking({ address: "12 Long Street" }), base.config, { deferHtml: true });
    expect(deferred.html).toBeUndefined();
    const reset = passwordResetEmail(user, "http://localhost/reset-password?token=abc");
    await enqueueEmail(services.db, deferred);
    await enqueueEmail(services.db, reset);
    const mailer = startMailer({ ...base, config: { ...base.config, mail } });
    try {
      await mailer.flush();
      for (const subject of [deferred.subject, reset.subject]) {
        const sent = await smtp.waitFor((m) => m.subject === subject);
        expect(sent.text).toEndWith("\n\nQuestions? Call 021 555 0123 or email help@capedrive.example.");
        expect(sent.html).toContain("CapeDrive · Hassle-free car rentals in Cape Town</p>");
        expect(sent.html).toMatch(
          /Questions\? Call <a class="cd-link" href="tel:\+27215550123"[^>]*>021 555 0123<\/a> or email <a class="cd-link" href="mailto:help@capedrive\.example"[^>]*>help@capedrive\.example<\/a>\.<\/p>/,
        );
        expect(sent.html).not.toContain(CONTACT_SLOT);
      }
      // The confirmation's HTML came from the renderer's thread, not the event loop.
      expect(rendersOffThread()).toBe(true);
    } finally {
      await mailer.stop();
    }
  });

  test("a row whose template cannot be rendered is still sent, as plain text", async () => {
    await services.db.emailOutbox.create({
      data: { to: "rider@example.com", subject: "Broken template", text: "Hello in text", htmlTemplate: "no-such-template", htmlData: "{}" },
    });
    const mailer = startMailer({ ...withSmtp(smtp.url), log: createLogger("silent") });
    try {
      await mailer.flush();
      const mail = await smtp.waitFor((m) => m.subject === "Broken template");
      expect(mail.text).toBe("Hello in text");
      expect(mail.html).toBeFalsy();
    } finally {
      await mailer.stop();
    }
  });

  test("an enqueue on the root client wakes the mailer without a flush", async () => {
    const mailer = startMailer(withSmtp(smtp.url), { pollMs: 60_000 });
    try {
      await mailer.flush();
      await enqueueEmail(services.db, message(4));
      await smtp.waitFor((m) => m.subject === "Test 4", 5_000);
    } finally {
      await mailer.stop();
    }
  });

  test("rows not yet due and rows claimed by another worker are left alone; an expired claim is taken over", async () => {
    const later = await enqueueEmail(services.db, message(5));
    const claimed = await enqueueEmail(services.db, message(6));
    const abandoned = await enqueueEmail(services.db, message(7));
    await services.db.emailOutbox.update({ where: { id: later }, data: { nextAttemptAt: new Date(Date.now() + 60_000) } });
    await services.db.emailOutbox.update({ where: { id: claimed }, data: { claimedUntil: new Date(Date.now() + CLAIM_MS) } });
    await services.db.emailOutbox.update({ where: { id: abandoned }, data: { claimedUntil: new Date(Date.now() - 1_000) } });
    const mailer = startMailer(withSmtp(smtp.url));
    try {
      await mailer.flush();
      expect(smtp.messages.map((m) => m.subject)).toEqual(["Test 7"]);
      expect((await services.db.emailOutbox.findUniqueOrThrow({ where: { id: later } })).status).toBe("pending");
      expect((await services.db.emailOutbox.findUniqueOrThrow({ where: { id: claimed } })).status).toBe("pending");
    } finally {
      await mailer.stop();
    }
  });

  test("SMTP down: the row stays pending with attempts, error and a later retry; delivered once SMTP is back on that port", async () => {
    const port = await closedPort();
    const id = await enqueueEmail(services.db, message(8));
    const mailer = startMailer(withSmtp(`smtp://127.0.0.1:${port}`));
    let revived: TestSmtpServer | undefined;
    try {
      const before = Date.now();
      await mailer.flush();
      let row = await services.db.emailOutbox.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ status: "pending", attempts: 1, claimedUntil: null, sentAt: null });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 8_000);
      expect(row.text).toContain("token=abc8");

      // Not due yet: another pass does not try again.
      await mailer.flush();
      expect((await services.db.emailOutbox.findUniqueOrThrow({ where: { id } })).attempts).toBe(1);

      // Still down at the next attempt: the backoff doubles.
      await services.db.emailOutbox.update({ where: { id }, data: { nextAttemptAt: new Date() } });
      await mailer.flush();
      row = await services.db.emailOutbox.findUniqueOrThrow({ where: { id } });
      expect(row.attempts).toBe(2);
      expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(16_000);

      // SMTP comes back on the same port; the retry (time moved on) delivers it.
      revived = await startSmtpServer(port);
      await services.db.emailOutbox.update({ where: { id }, data: { nextAttemptAt: new Date() } });
      await mailer.flush();
      const mail = await revived.waitFor((m) => m.subject === "Test 8");
      expect(mail.text).toContain("token=abc8");
      row = await services.db.emailOutbox.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    } finally {
      await mailer.stop();
      await revived?.close();
    }
  });

  test("after MAX_ATTEMPTS failures a row is marked failed and logged, and not tried again", async () => {
    const lines: string[] = [];
    const failing: Transport = { name: "broken", send: async () => Promise.reject(new Error("mailbox unavailable")), close() {} };
    const id = await enqueueEmail(services.db, message(9));
    await services.db.emailOutbox.update({ where: { id }, data: { attempts: MAX_ATTEMPTS - 2 } });
    const mailer = startMailer({ ...services, log: createLogger("debug", (line) => lines.push(line)) }, { transport: failing });
    try {
      await mailer.flush();
      expect(await services.db.emailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", attempts: MAX_ATTEMPTS - 1 });
      await services.db.emailOutbox.update({ where: { id }, data: { nextAttemptAt: new Date() } });
      await mailer.flush();
      expect(await services.db.emailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: "failed",
        attempts: MAX_ATTEMPTS,
        lastError: "mailbox unavailable",
      });
      expect(lines.some((l) => l.includes(" error ") && l.includes(id) && l.includes("failed for good"))).toBe(true);
      await services.db.emailOutbox.update({ where: { id }, data: { nextAttemptAt: new Date() } });
      await mailer.flush();
      expect((await services.db.emailOutbox.findUniqueOrThrow({ where: { id } })).attempts).toBe(MAX_ATTEMPTS);
    } finally {
      await mailer.stop();
    }
  });

  test("retry delays grow exponentially from about 10 s and are capped at 30 minutes", () => {
    expect(retryDelayMs(1)).toBeGreaterThanOrEqual(9_000);
    expect(retryDelayMs(1)).toBeLessThanOrEqual(11_000);
    expect(retryDelayMs(3)).toBeGreaterThanOrEqual(36_000);
    expect(retryDelayMs(3)).toBeLessThanOrEqual(44_000);
    for (const attempts of [12, 20, 49]) {
      expect(retryDelayMs(attempts)).toBeGreaterThanOrEqual(27 * 60_000);
      expect(retryDelayMs(attempts)).toBeLessThanOrEqual(33 * 60_000);
    }
  });
});

describe("several workers on one database", () => {
  test("four mailers with their own database clients send each row exactly once", async () => {
    const rows = 40;
    for (let n = 0; n < rows; n++) await enqueueEmail(services.db, message(100 + n));
    const sentBy = new Map<string, number>();
    const clients = [0, 1, 2, 3].map(() => openDatabase(services.config.database));
    const mailers = clients.map((client, worker) => {
      const workerServices: Services = { ...services, db: client.db };
      const transport: Transport = {
        name: `worker${worker}`,
        async send(row) {
          sentBy.set(row.id, (sentBy.get(row.id) ?? 0) + 1);
          await Bun.sleep(5);
          smtp.messages.push({
            envelopeFrom: "",
            envelopeTo: [row.to],
            headers: { worker: String(worker) },
            subject: row.subject,
            messageId: row.id,
            text: row.text,
            raw: "",
          });
        },
        close() {},
      };
      return startMailer(workerServices, { transport, pollMs: 60_000 });
    });
    try {
      await Promise.all(mailers.map((m) => m.flush()));
      expect(sentBy.size).toBe(rows);
      expect([...sentBy.values()].every((count) => count === 1)).toBe(true);
      expect(await services.db.emailOutbox.count({ where: { status: "sent" } })).toBe(rows);
      // They really competed: more than one worker delivered some of the rows.
      expect(new Set(smtp.messages.map((m) => m.headers.worker)).size).toBeGreaterThan(1);
    } finally {
      for (const m of mailers) await m.stop();
      for (const c of clients) await c.close();
    }
  });
});

describe("without SMTP_URL", () => {
  test("the message goes to the log (one info line with recipient and subject, then the text) and to DATA_DIR/mail", async () => {
    const folder = join(services.config.dataDir, "mail");
    rmSync(folder, { recursive: true, force: true });
    const lines: string[] = [];
    const dev = { ...withSmtp(undefined), log: createLogger("info", (line) => lines.push(line)) };
    const id = await enqueueEmail(services.db, message(10));
    const mailer = startMailer(dev);
    try {
      await mailer.flush();
      expect(existsSync(folder)).toBe(true);
      const files = readdirSync(folder);
      expect(files.length).toBe(1);
      expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}\\.\\d{3}Z-${id}\\.txt$`));
      const content = readFileSync(join(folder, files[0]!), "utf8");
      expect(content).toContain("To: rider10@example.com");
      expect(content).toContain("Subject: Test 10");
      expect(content).toContain("http://localhost/x?token=abc10");
      expect(content).toContain("<p>Hello number 10</p>");
      const logged = lines.find((l) => l.includes(" info ") && l.includes("rider10@example.com") && l.includes("Test 10"));
      expect(logged).toContain("http://localhost/x?token=abc10");
      expect((await services.db.emailOutbox.findUniqueOrThrow({ where: { id } })).status).toBe("sent");
      expect(smtp.messages.length).toBe(0);
    } finally {
      await mailer.stop();
    }
  });
});

describe("stop", () => {
  test("a stopped mailer sends nothing more", async () => {
    const mailer = startMailer(withSmtp(smtp.url), { pollMs: 50 });
    await mailer.flush();
    await mailer.stop();
    await enqueueEmail(services.db, message(11));
    mailer.nudge();
    await Bun.sleep(200);
    expect(smtp.messages.length).toBe(0);
    expect(await services.db.emailOutbox.count({ where: { status: "pending" } })).toBe(1);
  });
});
