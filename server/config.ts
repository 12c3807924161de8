// Every environment variable the server reads, parsed once with zod. README's configuration
// table mirrors this file.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";
import { phoneE164 } from "#domain/phone.ts";

const port = z.coerce.number().int().min(0).max(65535);
const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

/** SQLite's settings when the environment leaves them out (also the adapter's, server/db/index.ts). */
export const SQLITE_DEFAULTS = { synchronous: "NORMAL", cacheMiB: 32, checkpoints: "background" } as const satisfies Required<SqliteTuning>;

/** DATA_DIR when the environment leaves it out (the CLI reads it to find the database without creating the folder). */
export const DEFAULT_DATA_DIR = "./data";

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:)/, "must start with postgres://, postgresql:// or file:")
    .optional(),
  TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PUBLIC_URL: z.url().optional(),
  /** Extra origins (comma-separated, e.g. https://partner.example) whose pages may call /graphql from the browser. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const part of (v ?? "")
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)) {
        let url: URL;
        try {
          url = new URL(part);
        } catch {
          ctx.addIssue({ code: "custom", message: `"${part}" is not an origin such as https://partner.example` });
          return z.NEVER;
        }
        if (!/^https?:$/.test(url.protocol) || url.origin !== part.replace(/\/$/, "")) {
          ctx.addIssue({ code: "custom", message: `"${part}" is not an origin such as https://partner.example (scheme, host and port only)` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  /** Server processes on the one port (SO_REUSEPORT), or "auto": one per CPU core. */
  WORKERS: z
    .string()
    .default("1")
    .transform((v, ctx) => {
      const count = workerCount(v);
      if (count === null) {
        ctx.addIssue({ code: "custom", message: 'must be a number of processes from 1 to 64, or "auto" (one per CPU core)' });
        return z.NEVER;
      }
      return count;
    }),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SQLITE_SYNCHRONOUS: z.enum(["NORMAL", "FULL"]).default(SQLITE_DEFAULTS.synchronous),
  SQLITE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(SQLITE_DEFAULTS.cacheMiB),
  SQLITE_CHECKPOINTS: z.enum(["background", "inline"]).default(SQLITE_DEFAULTS.checkpoints),
  /** How long a start or `rentals-cli db migrate` waits for another process's migration (SQLite: its write lock) before giving up. */
  MIGRATION_LOCK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  SEED_DEMO: bool.optional(),
  WEB_DIST: z.string().min(1).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  STAFF_SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  TRUST_PROXY: bool.default(false),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("CapeDrive <no-reply@capedrive.local>"),
  /** Where a customer's reply goes (a monitored inbox): every email's Reply-To. Unset, replies go to MAIL_FROM. */
  MAIL_REPLY_TO: z.string().min(3).optional(),
  /** The phone number every email's footer gives for questions (a tel: link), as it is to be shown. */
  SUPPORT_PHONE: z
    .string()
    .trim()
    .refine((v) => phoneE164(v) !== null, "must be a phone number such as 021 555 0123 or +27 21 555 0123 (digits, spaces, +, brackets and hyphens)")
    .optional(),
  GEOCODER_URL: z
    .url()
    .regex(/^https?:\/\//, "must be an http:// or https:// URL")
    .default("https://nominatim.openstreetmap.org"),
  GEOCODER_REQUESTS_PER_SECOND: z.coerce.number().positive().max(1000).default(1),
  ADMIN_SIGNUP_CODE: z.string().min(12, "must be at least 12 characters").optional(),
  BOOKING_MAX_ACTIVE: z.coerce.number().int().min(1).max(1000).default(2),
  BOOKING_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  BOOKING_ALLOW_OVERLAP: bool.default(false),
  BOOKING_FIRST_NEEDS_APPROVAL: bool.default(false),
  BOOKING_ATTEMPTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  BOOKING_ATTEMPTS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  UPLOAD_QUOTA_FILES: z.coerce.number().int().min(1).default(20),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).default(100),
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  UPLOAD_GRACE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  LATE_RETURN_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(59),
  FUEL_CHARGE_PER_EIGHTH: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "must be an amount in rand such as 180 or 187.50")
    .default("180")
    .transform((v) => Math.round(Number(v) * 100)),
  SUPPLIER_NAME: z.string().trim().min(2).default("CapeDrive (Pty) Ltd"),
  SUPPLIER_ADDRESS: z.string().trim().min(5).default("1 Dock Road, V&A Waterfront, Cape Town, 8001"),
  SUPPLIER_VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^4\d{9}$/, "must be a South African VAT number: 10 digits starting with 4")
    .default("4000000000"),
  /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <this token>`. */
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it travels in an Authorization header)")
    .optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

/** WORKERS' value as a number of processes: "auto" is one per CPU core; null unless 1 to 64 or "auto". */
export function workerCount(value: string): number | null {
  if (value === "auto") return availableParallelism();
  return /^[1-9][0-9]?$/.test(value) && Number(value) <= 64 ? Number(value) : null;
}

/**
 * SQLite's PRAGMA synchronous in WAL mode. NORMAL (the default): a commit is not synced to disk
 * until the next checkpoint, so a power loss or an operating-system crash may roll back the last
 * commits before it (the file is never corrupted, and a crash of the server itself loses nothing);
 * FULL syncs every commit (an fsync each, which holds the server's one event loop while it waits).
 */
export type SqliteSynchronous = "NORMAL" | "FULL";

/** SQLite's settings beyond the file: see the README's configuration table. */
export type SqliteTuning = { synchronous?: SqliteSynchronous; cacheMiB?: number; checkpoints?: "background" | "inline" };

export type DatabaseTarget = (({ provider: "sqlite"; url: string; file: string } & SqliteTuning) | { provider: "postgresql"; url: string }) & {
  /** How long a migration waits for another's lock (server/db/migrate.ts has the default). */
  migrationLockTimeoutSeconds?: number;
};

export type Config = {
  port: number;
  host: string;
  /** Server processes sharing the port (server/workers.ts); 1 serves from this process alone. */
  workers: number;
  dataDir: string;
  database: DatabaseTarget;
  tokenSecret: Uint8Array;
  publicUrl: string;
  /** Origins whose browser pages may call the API cross-origin: PUBLIC_URL's, then CORS_ORIGINS. */
  corsOrigins: string[];
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Demo data on the first start of an empty database: default on for SQLite, never for PostgreSQL unless asked. */
  seedDemo: boolean;
  webDist: string;
  /** Lifetime of a customer session, and of an admin or dealership one. */
  sessionTtlHours: number;
  staffSessionTtlHours: number;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  google: { clientId?: string; jwksUrl: string };
  /** Sender and Reply-To of every email; the footer's contact line is the support phone and the Reply-To address (../emails/contact.tsx). */
  mail: { smtpUrl?: string; from: string; replyTo?: string; supportPhone?: string };
  /** The invitation code that opens admin sign-up once an admin exists; unset, only the first admin may sign up. */
  adminSignupCode?: string;
  /** Base URL of a Nominatim-compatible geocoder (no trailing slash). */
  geocoderUrl: string;
  /** Upstream geocoder requests a second, all instances together (shared through the database). */
  geocoderRequestsPerSecond: number;
  /** What one customer may hold at once (domain quotas.ts); admins override per customer. */
  bookingLimits: { maxActive: number; maxDays: number; allowOverlap: boolean };
  /** A new account's first booking waits (pending) for an admin's approval. */
  firstBookingNeedsApproval: boolean;
  /** Booking attempts (creations) per account and per client address, per hour. */
  bookingRate: { perAccount: number; perAddress: number };
  /** Uploads per account: stored files and bytes, uploads per hour, and how long an unused upload is kept. */
  uploads: { quotaFiles: number; quotaBytes: number; perHour: number; graceHours: number };
  /** Collection charges (domain/handover.ts): minutes late before a day is charged, rand cents per eighth of a tank short. */
  charges: { lateGraceMinutes: number; fuelChargePerEighthCents: number };
  /** Who issues the tax invoices (shown on every receipt). */
  supplier: { name: string; address: string; vatNumber: string };
  /** The bearer token of GET /metrics; unset, /metrics is off (404). */
  metricsToken?: string;
  /** S3-compatible object storage; files stay under DATA_DIR/objects when unset. */
  s3?: { bucket: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string };
};

export class ConfigError extends Error {}

const secretVariables = new Set(["TOKEN_SECRET", "DATABASE_URL", "ADMIN_SIGNUP_CODE", "METRICS_TOKEN"]);

/**
 * A PostgreSQL URL's `sslmode` means what it means to psql and libpq (require: encrypted, the
 * certificate not checked; verify-full: checked). pg 8 reads prefer, require and verify-ca as
 * verify-full instead, and prints a security warning on every start and every CLI command that
 * says so; `uselibpqcompat=true` asks it for libpq's meaning, so one URL works alike everywhere.
 */
export function postgresUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (!url.searchParams.has("sslmode") || url.searchParams.has("uselibpqcompat")) return databaseUrl;
  url.searchParams.set("uselibpqcompat", "true");
  return url.toString();
}

export function databaseTarget(databaseUrl: string | undefined, dataDir: string): DatabaseTarget {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return { provider: "postgresql", url: postgresUrl(databaseUrl) };
  const file = databaseUrl ? resolve(databaseUrl.replace(/^file:(\/\/)?/, "")) : join(dataDir, "capedrive.db");
  return { provider: "sqlite", url: `file:${file}`, file };
}

/** The token secret: from TOKEN_SECRET, else generated once and kept in DATA_DIR (mode 0600). */
function tokenSecret(given: string | undefined, dataDir: string): Uint8Array {
  if (given) return new TextEncoder().encode(given);
  const path = join(dataDir, "token-secret");
  if (!existsSync(path)) {
    const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
    writeFileSync(path, secret + "\n", { mode: 0o600 });
    chmodSync(path, 0o600);
  }
  const stored = readFileSync(path, "utf8").trim();
  // An empty or truncated file (e.g. a crash while writing) must not become a guessable key.
  if (stored.length < 32)
    throw new ConfigError(
      `Invalid configuration:\n  TOKEN_SECRET: the stored secret in ${path} is shorter than 32 characters; delete the file to generate a new one, or set TOKEN_SECRET`,
    );
  return new TextEncoder().encode(stored);
}

/**
 * Text with the password of any `user:password@` part masked, whatever precedes it: a mistyped
 * URL ("smtp//user:pass@host", "smtp:user:pass@host") must not show its password either. Up to
 * the last @ of a word, in case the password holds one.
 */
export function withoutPasswords(text: string): string {
  return text.replace(/([^:/@\s]*:)(?!\/)\S*@/g, "$1***@");
}

/** Parses the environment; throws ConfigError naming the variable on bad input. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      // Never echo a secret (or a URL that may carry a password) into logs.
      const got = secretVariables.has(name) ? "" : ` (got ${JSON.stringify(withoutPasswords(present[name] ?? ""))})`;
      return `${name}: ${issue.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  DATA_DIR: cannot create ${dataDir} (${(error as Error).message})`);
  }
  const target = databaseTarget(e.DATABASE_URL, dataDir);
  const database: DatabaseTarget =
    target.provider === "sqlite"
      ? {
          ...target,
          synchronous: e.SQLITE_SYNCHRONOUS,
          cacheMiB: e.SQLITE_CACHE_MB,
          checkpoints: e.SQLITE_CHECKPOINTS,
          migrationLockTimeoutSeconds: e.MIGRATION_LOCK_TIMEOUT_SECONDS,
        }
      : { ...target, migrationLockTimeoutSeconds: e.MIGRATION_LOCK_TIMEOUT_SECONDS };
  return {
    port: e.PORT,
    host: e.HOST,
    workers: e.WORKERS,
    dataDir,
    database,
    tokenSecret: tokenSecret(e.TOKEN_SECRET, dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    corsOrigins: [...new Set([new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin, ...e.CORS_ORIGINS])],
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? database.provider === "sqlite",
    webDist: resolve(e.WEB_DIST ?? join(import.meta.dir, "..", "web", "dist")),
    sessionTtlHours: e.SESSION_TTL_HOURS,
    staffSessionTtlHours: e.STAFF_SESSION_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, replyTo: e.MAIL_REPLY_TO, supportPhone: e.SUPPORT_PHONE },
    adminSignupCode: e.ADMIN_SIGNUP_CODE,
    geocoderUrl: e.GEOCODER_URL.replace(/\/+$/, ""),
    geocoderRequestsPerSecond: e.GEOCODER_REQUESTS_PER_SECOND,
    bookingLimits: { maxActive: e.BOOKING_MAX_ACTIVE, maxDays: e.BOOKING_MAX_DAYS, allowOverlap: e.BOOKING_ALLOW_OVERLAP },
    firstBookingNeedsApproval: e.BOOKING_FIRST_NEEDS_APPROVAL,
    bookingRate: { perAccount: e.BOOKING_ATTEMPTS_PER_HOUR, perAddress: e.BOOKING_ATTEMPTS_PER_HOUR_PER_ADDRESS },
    supplier: { name: e.SUPPLIER_NAME, address: e.SUPPLIER_ADDRESS, vatNumber: e.SUPPLIER_VAT_NUMBER },
    charges: { lateGraceMinutes: e.LATE_RETURN_GRACE_MINUTES, fuelChargePerEighthCents: e.FUEL_CHARGE_PER_EIGHTH },
    uploads: { quotaFiles: e.UPLOAD_QUOTA_FILES, quotaBytes: e.UPLOAD_QUOTA_MB * 1_048_576, perHour: e.UPLOADS_PER_HOUR, graceHours: e.UPLOAD_GRACE_HOURS },
    metricsToken: e.METRICS_TOKEN,
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : undefined,
  };
}
