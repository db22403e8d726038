import { defineConfig, devices } from "@playwright/test";

// e2e runs the built app exactly as `npm start` does (node dist/main.js on a fresh data directory,
// migrated and seeded on first start) and drives Debian's Chromium: no browser download here.
const PORT = Number(process.env.E2E_PORT ?? 3197);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";
// A second app in Stripe mode (tests/e2e/payments-stripe.spec.ts), its own database, talking to
// the Stripe stand-in (tests/support/stripe-stand-in) instead of api.stripe.com.
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3198);
const STRIPE_DATA_DIR = ".cache/e2e-stripe-data";
const STRIPE_STAND_IN = "http://127.0.0.1:12111";
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_secret";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: "retain-on-failure" },
  projects: [
    {
      name: "desktop",
      use: { ...chromium, viewport: { width: 1440, height: 900 } },
      // Phone-width checks (sideways scrolling at 390 px, the phone's sticky layers).
      grepInvert: /@phone-only/,
    },
    {
      name: "phone",
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Server-side sweeps (page actions fuzz; crawler, validators, sitemap, link previews): the
      // desktop project covers them once.
      testIgnore: /(page-fuzz|seo)\.spec\.ts/,
      // Desktop-only flows (the staff back office); their file's other tests run here too.
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: [
    {
      command: `rm -rf ${DATA_DIR} && node dist/main.js`,
      url: `http://127.0.0.1:${PORT}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: appEnv(PORT, DATA_DIR),
    },
    {
      command:
        "npx tsx tests/support/stripe-stand-in/cli.ts --port 12111 " +
        `--webhook-url http://127.0.0.1:${STRIPE_PORT}/api/payments/stripe/webhook/ ` +
        `--webhook-secret ${STRIPE_WEBHOOK_SECRET}`,
      url: `${STRIPE_STAND_IN}/v3`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: `rm -rf ${STRIPE_DATA_DIR} && node dist/main.js`,
      url: `http://127.0.0.1:${STRIPE_PORT}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        ...appEnv(STRIPE_PORT, STRIPE_DATA_DIR),
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: STRIPE_STAND_IN,
      },
    },
  ],
});

/** The built app's environment, as `npm start` on a fresh machine. */
function appEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    // Fresh accounts sign up "from" addresses of their own (tests/e2e/fixtures.ts), as through a
    // proxy on 127.0.0.1; the pages' own requests carry no X-Forwarded-For and stay 127.0.0.1.
    TRUST_PROXY: "127.0.0.1",
    // e2e always runs on the embedded database, like `npm start` on a fresh machine.
    DATABASE_URL: "",
    // Partner webhooks go to a receiver on 127.0.0.1 (tests/support/partner-receiver.ts).
    PARTNER_WEBHOOK_ALLOW_PRIVATE: "true",
  };
}
