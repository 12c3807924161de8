// The benchmark's own database: a new SQLite file in a new folder, or, when DATABASE_URL names a
// PostgreSQL server, a new database on it (capedrive_bench_<random>), dropped afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { databaseTarget, type DatabaseTarget } from "../server/config";

export type BenchDatabase = {
  provider: DatabaseTarget["provider"];
  target: DatabaseTarget;
  /** DATA_DIR for the server (token secret, mail files, the SQLite file). */
  dataDir: string;
  /** DATABASE_URL for the server. */
  databaseUrl: string;
  /** What to print: never a password. */
  description: string;
  drop(): Promise<void>;
};

export async function createBenchDatabase(options: { databaseUrl?: string; dataDir?: string; keep?: boolean } = {}): Promise<BenchDatabase> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "capedrive-bench-"));
  const removeDir = async () => {
    if (!options.keep && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const base = options.databaseUrl;
  if (!base || !/^postgres(ql)?:\/\//.test(base)) {
    const file = join(dataDir, "bench.db");
    const target = databaseTarget(`file:${file}`, dataDir);
    return { provider: "sqlite", target, dataDir, databaseUrl: target.url, description: `SQLite ${file}`, drop: removeDir };
  }
  const name = `capedrive_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    provider: "postgresql",
    target: databaseTarget(url.toString(), dataDir),
    dataDir,
    databaseUrl: url.toString(),
    description: `PostgreSQL ${url.hostname}:${url.port || 5432}/${name}`,
    async drop() {
      if (!options.keep) {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        try {
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await client.end();
        }
      }
      await removeDir();
    },
  };
}
