// `bun run emails:preview [folder]`: writes every email (server/emails/samples.ts) as the mailer
// sends it, <name>.html and <name>.txt, plus index.json (name, subject, the text each must show),
// into the folder (default data/email-previews), to open in a browser. e2e/emails.spec.ts
// screenshots them.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { withSupportContact } from "./contact";
import { SAMPLE_SITE, sampleEmails } from "./samples";

const folder = resolve(process.argv[2] ?? "data/email-previews");
mkdirSync(folder, { recursive: true });
// As the mailer sends them: with the footer's contact line, from the samples' support phone and Reply-To.
const index = sampleEmails().map(({ name, message: made, shows }) => {
  const message = withSupportContact(made, SAMPLE_SITE.mail);
  writeFileSync(join(folder, `${name}.html`), message.html ?? "");
  writeFileSync(join(folder, `${name}.txt`), `Subject: ${message.subject}\n\n${message.text}\n`);
  for (const a of message.attachments ?? []) writeFileSync(join(folder, `${name}-${a.filename}`), a.content);
  return { name, subject: message.subject, shows, file: `${name}.html` };
});
writeFileSync(join(folder, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
console.log(`${index.length} emails written to ${folder}`);
