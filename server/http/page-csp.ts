/**
 * Hash-based CSP for cached pages (issue 32, decision 056): a page the cache may keep is rendered
 * with a one-off nonce that marks the scripts the app wrote, then stored without it: its CSP
 * allows exactly those inline scripts by their SHA-256 (React Router's hydration and route
 * scripts, the app's own), so its bytes and its header are the same for every reader of its
 * audience and any shared cache may keep them. Pages rendered for one reader keep a
 * per-response nonce (server/http/react-router.ts).
 */
import { createHash, randomBytes } from "node:crypto";

// An inline script: a <script> without src. Its text is everything up to the first "</script"
// (HTML's script data state), exactly as the browser hashes it.
const INLINE_SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script/gi;
const HAS_SRC = /\ssrc\s*=/i;

/**
 * A page rendered with the one-off nonce `nonce`, made fixed: the `'sha256-…'` sources of the
 * inline scripts that carry that nonce (those the app and React Router wrote; markup injected
 * into the page could not know it, so it is never allowed), and the bytes with every
 * ` nonce="…"` attribute of that nonce removed (the stored page carries none).
 */
export function fixedPage(html: Buffer, nonce: string): { body: Buffer; sources: string[] } {
  const text = html.toString("utf8");
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  if (nonce) {
    for (const m of text.matchAll(INLINE_SCRIPT)) {
      const attrs = m[1] ?? "";
      if (HAS_SRC.test(attrs) || !attrs.includes(attribute)) continue;
      const digest = createHash("sha256")
        .update(m[2] ?? "", "utf8")
        .digest("base64");
      hashes.add(`'sha256-${digest}'`);
    }
  }
  const body =
    nonce && text.includes(attribute) ? Buffer.from(text.split(attribute).join("")) : html;
  return { body, sources: [...hashes] };
}

// Random bytes drawn a few KB at a time (one call into the CSPRNG per 256 nonces, not per
// response); each nonce takes its own 16 bytes, never reused.
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let poolAt = 0;

/** A fresh nonce per response (pages rendered for one reader): 128 random bits. */
export function newCspNonce(): string {
  if (poolAt + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    poolAt = 0;
  }
  const nonce = pool.toString("base64", poolAt, poolAt + NONCE_BYTES);
  poolAt += NONCE_BYTES;
  return nonce;
}
