import { defineConfig } from "vitest/config";

// Three kinds of test: unit tests beside the code (domain/, app/, server/), API tests through
// Fastify's inject on a fresh database per file (PGlite always; PostgreSQL too when DATABASE_URL is
// set), and e2e in Chromium (Playwright, run separately by `npm test`).
const apiProject = (db: "pglite" | "postgres") => ({
  test: {
    name: `api-${db}`,
    include: ["tests/api/**/*.test.ts"],
    globalSetup: [`tests/setup/global-setup-${db}.ts`],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
        },
      },
      apiProject("pglite"),
      ...(process.env.DATABASE_URL
        ? [
            apiProject("postgres"),
            // Two app instances on one database: PostgreSQL only (PGlite belongs to one process).
            {
              test: {
                ...apiProject("postgres").test,
                name: "scale-out",
                include: ["tests/scale-out/**/*.test.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
