// Bundles the server into dist/main.js: one file loads far faster than Node resolving hundreds
// of ESM modules (drizzle-orm alone cost ~480 ms at start-up unbundled, per DESIGN.md).
import { build } from "esbuild";

await build({
  entryPoints: { main: "server/main.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: "linked",
  // PGlite loads its WASM and data files from its own package folder; react-router and react must
  // be the very same instances the React Router build (build/server) imports.
  external: ["@electric-sql/pglite", "react-router", "react", "react-dom", "@react-router/node"],
  banner: {
    js: "import { createRequire as __payonceCreateRequire } from 'node:module'; const require = __payonceCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
});
