// Photos in an S3 bucket for real: the app's signed upload flow against an S3 server on loopback
// (server/testing/s3.ts), the re-encoded JPEG in the bucket, private reads through the app, a
// deletion by housekeeping, an object missing from the bucket, wrong credentials (a clear 503 and
// a log line naming the setting, nothing claimed stored, the link still usable), and an upload
// through one instance served by another (two servers on one database and one bucket).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { startServer, type RunningServer } from "../boot";
import { createLogger } from "../log";
import { newCustomer, type TestCustomer } from "../testing/bookings";
import { startTestServer, testConfig, type TestServer } from "../testing/harness";
import { startS3Server, type TestS3Server } from "../testing/s3";
import { runHousekeeping } from "./housekeeping";
import { STORAGE_UNAVAILABLE_MESSAGE } from "./storage";

let s3: TestS3Server;
let a: TestServer;
let b: RunningServer;
let wrong: RunningServer;
const wrongLog: string[] = [];
let rider: TestCustomer;

beforeAll(async () => {
  s3 = await startS3Server();
  a = await startTestServer(s3.env);
  b = await startServer(testConfig(a.database, s3.env), { print: () => {} });
  wrong = await startServer(testConfig(a.database, { ...s3.env, S3_SECRET_ACCESS_KEY: "not-the-secret" }), {
    print: () => {},
    log: createLogger("warn", (line) => wrongLog.push(line)),
  });
  rider = await newCustomer(a.services);
});
afterAll(async () => {
  await wrong?.stop();
  await b?.stop();
  await a?.close();
  await s3?.close();
});

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function ticket(server: { url: string }, purpose: string) {
  const response = await fetch(`${server.url}/api/objects/upload`, {
    method: "POST",
    headers: { ...rider.auth, "content-type": "application/json" },
    body: JSON.stringify({ purpose }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { uploadURL: string; objectPath: string };
}

async function put(server: { url: string }, uploadURL: string, bytes: Uint8Array) {
  const response = await fetch(new URL(uploadURL, server.url), { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(bytes) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const keyOf = (objectPath: string) => objectPath.replace(/^\/objects\//, "");
const read = (server: { url: string }, objectPath: string, auth: Record<string, string> = rider.auth) => fetch(`${server.url}${objectPath}`, { headers: auth });
const rowOf = (objectPath: string) => a.services.db.storedObject.findUnique({ where: { path: keyOf(objectPath) } });

describe("through the app's signed upload flow", () => {
  let objectPath: string;

  test("a PNG is re-encoded and stored in the bucket as JPEG; the row says so", async () => {
    const { uploadURL, objectPath: path } = await ticket(a, "drivers_license");
    objectPath = path;
    const stored = await put(a, uploadURL, await png());
    expect(stored).toMatchObject({ status: 200, body: { objectPath, contentType: "image/jpeg", width: 64, height: 48 } });
    const inBucket = await s3.client.file(keyOf(objectPath)).bytes();
    expect([...inBucket.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(inBucket.byteLength).toBe(stored.body.size);
    expect(await rowOf(objectPath)).toMatchObject({ status: "stored", size: inBucket.byteLength, isPrivate: true });
  });

  test("the private photo is read through the app by its owner (from the bucket), and by nobody else", async () => {
    const response = await read(a, objectPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(await s3.client.file(keyOf(objectPath)).bytes());
    expect((await read(a, objectPath, {})).status).toBe(404);
    const stranger = await newCustomer(a.services);
    expect((await read(a, objectPath, stranger.auth)).status).toBe(404);
  });

  test("an upload through A is served by B (same database, same bucket)", async () => {
    const { uploadURL, objectPath: path } = await ticket(a, "profile_picture");
    expect((await put(a, uploadURL, await png())).status).toBe(200);
    const fromB = await read(b, path);
    expect(fromB.status).toBe(200);
    expect(new Uint8Array(await fromB.arrayBuffer())).toEqual(await s3.client.file(keyOf(path)).bytes());
  });

  test("an object gone from the bucket behind the app's back: a clean 404, not an error", async () => {
    const { uploadURL, objectPath: path } = await ticket(a, "profile_picture");
    expect((await put(a, uploadURL, await png())).status).toBe(200);
    await s3.client.delete(keyOf(path));
    const response = await read(a, path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "No such object", code: "NOT_FOUND" });
  });

  test("housekeeping deletes an unused photo from the bucket, then its row", async () => {
    const { uploadURL, objectPath: path } = await ticket(a, "profile_picture");
    expect((await put(a, uploadURL, await png())).status).toBe(200);
    expect(await s3.client.file(keyOf(path)).exists()).toBe(true);
    const result = await runHousekeeping(a.services, new Date(Date.now() + 30 * 86_400_000));
    expect(result.unusedPhotos).toBeGreaterThanOrEqual(1);
    expect(await s3.client.file(keyOf(path)).exists()).toBe(false);
    expect(await rowOf(path)).toBeNull();
    expect((await read(a, path)).status).toBe(404);
  });
});

describe("the S3 server refuses our credentials (S3_SECRET_ACCESS_KEY wrong on one instance)", () => {
  test("the upload answers 503 with a clear message, the log names the setting, nothing is claimed stored, and the link still works", async () => {
    const { uploadURL, objectPath } = await ticket(wrong, "drivers_license");
    const refused = await put(wrong, uploadURL, await png());
    expect(refused).toEqual({ status: 503, body: { message: STORAGE_UNAVAILABLE_MESSAGE, code: "SERVICE_UNAVAILABLE" } });
    expect(wrongLog.join("\n")).toContain("SignatureDoesNotMatch");
    expect(wrongLog.join("\n")).toContain("check S3_SECRET_ACCESS_KEY");
    // Nothing in the bucket, and the row is back to pending: it never claims bytes that are not there.
    expect(await s3.client.file(keyOf(objectPath)).exists()).toBe(false);
    expect(await rowOf(objectPath)).toMatchObject({ status: "pending", size: null });
    expect((await read(wrong, objectPath)).status).toBe(404);
    // The same link, sent again to an instance with the right settings, stores the photo.
    expect((await put(a, uploadURL, await png())).status).toBe(200);
    expect(await rowOf(objectPath)).toMatchObject({ status: "stored" });
    expect(await s3.client.file(keyOf(objectPath)).exists()).toBe(true);
  });

  test("reading a stored photo through that instance: 503 (the bytes are there; the answer is not 'gone')", async () => {
    const { uploadURL, objectPath } = await ticket(a, "profile_picture");
    expect((await put(a, uploadURL, await png())).status).toBe(200);
    const response = await read(wrong, objectPath);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE, code: "SERVICE_UNAVAILABLE" });
    expect((await read(a, objectPath)).status).toBe(200);
  });
});
