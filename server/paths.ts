import { existsSync } from "node:fs";
import path from "node:path";

// The server runs both from source (tsx, vitest) and bundled into dist/; files it reads at run
// time (migrations, the React Router build) are found from the project root either way.
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(import.meta.dirname);
export const migrationsDir = path.join(projectRoot, "server/db/migrations");
export const reactRouterBuildDir = path.join(projectRoot, "build");
