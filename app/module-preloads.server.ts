import { Transform } from "node:stream";

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * The page's JavaScript is preloaded at low priority: on a slow phone connection the HTML's
 * stylesheet and the first hero image load first, so the page paints before the scripts that
 * hydrate it have arrived (issue 15, Lighthouse phone profile). <Scripts> renders the preloads
 * with no way to pass a priority, so the streamed HTML gets it. ASCII only, so the bytes are
 * rewritten as they are; a match split across two chunks is caught by holding back a tail.
 */
export function lowPriorityModulePreloads(): Transform {
  let carry = Buffer.alloc(0);
  const hold = MODULE_PRELOAD.length - 1;
  const rewrite = (buf: Buffer) => {
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = buf.indexOf(MODULE_PRELOAD); at >= 0; at = buf.indexOf(MODULE_PRELOAD, from)) {
      parts.push(buf.subarray(from, at), LOW_MODULE_PRELOAD);
      from = at + MODULE_PRELOAD.length;
    }
    parts.push(buf.subarray(from));
    return Buffer.concat(parts);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      // Keep back what could be the start of a match completed by the next chunk.
      let cut = buf.length;
      const tailStart = buf.lastIndexOf(60 /* < */, buf.length - 1);
      if (tailStart >= 0 && tailStart > buf.length - 1 - hold) {
        const tail = buf.subarray(tailStart);
        if (MODULE_PRELOAD.subarray(0, tail.length).equals(tail)) cut = tailStart;
      }
      carry = Buffer.from(buf.subarray(cut));
      callback(null, rewrite(buf.subarray(0, cut)));
    },
    flush(callback) {
      callback(null, carry.length > 0 ? rewrite(carry) : undefined);
    },
  });
}
