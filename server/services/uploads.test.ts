// Uploads and object serving over real HTTP (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// POST /api/objects/upload, PUT <uploadURL>, GET /objects/..., createUploadUrl on GraphQL.
// Images are made by sharp in the tests; what is stored is read back and checked with sharp.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import sharp from "sharp";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { createSession } from "./sessions";
import { IMAGE_MAX_SIDE, MAX_PENDING_UPLOADS, MESSAGES, UPLOAD_MAX_BYTES, sniffImageType } from "./uploads";

let server: TestServer;
beforeAll(async () => {
  // A web app of its own (just an index page), so this file needs no web build to run alone.
  const webDist = mkdtempSync(join(tmpdir(), "capedrive-uploads-web-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>CapeDrive</title>");
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
const objectsDir = () => join(server.services.config.dataDir, "objects");

type Account = { id: string; token: string; auth: Record<string, string> };

async function newCustomer(name = "Thandi Mokoena"): Promise<Account> {
  const user = await db().user.create({ data: { name, email: `${crypto.randomUUID()}@example.com` } });
  const { token } = await createSession(server.services, "customer", user.id);
  return { id: user.id, token, auth: { authorization: `Bearer ${token}` } };
}

async function newAdmin(): Promise<Account> {
  const admin = await db().adminUser.create({
    data: { email: `${crypto.randomUUID()}@capedrive.test`, passwordHash: "not-used", firstName: "Ayesha", lastName: "Khan" },
  });
  const { token } = await createSession(server.services, "admin", admin.id);
  return { id: admin.id, token, auth: { authorization: `Bearer ${token}` } };
}

async function newDealership(): Promise<Account> {
  const code = crypto.randomUUID().slice(0, 8);
  const dealership = await db().dealership.create({
    data: { dealershipCode: code, companyName: "Bellville Motors", contactEmail: `${code}@dealer.test`, contactPerson: "Sam", passwordHash: "not-used" },
  });
  const { token } = await createSession(server.services, "dealership", dealership.id);
  return { id: dealership.id, token, auth: { authorization: `Bearer ${token}` } };
}

type Ticket = { uploadURL: string; objectPath: string; expiresAt: string };

async function ticketFor(account: Account, body?: unknown): Promise<Ticket> {
  const response = await fetch(`${server.url}/api/objects/upload`, {
    method: "POST",
    headers: { ...account.auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Ticket;
}

/** The upload URL on the test server's real address (PUBLIC_URL is http://localhost:0 in tests). */
// Upload URLs are relative: resolved against the server the client called.
const local = (uploadURL: string) => new URL(uploadURL, server.url).href;
const idOf = (ticket: Ticket) => ticket.objectPath.split("/").pop()!;

async function put(uploadURL: string, body: BodyInit, headers: Record<string, string> = { "content-type": "image/jpeg" }) {
  const response = await fetch(local(uploadURL), { method: "PUT", headers, body });
  return { status: response.status, body: (await response.json()) as any };
}

function solid(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } });
}
const jpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer();

async function stored(uploadURL: string, bytes: BodyInit) {
  const result = await put(uploadURL, bytes);
  expect(result.status).toBe(200);
  return result.body as { objectPath: string; contentType: string; size: number; width: number; height: number };
}

function rowOf(ticket: Ticket) {
  return db().storedObject.findUniqueOrThrow({ where: { id: idOf(ticket) } });
}

function filesUnderObjects(): string[] {
  if (!existsSync(objectsDir())) return [];
  return readdirSync(objectsDir(), { recursive: true }).map(String);
}

type RawResponse = { status: number; body: string };
/** GET with the target sent byte for byte (fetch would normalise "..", "%2e" and backslashes). */
function rawGet(target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ status: Number(text.split(" ")[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
    const extra = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("");
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`);
  });
}

describe("POST /api/objects/upload", () => {
  test("a customer gets a signed upload URL and the object path; the default purpose is profile_picture", async () => {
    const customer = await newCustomer();
    const started = Date.now();
    const ticket = await ticketFor(customer);
    expect(ticket.objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    expect(ticket.uploadURL).toStartWith(`/api/objects/upload/${idOf(ticket)}?token=`);
    const expiresIn = new Date(ticket.expiresAt).getTime() - started;
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000 + 1000);
    const row = await rowOf(ticket);
    expect(row).toMatchObject({
      path: `uploads/${idOf(ticket)}`,
      purpose: "profile_picture",
      ownerType: "customer",
      ownerId: customer.id,
      isPrivate: false,
      status: "pending",
    });
  });

  test("licence and ID uploads are private", async () => {
    const customer = await newCustomer();
    for (const purpose of ["drivers_license", "id_document"]) {
      const row = await rowOf(await ticketFor(customer, { purpose }));
      expect([purpose, row.purpose, row.isPrivate]).toEqual([purpose, purpose, true]);
    }
  });

  test("signed out: 401; bad purpose, vehicle photos for customers, bad JSON: 400; nothing created", async () => {
    const customer = await newCustomer();
    const before = await db().storedObject.count();
    const anonymous = await fetch(`${server.url}/api/objects/upload`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    for (const body of [JSON.stringify({ purpose: "selfie" }), JSON.stringify({ purpose: "vehicle_photo" }), JSON.stringify({ purpose: 7 }), "{oops", "[1]"]) {
      const response = await fetch(`${server.url}/api/objects/upload`, {
        method: "POST",
        headers: { ...customer.auth, "content-type": "application/json" },
        body,
      });
      expect([body, response.status]).toEqual([body, 400]);
      expect(((await response.json()) as { message: string }).message).toBeString();
    }
    expect(await db().storedObject.count()).toBe(before);
  });

  test("admins and dealerships may start vehicle photo uploads only", async () => {
    for (const account of [await newAdmin(), await newDealership()]) {
      const row = await rowOf(await ticketFor(account, { purpose: "vehicle_photo" }));
      expect(row.purpose).toBe("vehicle_photo");
      const refused = await fetch(`${server.url}/api/objects/upload`, {
        method: "POST",
        headers: { ...account.auth, "content-type": "application/json" },
        body: JSON.stringify({ purpose: "drivers_license" }),
      });
      expect(refused.status).toBe(400);
    }
  });

  test(`at most ${MAX_PENDING_UPLOADS} unused upload links per account: then 429`, async () => {
    const customer = await newCustomer();
    for (let i = 0; i < MAX_PENDING_UPLOADS; i++) await ticketFor(customer);
    const response = await fetch(`${server.url}/api/objects/upload`, { method: "POST", headers: customer.auth });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { message: string }).message).toBe(MESSAGES.tooMany);
    // Another customer is not affected.
    await ticketFor(await newCustomer());
  });
});

describe("PUT <uploadURL>", () => {
  test("a JPEG with GPS and camera EXIF is stored re-encoded with no metadata at all", async () => {
    const customer = await newCustomer();
    const ticket = await ticketFor(customer);
    const original = await solid(64, 48)
      .jpeg()
      .withExif({
        IFD0: { Make: "SecretCam", Model: "X1" },
        IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 55/1 12/1", GPSLongitudeRef: "E", GPSLongitude: "18/1 25/1 25/1" },
      })
      .toBuffer();
    const inputMeta = await sharp(original).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(Buffer.from(inputMeta.exif!).includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD pointer tag
    expect(original.includes(Buffer.from("SecretCam"))).toBe(true);

    const result = await stored(ticket.uploadURL, original);
    expect(result).toMatchObject({ objectPath: ticket.objectPath, contentType: "image/jpeg", width: 64, height: 48 });

    const row = await rowOf(ticket);
    expect(row).toMatchObject({ status: "stored", contentType: "image/jpeg", width: 64, height: 48, size: result.size });
    expect(row.storedAt).toBeInstanceOf(Date);

    const file = await Bun.file(join(objectsDir(), row.path)).bytes();
    expect(file.byteLength).toBe(result.size);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(Buffer.from(file).includes(Buffer.from("SecretCam"))).toBe(false);
  });

  test("EXIF orientation is applied to the pixels", async () => {
    const ticket = await ticketFor(await newCustomer());
    const rotated = await solid(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const result = await stored(ticket.uploadURL, rotated);
    expect([result.width, result.height]).toEqual([20, 40]);
  });

  test(`large images are scaled to fit ${IMAGE_MAX_SIDE} px, small ones are not enlarged`, async () => {
    const customer = await newCustomer();
    const wide = await stored((await ticketFor(customer)).uploadURL, await jpeg(4000, 1000));
    expect([wide.width, wide.height]).toEqual([2048, 512]);
    const tall = await stored((await ticketFor(customer)).uploadURL, await solid(300, 3000).png().toBuffer());
    expect([tall.width, tall.height]).toEqual([205, 2048]);
    const small = await stored((await ticketFor(customer)).uploadURL, await jpeg(10, 10));
    expect([small.width, small.height]).toEqual([10, 10]);
  });

  test("PNG (with transparency), WebP and AVIF are accepted and stored as JPEG, whatever Content-Type says", async () => {
    const customer = await newCustomer();
    const images: [string, BodyInit][] = [
      ["png", await solid(30, 20, 4).png().toBuffer()],
      ["webp", await solid(30, 20).webp().toBuffer()],
      ["avif", await solid(30, 20).avif().toBuffer()],
    ];
    for (const [name, bytes] of images) {
      const ticket = await ticketFor(customer);
      const result = await put(ticket.uploadURL, bytes, { "content-type": "application/octet-stream" });
      expect([name, result.status]).toEqual([name, 200]);
      expect(result.body).toMatchObject({ contentType: "image/jpeg", width: 30, height: 20 });
      const file = await Bun.file(join(objectsDir(), (await rowOf(ticket)).path)).bytes();
      expect((await sharp(file).metadata()).format).toBe("jpeg");
    }
  });

  test("a JPEG sent without any Content-Type is accepted (the bytes decide)", async () => {
    const ticket = await ticketFor(await newCustomer());
    expect((await put(ticket.uploadURL, await jpeg(), {})).status).toBe(200);
  });

  test("not images: text named .jpg and sent as image/jpeg, PDF, GIF, SVG, HEIC, HTML: 415, nothing stored, link still usable", async () => {
    const customer = await newCustomer();
    const ticket = await ticketFor(customer);
    const heicHeader = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(64)]);
    const bodies: [string, BodyInit][] = [
      ["text as .jpg", new File(["just some text, not a photo"], "photo.jpg", { type: "image/jpeg" })],
      ["pdf", Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")],
      ["gif", await solid(10, 10).gif().toBuffer()],
      ["svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
      ["heic", heicHeader],
      ["html", Buffer.from("<!doctype html><script>alert(1)</script>")],
    ];
    const filesBefore = filesUnderObjects();
    for (const [name, body] of bodies) {
      const result = await put(ticket.uploadURL, body);
      expect([name, result.status, result.body.message]).toEqual([name, 415, MESSAGES.notAnImage]);
    }
    expect(filesUnderObjects()).toEqual(filesBefore);
    expect((await rowOf(ticket)).status).toBe("pending");
    // The same link still takes a real photo.
    expect((await put(ticket.uploadURL, await jpeg())).status).toBe(200);
  });

  test("an empty body is 400; a broken JPEG (right magic bytes, garbage after) is 400 and the link stays usable", async () => {
    const ticket = await ticketFor(await newCustomer());
    const empty = await put(ticket.uploadURL, new Uint8Array(0));
    expect([empty.status, empty.body.message]).toEqual([400, MESSAGES.empty]);
    const good = await jpeg(64, 48);
    const broken = Buffer.concat([good.subarray(0, 40), Buffer.alloc(200, 0x41)]);
    const result = await put(ticket.uploadURL, broken);
    expect([result.status, result.body.message]).toEqual([400, MESSAGES.unreadable]);
    expect((await rowOf(ticket)).status).toBe("pending");
    expect((await put(ticket.uploadURL, good)).status).toBe(200);
  });

  test("an image claiming absurd dimensions is refused before decoding (400)", async () => {
    const ticket = await ticketFor(await newCustomer());
    // A valid PNG header for 100000 x 100000 pixels with almost no data: a decompression bomb.
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(Bun.hash.crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
      return Buffer.concat([head, Buffer.from(type), data, crc]);
    };
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const result = await put(ticket.uploadURL, bomb);
    expect([result.status, result.body.message]).toEqual([400, MESSAGES.tooManyPixels]);
    expect((await rowOf(ticket)).status).toBe("pending");
  });

  test("10 MB exactly passes the size check; one byte more, or 11 MB, is 413 and nothing is stored", async () => {
    const ticket = await ticketFor(await newCustomer());
    const head = await jpeg();
    const exactly = Buffer.alloc(UPLOAD_MAX_BYTES, 0);
    exactly.set(head.subarray(0, 3));
    // Passes the size check; then it is not a decodable image.
    const atLimit = await put(ticket.uploadURL, exactly);
    expect([atLimit.status, atLimit.body.message]).toEqual([400, MESSAGES.unreadable]);
    for (const size of [UPLOAD_MAX_BYTES + 1, 11 * 1024 * 1024]) {
      const body = Buffer.alloc(size, 0);
      body.set(head.subarray(0, 3));
      const result = await put(ticket.uploadURL, body);
      expect([size, result.status, result.body.message]).toEqual([size, 413, MESSAGES.tooLarge]);
    }
    expect((await rowOf(ticket)).status).toBe("pending");
    expect(existsSync(join(objectsDir(), `uploads/${idOf(ticket)}`))).toBe(false);
  });

  test("a streamed body without Content-Length is counted as it arrives and cut off past 10 MB (413)", async () => {
    const ticket = await ticketFor(await newCustomer());
    const piece = new Uint8Array(1024 * 1024);
    piece.set([0xff, 0xd8, 0xff]);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 11) return controller.close();
        sent++;
        controller.enqueue(piece);
      },
    });
    const response = await fetch(local(ticket.uploadURL), { method: "PUT", body: stream, headers: { "content-type": "image/jpeg" } });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(MESSAGES.tooLarge);
    expect((await rowOf(ticket)).status).toBe("pending");
  });

  test("single use: a second PUT after success is 409, and the first photo stays", async () => {
    const ticket = await ticketFor(await newCustomer());
    const first = await stored(ticket.uploadURL, await jpeg(64, 48));
    const again = await put(ticket.uploadURL, await jpeg(32, 32));
    expect([again.status, again.body.message]).toEqual([409, MESSAGES.used]);
    expect((await rowOf(ticket)).width).toBe(first.width);
  });

  test("a retry of the same bytes on a used link (the first answer was lost) gets the stored answer; nothing is stored twice", async () => {
    const ticket = await ticketFor(await newCustomer());
    const bytes = await jpeg(64, 48);
    const first = await stored(ticket.uploadURL, bytes);
    const storedAt = (await rowOf(ticket)).storedAt;
    const files = filesUnderObjects().length;
    const again = await put(ticket.uploadURL, bytes);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    expect((await rowOf(ticket)).storedAt).toEqual(storedAt);
    expect(filesUnderObjects()).toHaveLength(files);
    // Other bytes on the same link are still refused, and do not replace the photo.
    const other = await put(ticket.uploadURL, await jpeg(65, 48));
    expect([other.status, other.body.message]).toEqual([409, MESSAGES.used]);
    expect((await rowOf(ticket)).width).toBe(64);
  });

  test("a retry while the first PUT is still being saved: 503 (try again in a moment); other bytes: 409", async () => {
    const ticket = await ticketFor(await newCustomer());
    const bytes = await jpeg(64, 48);
    const sha256 = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
    await db().storedObject.update({ where: { id: idOf(ticket) }, data: { status: "processing", receivedSha256: sha256 } });
    const retry = await put(ticket.uploadURL, bytes);
    expect([retry.status, retry.body.message]).toEqual([503, MESSAGES.stillSaving]);
    const other = await put(ticket.uploadURL, await jpeg(32, 32));
    expect([other.status, other.body.message]).toEqual([409, MESSAGES.used]);
  });

  test("a refused body leaves no fingerprint: the link then takes another photo", async () => {
    const ticket = await ticketFor(await newCustomer());
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect((await put(ticket.uploadURL, broken)).status).toBe(400);
    const row = await rowOf(ticket);
    expect([row.status, row.receivedSha256]).toEqual(["pending", null]);
    expect((await put(ticket.uploadURL, await jpeg(40, 30))).status).toBe(200);
  });

  test("two PUTs racing on one link: exactly one is stored", async () => {
    const ticket = await ticketFor(await newCustomer());
    const [a, b] = await Promise.all([put(ticket.uploadURL, await jpeg(800, 600)), put(ticket.uploadURL, await jpeg(640, 480))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const row = await rowOf(ticket);
    expect(row.status).toBe("stored");
    expect(row.width).toBe(a.status === 200 ? 800 : 640);
  });

  test("bad links: no token, tampered, expired, another object's token, a session token: 4xx, nothing stored", async () => {
    const customer = await newCustomer();
    const ticket = await ticketFor(customer);
    const other = await ticketFor(customer);
    const id = idOf(ticket);
    const token = new URL(ticket.uploadURL, server.url).searchParams.get("token")!;
    const base = `${server.url}/api/objects/upload/${id}`;
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString("base64url");
    const flipped = signature!.slice(0, -2) + (signature!.endsWith("AA") ? "BB" : "AA");
    const secret = server.services.config.tokenSecret;
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("capedrive")
      .setAudience("capedrive:upload")
      .setSubject(id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const wrongSecret = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("capedrive")
      .setAudience("capedrive:upload")
      .setSubject(id)
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode("another-secret-that-is-long-enough-to-sign"));
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    const otherToken = new URL(other.uploadURL, server.url).searchParams.get("token")!;
    const cases: [string, string, number, string][] = [
      ["no token", base, 403, MESSAGES.invalidLink],
      ["empty token", `${base}?token=`, 403, MESSAGES.invalidLink],
      ["garbage", `${base}?token=abc.def.ghi`, 403, MESSAGES.invalidLink],
      ["payload changed", `${base}?token=${header}.${forged}.${signature}`, 403, MESSAGES.invalidLink],
      ["signature changed", `${base}?token=${header}.${payload}.${flipped}`, 403, MESSAGES.invalidLink],
      ["other secret", `${base}?token=${wrongSecret}`, 403, MESSAGES.invalidLink],
      ["alg none", `${base}?token=${noneAlg}`, 403, MESSAGES.invalidLink],
      ["expired", `${base}?token=${expired}`, 410, MESSAGES.expired],
      ["another object's token", `${base}?token=${otherToken}`, 403, MESSAGES.invalidLink],
      ["this token on another object", `${server.url}/api/objects/upload/${idOf(other)}?token=${token}`, 403, MESSAGES.invalidLink],
      ["a customer session token", `${base}?token=${customer.token}`, 403, MESSAGES.invalidLink],
      ["unknown object", `${server.url}/api/objects/upload/${crypto.randomUUID()}?token=${token}`, 403, MESSAGES.invalidLink],
    ];
    const body = await jpeg();
    for (const [name, url, status, message] of cases) {
      const response = await fetch(url, { method: "PUT", headers: { "content-type": "image/jpeg" }, body });
      const answer = (await response.json()) as { message: string };
      expect([name, response.status, answer.message]).toEqual([name, status, message]);
    }
    expect((await rowOf(ticket)).status).toBe("pending");
    expect((await rowOf(other)).status).toBe("pending");
    // The genuine links still work.
    expect((await put(ticket.uploadURL, body)).status).toBe(200);
    expect((await put(other.uploadURL, body)).status).toBe(200);
  });

  test("a link whose row has expired is 410 even with a valid token", async () => {
    const ticket = await ticketFor(await newCustomer());
    await db().storedObject.update({ where: { id: idOf(ticket) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const result = await put(ticket.uploadURL, await jpeg());
    expect([result.status, result.body.message]).toEqual([410, MESSAGES.expired]);
  });
});

describe("GET /objects/...", () => {
  test("a profile picture is public: anyone with the path reads it, with long caching and safe headers", async () => {
    const owner = await newCustomer();
    const ticket = await ticketFor(owner);
    const result = await stored(ticket.uploadURL, await jpeg(64, 48));
    const response = await fetch(`${server.url}${result.objectPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBe("inline");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(result.size);
    expect(sniffImageType(bytes)).toBe("image/jpeg");
    // Revalidation by ETag.
    const etag = response.headers.get("etag")!;
    const again = await fetch(`${server.url}${result.objectPath}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Other customers and anonymous visitors alike.
    expect((await fetch(`${server.url}${result.objectPath}`, { headers: (await newCustomer()).auth })).status).toBe(200);
  });

  test("a licence image is private: owner and admins 200; another customer, a dealership, anonymous 404", async () => {
    const owner = await newCustomer();
    const ticket = await ticketFor(owner, { purpose: "drivers_license" });
    const result = await stored(ticket.uploadURL, await jpeg(64, 48));
    const url = `${server.url}${result.objectPath}`;
    const mine = await fetch(url, { headers: owner.auth });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    expect((await mine.arrayBuffer()).byteLength).toBe(result.size);
    expect((await fetch(url, { headers: (await newAdmin()).auth })).status).toBe(200);
    for (const [who, headers] of [
      ["anonymous", {}],
      ["another customer", (await newCustomer()).auth],
      ["a dealership", (await newDealership()).auth],
    ] as const) {
      const response = await fetch(url, { headers });
      expect([who, response.status]).toEqual([who, 404]);
      const body = (await response.json()) as { code: string };
      expect(body.code).toBe("NOT_FOUND");
    }
    // Same answer as for a path that does not exist at all.
    const missing = await fetch(`${server.url}/objects/uploads/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
  });

  test("an upload still pending is 404, even for its owner", async () => {
    const owner = await newCustomer();
    const ticket = await ticketFor(owner);
    expect((await fetch(`${server.url}${ticket.objectPath}`, { headers: owner.auth })).status).toBe(404);
  });

  test("a stale bearer token counts as anonymous: public objects are served, private ones are 404", async () => {
    const owner = await newCustomer();
    const picture = await stored((await ticketFor(owner)).uploadURL, await jpeg());
    const stale = { headers: { authorization: "Bearer not-a-token" } };
    expect((await fetch(`${server.url}${picture.objectPath}`, stale)).status).toBe(200);
    const licence = await stored((await ticketFor(owner, { purpose: "drivers_license" })).uploadURL, await jpeg());
    expect((await fetch(`${server.url}${licence.objectPath}`, stale)).status).toBe(404);
  });

  test("paths that try to leave the objects folder are 404 and never serve a file", async () => {
    // Something that must never be served even though it sits in the objects folder itself.
    mkdirSync(join(objectsDir(), "uploads"), { recursive: true });
    writeFileSync(join(objectsDir(), "secret.txt"), "top secret");
    writeFileSync(join(objectsDir(), "uploads", "planted"), "planted file");
    const owner = await newCustomer();
    const real = await stored((await ticketFor(owner)).uploadURL, await jpeg());
    const id = real.objectPath.split("/").pop();
    const targets = [
      "/objects/..%2f..%2fpackage.json",
      "/objects/..%2F..%2F..%2Fpackage.json",
      "/objects/uploads/..%2f..%2f..%2fpackage.json",
      "/objects/%2e%2e/%2e%2e/package.json",
      "/objects/uploads%2f..%2f..%2fpackage.json",
      "/objects/%252e%252e%252fpackage.json",
      "/objects/..%5c..%5cpackage.json",
      "/objects/uploads\\..\\..\\package.json",
      "/objects//etc/passwd",
      "/objects/%2fetc%2fpasswd",
      "/objects/uploads/%00",
      `/objects/uploads/${id}%00.jpg`,
      `/objects/uploads/${id}/..`,
      `/objects/uploads/${id}/../../../package.json`,
      "/objects/secret.txt",
      "/objects/uploads/planted",
      "/objects/capedrive.db",
      "/objects/../capedrive.db",
      "/objects/../token-secret",
      "/objects/..%2ftoken-secret",
      "/objects/..%2fcapedrive.db",
    ];
    for (const target of targets) {
      const response = await rawGet(target, owner.auth);
      expect(response.body).not.toContain('"name": "capedrive"');
      expect(response.body).not.toContain("top secret");
      expect(response.body).not.toContain("planted file");
      expect(response.body).not.toContain("SQLite format");
      expect(response.body).not.toContain("root:");
      // Targets the router normalises away from /objects land on the web app (HTML), never a file.
      if (response.status !== 404) expect([target, response.status, response.body]).toEqual([target, 200, expect.stringContaining("<!doctype html>")]);
    }
    // The ones that stay under /objects are all 404.
    for (const target of targets.filter((t) => !t.includes("/.."))) {
      expect([target, (await rawGet(target)).status]).toEqual([target, 404]);
    }
  });

  test("other methods on /objects are 404", async () => {
    const response = await fetch(`${server.url}/objects/uploads/${crypto.randomUUID()}`, { method: "DELETE" });
    expect(response.status).toBe(404);
  });
});

describe("GraphQL createUploadUrl", () => {
  const mutation = "mutation($purpose: UploadPurpose!) { createUploadUrl(input: { purpose: $purpose }) { uploadURL objectPath expiresAt } }";

  test("returns a ticket whose URL takes the photo", async () => {
    const customer = await newCustomer();
    const { status, body } = await graphql<{ createUploadUrl: Ticket }>(server.url, mutation, { purpose: "drivers_license" }, customer.auth);
    expect(status).toBe(200);
    const ticket = body.data!.createUploadUrl;
    expect(ticket.objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(ticket.expiresAt))).toBe(false);
    expect((await rowOf(ticket)).isPrivate).toBe(true);
    expect((await put(ticket.uploadURL, await jpeg())).status).toBe(200);
  });

  test("signed out: UNAUTHENTICATED; an unknown purpose is refused by the schema", async () => {
    const anonymous = await graphql(server.url, mutation, { purpose: "profile_picture" });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const bad = await graphql(server.url, mutation, { purpose: "vehicle_photo" }, (await newCustomer()).auth);
    expect(bad.body.data ?? null).toBeNull();
    expect(bad.body.errors?.length).toBeGreaterThan(0);
  });
});

describe("loading", () => {
  test("a server process loads sharp on its first image, not at start (libvips costs memory most processes never use)", async () => {
    // In a process of its own: this file imports sharp itself.
    const probe = Bun.spawn(
      [
        process.execPath,
        "-e",
        `await import(${JSON.stringify(join(import.meta.dir, "..", "boot.ts"))});
         const loaded = () => Object.keys(require.cache).some((path) => path.includes("/node_modules/sharp/"));
         const before = loaded();
         const { reencodeImage } = await import(${JSON.stringify(join(import.meta.dir, "uploads.ts"))});
         const after = loaded();
         const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
         const image = await reencodeImage(png);
         console.log(JSON.stringify({ before, after, width: image.width, loaded: loaded() }));`,
      ],
      { stdout: "pipe", stderr: "pipe" },
    );
    const [out, err, code] = [await new Response(probe.stdout).text(), await new Response(probe.stderr).text(), await probe.exited];
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ before: false, after: false, width: 1, loaded: true });
  });
});
