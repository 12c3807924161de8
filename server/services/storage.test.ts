// Object storage: local files that never leave their folder; the S3 option's construction (transfers to a real S3 server: storage-s3.test.ts).
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../config";
import { localStorage, objectStorage, s3Storage, safeObjectPath } from "./storage";

const dir = mkdtempSync(join(tmpdir(), "capedrive-storage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BAD_PATHS = [
  "",
  "..",
  "../x",
  "uploads/../../x",
  "uploads/..",
  "./uploads/x",
  "uploads/./x",
  "/etc/passwd",
  "//etc/passwd",
  "uploads//x",
  "uploads/x/",
  "uploads\\..\\x",
  "..\\x",
  "C:\\Windows\\win.ini",
  "uploads/%2e%2e/x",
  "%2e%2e%2fx",
  "uploads/x\u0000.jpg",
  "uploads/x\n",
  ".hidden",
  "uploads/.git",
  "uploads/x y",
  "a".repeat(600),
];

describe("safeObjectPath", () => {
  test.each(BAD_PATHS)("refuses %j", (path) => {
    expect(safeObjectPath(path)).toBeNull();
  });

  test("accepts plain relative paths", () => {
    expect(safeObjectPath("uploads/3f2c0f4e-1a2b-4c3d-8e9f-0123456789ab")).toBe("uploads/3f2c0f4e-1a2b-4c3d-8e9f-0123456789ab");
    expect(safeObjectPath("vehicles/photo_1.v2.jpg")).toBe("vehicles/photo_1.v2.jpg");
  });
});

describe("local storage", () => {
  const root = join(dir, "objects");
  const storage = localStorage(root);
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

  test("put, get, delete", async () => {
    await storage.put("uploads/a", bytes, "image/jpeg");
    expect(existsSync(join(root, "uploads", "a"))).toBe(true);
    const read = await storage.get("uploads/a");
    expect(read).toEqual({ body: bytes, contentType: "image/jpeg", size: bytes.byteLength });
    // No temporary files are left beside it.
    expect(readdirSync(join(root, "uploads"))).toEqual(["a"]);
    await storage.delete("uploads/a");
    expect(await storage.get("uploads/a")).toBeNull();
    await storage.delete("uploads/a"); // deleting twice is fine
  });

  test("missing objects and folders are null", async () => {
    expect(await storage.get("uploads/none")).toBeNull();
    expect(await storage.get("uploads")).toBeNull();
  });

  test.each(BAD_PATHS)("never reads, writes or deletes outside the folder: %j", async (path) => {
    writeFileSync(join(dir, "outside.txt"), "outside");
    expect(await storage.get(path)).toBeNull();
    await expect(storage.put(path, bytes, "image/jpeg")).rejects.toThrow("refused object path");
    await storage.delete(path);
    expect(existsSync(join(dir, "outside.txt"))).toBe(true);
  });

  test("the folder's parent files are out of reach", async () => {
    writeFileSync(join(dir, "secret"), "secret");
    expect(await storage.get("../secret")).toBeNull();
    expect(await storage.get("objects/../../secret")).toBeNull();
  });
});

describe("configured storage", () => {
  test("local under DATA_DIR/objects without S3_BUCKET", async () => {
    const config = loadConfig({ DATA_DIR: dir, TOKEN_SECRET: "x".repeat(40), LOG_LEVEL: "silent" });
    const storage = objectStorage(config);
    expect(storage.kind).toBe("local");
    expect(objectStorage(config)).toBe(storage);
    await storage.put("uploads/b", new Uint8Array([1]), "image/jpeg");
    expect(existsSync(join(dir, "objects", "uploads", "b"))).toBe(true);
  });

  // Construction and path checks; transfers against a real S3 server are in storage-s3.test.ts.
  test("S3 through Bun.S3Client when S3_BUCKET is set", async () => {
    const config = loadConfig({
      DATA_DIR: dir,
      TOKEN_SECRET: "x".repeat(40),
      LOG_LEVEL: "silent",
      S3_BUCKET: "capedrive-test",
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_REGION: "af-south-1",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    const storage = objectStorage(config);
    expect(storage.kind).toBe("s3");
    expect(await storage.get("../x")).toBeNull();
    await expect(storage.put("../x", new Uint8Array([1]), "image/jpeg")).rejects.toThrow("refused object path");
    expect(s3Storage({ bucket: "b" }).kind).toBe("s3");
  });
});
