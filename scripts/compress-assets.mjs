// Precompresses the client build (build/client) once, at build time: every text asset gets a
// brotli (.br, quality 11) and a gzip (.gz, level 9) sibling, which @fastify/static serves by the
// request's Accept-Encoding (server/app.ts, `preCompressed`). Paying the slowest, smallest settings
// here costs nothing per request. A sibling that is not smaller than the original is not written,
// so the original is served.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const ROOT = path.resolve("build/client");
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico)$/;
// Below this a compressed answer saves less than its headers cost.
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(ROOT)) {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
  const body = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
  count++;
  before += body.length;
  after += Math.min(br.length, body.length);
}
console.log(
  `compress-assets: ${count} files, ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (brotli)`,
);
