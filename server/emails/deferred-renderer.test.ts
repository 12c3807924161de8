// The mailer's renders on their own thread answer what the same render on the event loop answers:
// each email its own HTML (many at once), an unknown template refused with the reason.
import { expect, test } from "bun:test";
import { bookingConfirmationEmail } from "./booking";
import { renderDeferredHtml } from "./deferred";
import { rendersOffThread, renderDeferredHtmlOffThread } from "./deferred-renderer";
import { deliveryReminderEmail } from "./reminders";
import { SAMPLE_SITE, sampleBooking } from "./samples";

const site = SAMPLE_SITE;

function deferred(name: string) {
  const user = { name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com` };
  const booking = sampleBooking({ address: `${name.length} Long Street & Bree` });
  return [
    bookingConfirmationEmail(user, booking, site, { deferHtml: true }).htmlLater!,
    deliveryReminderEmail({ ...booking, user }, site.publicUrl, { deferHtml: true }).htmlLater!,
  ];
}

test("renders on its own thread the HTML the event loop renders, each email its own, many at once", async () => {
  const jobs = ["Thandi <b>Nkosi</b>", "Sipho Dlamini", "Lindiwe Khumalo", "Anele Mokoena"].flatMap(deferred).map((later) => {
    const dataJson = JSON.stringify(later.data);
    return { template: later.template, dataJson, expected: renderDeferredHtml(later.template, dataJson, site) };
  });
  const rendered = await Promise.all(jobs.map((job) => renderDeferredHtmlOffThread(job.template, job.dataJson, site)));
  expect(rendersOffThread()).toBe(true);
  expect(rendered).toEqual(jobs.map((job) => job.expected));
  expect(new Set(rendered).size).toBe(jobs.length);
  expect(rendered[0]).toContain("Thandi &lt;b&gt;Nkosi&lt;/b&gt;");
});

test("an unknown template or unreadable data is refused with the reason, and the thread goes on rendering", async () => {
  await expect(renderDeferredHtmlOffThread("no-such-template", "{}", site)).rejects.toThrow('unknown email template "no-such-template"');
  await expect(renderDeferredHtmlOffThread("booking-confirmation", "{not json", site)).rejects.toThrow();
  const [later] = deferred("Thandi Nkosi");
  const dataJson = JSON.stringify(later!.data);
  expect(await renderDeferredHtmlOffThread(later!.template, dataJson, site)).toBe(renderDeferredHtml(later!.template, dataJson, site));
  expect(rendersOffThread()).toBe(true);
});

// A process with nothing left but a render it waits for (a server shutting down mid-pass) must not
// end before the render does; an idle renderer must not keep a finished process alive.
test("a render being waited for keeps the process alive, and the idle thread does not", async () => {
  const script = `
    import { renderDeferredHtmlOffThread } from ${JSON.stringify(`${import.meta.dir}/deferred-renderer.ts`)};
    import { bookingConfirmationEmail } from ${JSON.stringify(`${import.meta.dir}/booking.tsx`)};
    import { SAMPLE_SITE, sampleBooking } from ${JSON.stringify(`${import.meta.dir}/samples.ts`)};
    const later = bookingConfirmationEmail({ name: "Thandi", email: "t@example.com" }, sampleBooking({ address: "A" }), SAMPLE_SITE, { deferHtml: true }).htmlLater;
    renderDeferredHtmlOffThread(later.template, JSON.stringify(later.data), SAMPLE_SITE).then((html) => console.log("rendered " + html.includes("Thandi")));
  `;
  const started = performance.now();
  const child = Bun.spawn([process.execPath, "--eval", script], { stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => child.kill(), 20_000);
  const [exitCode, out] = await Promise.all([child.exited, new Response(child.stdout).text()]);
  clearTimeout(timer);
  expect(out.trim()).toBe("rendered true");
  expect(exitCode).toBe(0);
  expect(performance.now() - started).toBeLessThan(20_000); // it ended by itself, not by the kill
}, 30_000);
