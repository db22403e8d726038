import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and applied on start (server/db/migrate.ts),
// identically on PGlite and PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
  casing: "snake_case",
});
