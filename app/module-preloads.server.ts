import { Transform } from "node:stream";

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_END = 62; // ">"
const NONCE = / nonce="[^"]*"/;

/** One preload tag, as latin1 (the tag's bytes are ASCII): low priority, no nonce. */
const lowPriorityTag = (tag: string) =>
  tag
    .replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
    .replace(NONCE, "");

/**
 * The page's JavaScript is preloaded at low priority: on a slow phone connection the HTML's
 * stylesheet and the first hero image load first, so the page paints before the scripts that
 * hydrate it have arrived (issue 15, Lighthouse phone profile). <Scripts> renders the preloads
 * with no way to pass a priority, so the streamed HTML gets it. The preloads also lose their
 * nonce: script-src allows 'self', which covers every preloaded module, and the 33 bytes a tag
 * pay for the attribute that nothing reads (about 1.2 KB a page; issue 14's page weight).
 * Preload tags are ASCII, so they are rewritten as bytes; a tag split across two chunks is held
 * back until its end arrives.
 */
export function lowPriorityModulePreloads(): Transform {
  let carry: Buffer = Buffer.alloc(0);
  /** Rewrites the complete tags of `buf`; returns the output and the bytes to hold back. */
  const rewrite = (buf: Buffer, final: boolean): [Buffer, Buffer] => {
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = buf.indexOf(MODULE_PRELOAD); at >= 0; at = buf.indexOf(MODULE_PRELOAD, from)) {
      const end = buf.indexOf(TAG_END, at);
      if (end < 0) {
        if (final) break;
        parts.push(buf.subarray(from, at));
        return [Buffer.concat(parts), Buffer.from(buf.subarray(at))];
      }
      parts.push(
        buf.subarray(from, at),
        Buffer.from(lowPriorityTag(buf.subarray(at, end + 1).toString("latin1")), "latin1"),
      );
      from = end + 1;
    }
    // Hold back a tail that could be the start of a preload tag completed by the next chunk.
    let cut = buf.length;
    if (!final) {
      const lt = buf.lastIndexOf(60 /* < */);
      if (lt >= from && buf.length - lt < MODULE_PRELOAD.length) {
        const tail = buf.subarray(lt);
        if (MODULE_PRELOAD.subarray(0, tail.length).equals(tail)) cut = lt;
      }
    }
    parts.push(buf.subarray(from, cut));
    return [Buffer.concat(parts), Buffer.from(buf.subarray(cut))];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const [out, rest] = rewrite(carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk, false);
      carry = rest;
      callback(null, out);
    },
    flush(callback) {
      const [out] = rewrite(carry, true);
      callback(null, out.length > 0 ? out : undefined);
    },
  });
}
