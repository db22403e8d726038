const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const MODULE_SCRIPT = Buffer.from('type="module"');
const SCRIPT_START = Buffer.from("<script");
const SCRIPT_END = Buffer.from("</script>");
const TAG_END = 62; // ">"
const HREF = / href="([^"]+)"/;
/** React Router's static imports of the route modules (`<Scripts>`, framework mode). */
const ROUTE_IMPORT = /import \* as ([A-Za-z_$][\w$]*) from ("[^"\\]+");\n?/g;
/** Any other static import left in the script: then it cannot be deferred, and is left alone. */
const STATIC_IMPORT = /(^|[\s;])import\s*[^\s(]/;

/** Preload links inserted per task (see afterFirstPaint). */
const PRELOADS_PER_TASK = 8;

/**
 * The code that starts the page's scripts once the page has painted: the module preloads as
 * <link> elements, then the route modules, then React Router's own script (`rest`, which sets the
 * manifest and the route modules and imports the entry). The first animation frame of a page
 * runs after its render-blocking stylesheet has arrived and just before its first paint; the
 * timeout after it runs after that paint. A hidden page (a background tab: no frames) starts at
 * once.
 */
function afterFirstPaint(preloads: string[], routes: [name: string, url: string][], rest: string) {
  const imports = routes.map(([, url]) => `import(${url})`).join(",");
  const names = routes.map(([name]) => name).join(",");
  return (
    `(document.visibilityState==="hidden"?Promise.resolve():new Promise((r)=>requestAnimationFrame(()=>setTimeout(r))))` +
    // A few preloads per task: inserting all ~38 at once was one ~25 ms task right after the
    // first paint (100 ms at a phone's 4x CPU, counted by Total Blocking Time).
    `.then(async()=>{const p=${JSON.stringify(preloads)};for(let i=0;i<p.length;i+=${PRELOADS_PER_TASK}){if(i)await new Promise((r)=>setTimeout(r));` +
    `for(const h of p.slice(i,i+${PRELOADS_PER_TASK})){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}}` +
    `return Promise.all([${imports}])}).then(([${names}])=>{${rest}\n});`
  );
}

/**
 * The page's JavaScript starts loading once the page has painted (issue 15, Lighthouse phone
 * profile): on a slow phone connection the HTML, its stylesheet and the first hero image get the
 * bandwidth to themselves, and the largest paint does not wait on ~200 KB of scripts that only
 * hydrate what is already on screen. React Router's `<Scripts>` renders a `<link
 * rel="modulepreload">` per chunk and a module script whose static imports start every download
 * as soon as the HTML is parsed; the rendered page (pages are rendered whole:
 * app/entry.server.tsx) is rewritten so that module script first waits for the paint, then adds
 * the same preloads and imports the same route modules (dynamic imports give the same module
 * namespaces), then runs the rest of React Router's script unchanged. The preload tags go (their
 * hrefs ride in the script; script-src allows 'self', which covers every preloaded module).
 *
 * Preload tags and the module script are ASCII except, possibly, the manifest's paths, so the
 * script is rewritten as UTF-8 and the rest of the page is copied as bytes, untouched. A page
 * whose module script has another kind of static import (React Router's development runtime, or
 * a manifest import) keeps its preloads and script as they were.
 */
export function scriptsAfterFirstPaint(html: Buffer): Buffer {
  const scriptAt = html.indexOf(MODULE_SCRIPT);
  const openAt = scriptAt < 0 ? -1 : html.lastIndexOf(SCRIPT_START, scriptAt);
  const bodyAt = openAt < 0 ? -1 : html.indexOf(TAG_END, scriptAt) + 1;
  const closeAt = bodyAt <= 0 ? -1 : html.indexOf(SCRIPT_END, bodyAt);
  if (closeAt < 0) return html;

  const routes: [string, string][] = [];
  const rest = html
    .subarray(bodyAt, closeAt)
    .toString("utf8")
    .replace(ROUTE_IMPORT, (_, name: string, url: string) => {
      routes.push([name, url]);
      return "";
    });
  if (routes.length === 0 || STATIC_IMPORT.test(rest)) return html;

  const preloads: string[] = [];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(MODULE_PRELOAD); at >= 0 && at < openAt; ) {
    const end = html.indexOf(TAG_END, at);
    if (end < 0 || end > openAt) break;
    const href = HREF.exec(html.subarray(at, end).toString("latin1"))?.[1];
    if (href) preloads.push(href.replaceAll("&amp;", "&"));
    parts.push(html.subarray(from, at));
    from = end + 1;
    at = html.indexOf(MODULE_PRELOAD, from);
  }
  parts.push(
    html.subarray(from, bodyAt),
    Buffer.from(afterFirstPaint(preloads, routes, rest), "utf8"),
    html.subarray(closeAt),
  );
  return Buffer.concat(parts);
}
