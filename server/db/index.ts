// The one place that opens the database. Both generated clients share the models, so the rest of
// the code is typed against the SQLite client's types and never knows which database it is on.
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../../prisma/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../../prisma/generated/postgresql/client";
import type { DatabaseTarget } from "../config";

export type Db = SqliteClient;
export type { Prisma } from "../../prisma/generated/sqlite/client";

export type Database = { db: Db; provider: DatabaseTarget["provider"]; close(): Promise<void> };

export function openDatabase(target: DatabaseTarget): Database {
  const db =
    target.provider === "sqlite"
      ? new SqliteClient({ adapter: new PrismaLibSql({ url: target.url, timeout: 10_000 }) })
      : (new PostgresClient({ adapter: new PrismaPg({ connectionString: target.url, max: 10 }) }) as unknown as Db);
  return { db, provider: target.provider, close: () => db.$disconnect() };
}
