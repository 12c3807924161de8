// publicConfig.supportContact: the support phone and email the web app's sign-in pages show (a
// dealership or a driver who lost a password), from the settings every email's footer uses,
// over real HTTP, served from the public cache; null when neither is configured.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { supportContact } from "../emails/contact";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

const QUERY = "{ publicConfig { supportContact { phone phoneE164 email } } }";

let configured: TestServer;
let bare: TestServer;

beforeAll(async () => {
  [configured, bare] = await Promise.all([
    startTestServer({ SUPPORT_PHONE: "021 555 0123", MAIL_REPLY_TO: "CapeDrive help <help@capedrive.test>" }),
    startTestServer({}),
  ]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), bare?.close()]);
});

describe("publicConfig.supportContact", () => {
  test("the number as written and in E.164 (for tel:), and the Reply-To's address without its display name (for mailto:)", async () => {
    const answer = await graphql(configured.url, QUERY);
    expect(answer).toEqual({
      status: 200,
      body: { data: { publicConfig: { supportContact: { phone: "021 555 0123", phoneE164: "+27215550123", email: "help@capedrive.test" } } } },
    });
  });

  test("anyone may ask (no token), by GET as urql sends it, and the second answer comes from the public cache", async () => {
    const url = `${configured.url}/graphql?query=${encodeURIComponent(QUERY)}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(((await first.json()) as any).data.publicConfig.supportContact.phoneE164).toBe("+27215550123");
    const second = await fetch(url);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(((await second.json()) as any).data.publicConfig.supportContact.email).toBe("help@capedrive.test");
  });

  test("neither a support phone nor a Reply-To configured: null, so the page shows no broken link", async () => {
    expect((await graphql(bare.url, QUERY)).body).toEqual({ data: { publicConfig: { supportContact: null } } });
  });

  test("one of the two: the other is null; a Reply-To that is not one plain address is left out", () => {
    expect(supportContact({ supportPhone: "+27 (0)21 555 0123" })).toEqual({ phone: "+27 (0)21 555 0123", phoneE164: "+27215550123", email: null });
    expect(supportContact({ replyTo: "help@capedrive.test" })).toEqual({ phone: null, phoneE164: null, email: "help@capedrive.test" });
    expect(supportContact({ replyTo: "help desk" })).toBeNull();
    expect(supportContact({ supportPhone: "  ", replyTo: undefined })).toBeNull();
  });
});
