// A real S3-compatible server on loopback for tests: @20minutes/s3rver (npm, pure JavaScript, a
// maintained fork of s3rver that checks SigV4 signatures, which Bun's S3 client sends), keeping
// its objects in a temporary folder. It answers PUT, GET, HEAD and DELETE like S3, including
// NoSuchKey, SignatureDoesNotMatch and InvalidAccessKeyId errors.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";

/** s3rver's one account. */
export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point a server at this bucket (override one to test a wrong setting). */
  env: Record<string, string>;
  /** A client on the bucket with the right credentials, to look behind the app's back. */
  client: Bun.S3Client;
  close(): Promise<void>;
};

export async function startS3Server(bucket = "capedrive-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "capedrive-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  };
  const client = new Bun.S3Client({ bucket, endpoint, region: env.S3_REGION, ...S3_TEST_CREDENTIALS });
  return {
    endpoint,
    bucket,
    env,
    client,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
