import os from "node:os";
import path from "node:path";
import { z } from "zod";

// Environment, parsed and validated once at boot. Every variable has a default that works on a
// laptop; README.md documents each one.
const booleanFromEnv = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1");

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
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_ON_START: booleanFromEnv.default(true),
  COOKIE_SECURE: booleanFromEnv.optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().default("payonce:"),
  STRIPE_SECRET_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().min(3).default("Payonce <no-reply@payonce.test>"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  REPORT_LISTING_URL: z.string().url().default("https://forms.payonce.test/report-listing"),
  /** Campaign prices in the cart (spec 001 section 9: only "if the experiment is enabled"). */
  CAMPAIGN_PRICING_EXPERIMENT: booleanFromEnv.default(false),
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
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  seedOnStart: boolean;
  cookieSecure: boolean;
  sessionTtlDays: number;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several apps (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  stripeSecretKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  recaptchaSecretKey: string | undefined;
  reportListingUrl: string;
  campaignPricingExperiment: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
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
    logLevel: e.LOG_LEVEL,
    seedOnStart: e.SEED_ON_START,
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith("https://"),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET || undefined,
    recaptchaSecretKey: e.RECAPTCHA_SECRET_KEY || undefined,
    reportListingUrl: e.REPORT_LISTING_URL,
    campaignPricingExperiment: e.CAMPAIGN_PRICING_EXPERIMENT,
  };
}

/**
 * A config for tests: defaults, with overrides. Files (uploaded media) go to a directory of this
 * process under the system temp dir, never into the developer's ./data.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.join(os.tmpdir(), `payonce-test-${process.pid}`);
  return {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    ...overrides,
  };
}
