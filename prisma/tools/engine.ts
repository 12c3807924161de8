// Prisma's WebAssembly schema engine, driven through driver adapters: the native engine cannot
// be downloaded on our machines (see TOOLCHAIN.md), and this is the same engine the CLI ships.
import { createRequire } from "node:module";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { schemaFiles, type Provider } from "./models";

type Engine = {
  diff(params: unknown): Promise<unknown>;
  free(): void;
};

let wasmModule: ReturnType<typeof instantiateWasm> | undefined;
/** The bindings module is a singleton: instantiate the engine's wasm once per process. */
function loadWasm() {
  return (wasmModule ??= instantiateWasm());
}

async function instantiateWasm() {
  const require = createRequire(import.meta.url);
  const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bg = await import(bgPath);
  const bytes = await Bun.file(bgPath.replace(/\.js$/, ".wasm")).arrayBuffer();
  const module = await WebAssembly.compile(bytes);
  const instance = new WebAssembly.Instance(module, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
  return bg as { SchemaEngine: { "new"(options: unknown, log: (line: string) => void, adapter: unknown): Promise<Engine> } };
}

/** adapter-pg cannot read PostgreSQL's internal "char" type (OID 18), which the engine meets in pg_constraint. */
class CharAsTextClient extends pg.Client {
  override query(...args: unknown[]): any {
    const relabel = (res: { fields?: { dataTypeID: number }[] } | undefined) => {
      for (const field of res?.fields ?? []) if (field.dataTypeID === 18) field.dataTypeID = 25;
      return res;
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      // pg-pool calls the callback form.
      args[last] = (err: unknown, res: { fields?: { dataTypeID: number }[] }) => callback(err, relabel(res));
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    return result instanceof Promise ? result.then(relabel) : result;
  }
}

/** SQLite drivers run only the first statement of a multi-statement executeRaw; the engine replays migrations that way. */
function scriptAwareShadow(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  return Object.assign(Object.create(factory), {
    connect: factory.connect.bind(factory),
    async connectToShadowDb(): Promise<SqlDriverAdapter> {
      const shadow = await connectToShadowDb();
      const executeRaw = shadow.executeRaw.bind(shadow);
      shadow.executeRaw = async (query) => {
        if (query.args.length === 0) {
          await shadow.executeScript(query.sql);
          return 0;
        }
        return executeRaw(query);
      };
      return shadow;
    },
  });
}

/**
 * adapter-pg's executeScript splits a migration at every semicolon, also inside a function's
 * dollar-quoted body (fleet_changes' trigger functions): send the script whole instead, as
 * PostgreSQL's simple query protocol and `prisma migrate deploy` do.
 */
function wholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const client = (adapter as unknown as { client: pg.Pool }).client;
  adapter.executeScript = async (script) => {
    await client.query(script);
  };
  return adapter;
}

/**
 * The engine reads pg_constraint.contype (as `constraint_type`) as a character, which adapter-pg
 * can only hand over as text (see CharAsTextClient): without this, describing a database with a
 * CHECK or EXCLUDE constraint (bookings' overlap guard) panics the engine.
 */
function contypeAsCharacter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = async (query) => {
    const result = await queryRaw(query);
    const index = result.columnNames.indexOf("constraint_type");
    if (index >= 0 && result.columnTypes[index] === ColumnTypeEnum.Text) result.columnTypes[index] = ColumnTypeEnum.Character;
    return result;
  };
  return adapter;
}

export function adapterFactory(provider: Provider, url: string): SqlMigrationAwareDriverAdapterFactory {
  if (provider === "sqlite") return scriptAwareShadow(new PrismaLibSql({ url }));
  // A connection string would override the shadow database's name: pass discrete fields.
  const u = new URL(url);
  const config = {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
    Client: CharAsTextClient,
  } as pg.PoolConfig;
  const main = new PrismaPg(config);
  // adapter-pg drops its shadow database before closing the pool that still uses it: do it in order.
  return Object.assign(Object.create(main), {
    connect: async () => contypeAsCharacter(await main.connect()),
    async connectToShadowDb(): Promise<SqlDriverAdapter> {
      const database = `shadow_${crypto.randomUUID().replaceAll("-", "")}`;
      const admin = new pg.Client(config);
      await admin.connect();
      await admin.query(`CREATE DATABASE "${database}"`);
      const shadow = wholeScripts(contypeAsCharacter(await new PrismaPg({ ...config, database }).connect()));
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        await admin.end();
      };
      return shadow;
    },
  });
}

export async function withEngine<T>(provider: Provider, url: string, work: (engine: Engine) => Promise<T>): Promise<T> {
  const wasm = await loadWasm();
  const factory = bindMigrationAwareSqlAdapterFactory(adapterFactory(provider, url));
  const engine = await wasm.SchemaEngine.new({ datamodels: await schemaFiles(provider) }, () => {}, factory);
  try {
    return await work(engine);
  } finally {
    engine.free();
  }
}
