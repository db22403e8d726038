import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../../server/paths";

/**
 * A key that changes whenever the migrations or the demo data change, so the migrated and seeded
 * template database is rebuilt exactly when it must be and reused otherwise.
 */
export function templateKey(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(name).update(readFileSync(full));
    }
  };
  for (const dir of ["server/db/migrations", "server/db/seed", "server/db/schema"]) {
    walk(path.join(projectRoot, dir));
  }
  hash.update(readFileSync(path.join(projectRoot, "server/services/accounts/passwords.ts")));
  // Demo dates are relative to seeding ("ends within 3 days"): a template lives one day at most.
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest("hex").slice(0, 16);
}

export const cacheDir = path.join(projectRoot, ".cache");
export const pgliteTemplateFile = (key: string) => path.join(cacheDir, `template-${key}.tar`);
/** Databases this run creates are named after DATABASE_URL's, so a run cleans up only its own. */
export function runDatabasePrefix(url: string | undefined = process.env.DATABASE_URL): string {
  const name = url ? new URL(url).pathname.slice(1) : "";
  return (name || "payonce").replace(/[^a-z0-9_]/gi, "_").slice(0, 30);
}
export const postgresTemplateName = (key: string) => `${runDatabasePrefix()}_tpl_${key}`;

/** The same server as DATABASE_URL, another database on it. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
