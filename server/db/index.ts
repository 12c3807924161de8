// The one place that opens the database. Both generated clients share the models, so the rest of
// the code is typed against the SQLite client's types and never knows which database it is on.
import { createClient as createLibSqlClient, type Config as LibSqlConfig } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../../prisma/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../../prisma/generated/postgresql/client";
import type { DatabaseTarget } from "../config";
import { trackChanges } from "./changes";

export type Db = SqliteClient;
export type { Prisma } from "../../prisma/generated/sqlite/client";

export type Database = { db: Db; provider: DatabaseTarget["provider"]; close(): Promise<void> };

/**
 * @prisma/adapter-libsql 7.10 brings its own @libsql/client 0.17, whose `transaction()` hands the
 * client's connection to the transaction and opens a new one for the next call, and never closes
 * the one it handed out: every Prisma transaction on SQLite (each booking, cancellation, listing
 * with a count...) leaked a connection, two file descriptors and its page cache, until the process
 * ran out of descriptors (SQLITE_CANTOPEN) after a few thousand of them (found by `bun run bench`).
 * The adapter is given our @libsql/client 0.18 instead, which keeps a small pool and gets a
 * transaction's connection back when it commits or rolls back. server/db/connections.test.ts guards it.
 */
export class PooledPrismaLibSql extends PrismaLibSql {
  override createClient(config: LibSqlConfig) {
    return createLibSqlClient(config) as unknown as ReturnType<PrismaLibSql["createClient"]>;
  }
}

/** Opens the database; the client counts its own writes (./changes.ts) for the public read cache. */
export function openDatabase(target: DatabaseTarget): Database {
  const client =
    target.provider === "sqlite"
      ? new SqliteClient({ adapter: new PooledPrismaLibSql({ url: target.url, timeout: 10_000 }) })
      : new PostgresClient({ adapter: new PrismaPg({ connectionString: target.url, max: 10 }) });
  const db = trackChanges(client);
  return { db, provider: target.provider, close: () => db.$disconnect() };
}
