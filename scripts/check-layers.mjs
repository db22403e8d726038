#!/usr/bin/env node
// The layer rules of DESIGN.md that Biome cannot express (Biome's noRestrictedImports cannot
// tell a type import from a value import): app/ may import types from anywhere, but values from
// server/ only through the adapter layer server/web/. (Services importing server/http/ is a Biome
// rule in biome.json.) Exits non-zero with one line per offending import.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const serverDir = path.join(root, "server");
const webDir = path.join(serverDir, "web");

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

// Whole import/export-from statements, across lines: `import type {...} from "x"`,
// `import { type A, b } from "x"`, `import x from "x"`, `export { a } from "x"`.
const STATEMENT = /^(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/gms;

/** True when the statement brings in (or re-exports) at least one value, not only types. */
function importsValue(typeKeyword, clause) {
  if (typeKeyword) return false;
  const braces = clause.match(/\{([^}]*)\}/);
  const outside = clause.replace(/\{[^}]*\}/, "").replace(/[\s,]/g, "");
  if (outside) return true; // a default or namespace import
  if (!braces) return true;
  const names = braces[1]
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return names.some((n) => !n.startsWith("type "));
}

const problems = [];
for (const file of sourceFiles(path.join(root, "app"))) {
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(STATEMENT)) {
    const [, , typeKeyword, clause, spec] = m;
    if (!spec.startsWith(".")) continue;
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(serverDir + path.sep)) continue;
    if (target.startsWith(webDir + path.sep)) continue;
    if (!importsValue(typeKeyword, clause)) continue;
    const line = text.slice(0, m.index).split("\n").length;
    problems.push(
      `${path.relative(root, file)}:${line} imports values from ${spec} (use server/web/)`,
    );
  }
}
if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} import(s) from app/ into server/ bypass the adapter layer.`);
  process.exit(1);
}
