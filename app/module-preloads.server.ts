const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const HEAD_END = Buffer.from("</head>");
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
 * with no way to pass a priority, so the rendered page gets it (pages are rendered whole:
 * app/entry.server.tsx). The preloads also lose their nonce: script-src allows 'self', which
 * covers every preloaded module, and the 33 bytes a tag pay for an attribute that nothing reads
 * (about 1.2 KB a page; issue 14's page weight). Preload tags are ASCII, so they are rewritten as
 * bytes and the rest of the page is copied untouched.
 */
export function lowPriorityModulePreloads(html: Buffer): Buffer {
  // React puts every preload in the head (hoisted resources; the page is rendered whole before
  // it is written), so the search stops at </head> instead of reading the 200 KB after it.
  const headEnd = html.indexOf(HEAD_END);
  const head = headEnd < 0 ? html : html.subarray(0, headEnd);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = head.indexOf(MODULE_PRELOAD); at >= 0; at = head.indexOf(MODULE_PRELOAD, from)) {
    const end = head.indexOf(TAG_END, at);
    if (end < 0) break;
    parts.push(
      html.subarray(from, at),
      Buffer.from(lowPriorityTag(html.subarray(at, end + 1).toString("latin1")), "latin1"),
    );
    from = end + 1;
  }
  if (from === 0) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
