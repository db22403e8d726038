import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

// Environment, parsed and validated once at boot. Every variable has a default that works on a
// laptop; README.md documents each one.
const booleanFromEnv = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1");

// proxy-addr's names for address ranges, accepted by Fastify's trustProxy beside addresses.
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length || !isIP(address)) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits);
};

/**
 * TRUST_PROXY, for Fastify's trustProxy: "false" (default: X-Forwarded-* are ignored), "true"
 * (trust every hop), a hop count, or a comma-separated list of proxy addresses and CIDRs.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .default("false")
  .transform((value, ctx): boolean | number | string[] => {
    const v = value.toLowerCase();
    if (v === "" || v === "false" || v === "0") return false;
    if (v === "true") return true;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = value
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length) {
      ctx.addIssue({
        code: "custom",
        message: `must be true, false, a hop count or addresses/CIDRs (not ${bad.join(", ")})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: trustProxyFromEnv,
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_ON_START: booleanFromEnv.default(true),
  COOKIE_SECURE: booleanFromEnv.optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().default("payonce:"),
  CDN_PURGE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  CDN_PURGE_METHOD: z.enum(["PURGE", "POST", "DELETE"]).default("PURGE"),
  CDN_PURGE_TOKEN: z.string().optional(),
  METRICS_TOKEN: z.string().optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // Where the Stripe API is: unset means Stripe itself; a local stand-in in tests.
  STRIPE_API_BASE: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().min(3).default("Payonce <no-reply@payonce.test>"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  REPORT_LISTING_URL: z.string().url().default("https://forms.payonce.test/report-listing"),
  /** Campaign prices in the cart (spec 001 section 9: only "if the experiment is enabled"). */
  CAMPAIGN_PRICING_EXPERIMENT: booleanFromEnv.default(false),
  /** Partner webhooks may go to loopback, private and link-local addresses (tests, local dev). */
  PARTNER_WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.default(false),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Deadlines of PostgreSQL work: waiting for a connection, one statement (README). */
  dbConnectTimeoutMs: number;
  dbStatementTimeoutMs: number;
  /** How long SIGTERM waits for in-flight requests before the process exits anyway. */
  shutdownGraceMs: number;
  publicUrl: string;
  /** Whose X-Forwarded-For/-Proto/-Host to believe (Fastify's trustProxy). */
  trustProxy: boolean | number | string[];
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  seedOnStart: boolean;
  cookieSecure: boolean;
  sessionTtlDays: number;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several apps (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /**
   * Where page events are sent as purges of a shared cache in front (Varnish, Fastly,
   * Cloudflare), by surrogate key (server/services/cache/cdn-purge.ts); none: no purge.
   */
  cdnPurge: { url: string; method: "PURGE" | "POST" | "DELETE"; token: string | undefined } | null;
  /**
   * Bearer token for `GET /metrics` from anywhere (server/http/metrics.ts); without it only a
   * direct loopback request (no proxy header) may read them.
   */
  metricsToken: string | undefined;
  /** Worker processes on this machine (node:cluster); 1 serves from the one process. */
  webConcurrency: number;
  /** S3-compatible storage for uploaded media; the data directory when unset. */
  s3: S3Config | undefined;
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiBase: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  recaptchaSecretKey: string | undefined;
  reportListingUrl: string;
  campaignPricingExperiment: boolean;
  /** Off (default), partner webhooks to loopback/private/link-local addresses are refused (SSRF). */
  partnerWebhookAllowPrivate: boolean;
};

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
};

/** All of endpoint, bucket and keys, or none: half a configuration is a mistake, not a choice. */
function s3From(e: z.infer<typeof EnvSchema>): S3Config | undefined {
  const required = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(required).filter(([, v]) => !v);
  if (missing.length === 4) return undefined;
  if (missing.length)
    throw new Error(
      `Invalid environment:\n  ${missing.map(([k]) => k).join(", ")}: required when S3_* is set`,
    );
  return {
    endpoint: e.S3_ENDPOINT as string,
    bucket: e.S3_BUCKET as string,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL)
    throw new Error(
      "Invalid environment:\n  WEB_CONCURRENCY: above 1 needs DATABASE_URL (the embedded database belongs to one process)",
    );
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    seedOnStart: e.SEED_ON_START,
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith("https://"),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    cdnPurge: e.CDN_PURGE_URL
      ? { url: e.CDN_PURGE_URL, method: e.CDN_PURGE_METHOD, token: e.CDN_PURGE_TOKEN || undefined }
      : null,
    metricsToken: e.METRICS_TOKEN || undefined,
    webConcurrency: e.WEB_CONCURRENCY,
    s3: s3From(e),
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: e.STRIPE_API_BASE || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET || undefined,
    recaptchaSecretKey: e.RECAPTCHA_SECRET_KEY || undefined,
    reportListingUrl: e.REPORT_LISTING_URL,
    campaignPricingExperiment: e.CAMPAIGN_PRICING_EXPERIMENT,
    partnerWebhookAllowPrivate: e.PARTNER_WEBHOOK_ALLOW_PRIVATE,
  };
}

/**
 * A config for tests: defaults, with overrides. Files (uploaded media) go to a directory of this
 * process under the system temp dir, never into the developer's ./data.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.join(os.tmpdir(), `payonce-test-${process.pid}`);
  return {
    // Tests' partner receivers listen on 127.0.0.1.
    ...loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      PARTNER_WEBHOOK_ALLOW_PRIVATE: "true",
    }),
    ...overrides,
  };
}
