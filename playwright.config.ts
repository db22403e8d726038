import { defineConfig, devices } from "@playwright/test";

// e2e runs the built app exactly as `npm start` does (node dist/main.js on a fresh data directory,
// migrated and seeded on first start) and drives Debian's Chromium: no browser download here.
const PORT = Number(process.env.E2E_PORT ?? 3197);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";

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
  webServer: {
    command: `rm -rf ${DATA_DIR} && node dist/main.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: "warn",
      // e2e always runs on the embedded database, like `npm start` on a fresh machine.
      DATABASE_URL: "",
    },
  },
});
