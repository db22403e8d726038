import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "./module-preloads.server";

const run = (html: string) => scriptsAfterFirstPaint(Buffer.from(html)).toString();

/** React Router's module script, as `<Scripts>` renders it (fog of war on, two matched routes). */
const MODULE_SCRIPT =
  ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/product-B.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry-C.js"},"url":"/ü"};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};\n\nimport("/assets/entry-C.js");';
const HTML =
  '<head><link rel="modulepreload" href="/assets/entry-C.js" nonce="abc+/="/>' +
  '<link rel="stylesheet" nonce="abc+/=" href="/s.css"/><link rel="modulepreload" href="/assets/root-A.js"/></head>' +
  '<body>é <p>1 < 2</p><script nonce="abc+/=">x</script>' +
  `<script nonce="abc+/=" type="module" async="">${MODULE_SCRIPT}</script><script nonce="abc+/=">y</script></body>`;

/** The rewritten module script's body. */
function moduleScript(html: string): string {
  const at = html.indexOf('type="module" async="">') + 'type="module" async="">'.length;
  return html.slice(at, html.indexOf("</script>", at));
}

describe("scriptsAfterFirstPaint", () => {
  it("drops the preload tags and leaves the rest of the page byte for byte", () => {
    const out = run(HTML);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out.replace(moduleScript(out), "")).toBe(
      '<head><link rel="stylesheet" nonce="abc+/=" href="/s.css"/></head>' +
        '<body>é <p>1 < 2</p><script nonce="abc+/=">x</script>' +
        '<script nonce="abc+/=" type="module" async=""></script><script nonce="abc+/=">y</script></body>',
    );
  });

  it("waits for a paint, preloads the same modules, imports the routes, then runs React Router's script", async () => {
    const script = moduleScript(run(HTML));
    expect(script).not.toMatch(/import \*/);
    const events: string[] = [];
    const frame: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const head: { rel: string; href: string }[] = [];
    const modules: Record<string, object> = {
      "/assets/root-A.js": { name: "root" },
      "/assets/product-B.js": { name: "product" },
    };
    const win: Record<string, unknown> = {};
    const fn = new Function(
      "document",
      "requestAnimationFrame",
      "setTimeout",
      "window",
      "__import",
      script.replaceAll("import(", "__import("),
    );
    fn(
      {
        visibilityState: "visible",
        createElement: () => ({}),
        head: { append: (l: { rel: string; href: string }) => head.push(l) },
      },
      (f: () => void) => frame.push(f),
      (f: () => void) => timers.push(f),
      win,
      async (url: string) => {
        events.push(`import ${url}`);
        return modules[url] ?? {};
      },
    );
    await Promise.resolve();
    expect(head).toEqual([]);
    expect(events).toEqual([]);
    frame.shift()?.();
    expect(events).toEqual([]);
    timers.shift()?.();
    await new Promise((r) => setImmediate(r));
    expect(head.map((l) => [l.rel, l.href])).toEqual([
      ["modulepreload", "/assets/entry-C.js"],
      ["modulepreload", "/assets/root-A.js"],
    ]);
    expect(events).toEqual([
      "import /assets/root-A.js",
      "import /assets/product-B.js",
      "import /assets/entry-C.js",
    ]);
    expect(win.__reactRouterRouteModules).toEqual({
      root: { name: "root" },
      "routes/product": { name: "product" },
    });
    expect(win.__reactRouterManifest).toEqual({
      entry: { module: "/assets/entry-C.js" },
      url: "/ü",
    });
  });

  it("inserts the preloads a few per task, each batch after a timeout, before importing", async () => {
    const many = Array.from({ length: 20 }, (_, i) => `/assets/m${i}.js`);
    const html =
      `<head>${many.map((h) => `<link rel="modulepreload" href="${h}"/>`).join("")}</head>` +
      `<body><script type="module" async="">${MODULE_SCRIPT}</script></body>`;
    const script = moduleScript(run(html));
    const timers: (() => void)[] = [];
    const head: string[] = [];
    const imports: string[] = [];
    new Function(
      "document",
      "requestAnimationFrame",
      "setTimeout",
      "window",
      "__import",
      script.replaceAll("import(", "__import("),
    )(
      {
        visibilityState: "visible",
        createElement: () => ({}),
        head: { append: (l: { href: string }) => head.push(l.href) },
      },
      (f: () => void) => f(),
      (f: () => void) => timers.push(f),
      {},
      async (url: string) => {
        imports.push(url);
        return {};
      },
    );
    const settle = () => new Promise((r) => setImmediate(r));
    const batches: number[] = [];
    for (let turn = 0; turn < 10 && timers.length > 0; turn++) {
      timers.shift()?.();
      await settle();
      batches.push(head.length);
    }
    // The first timeout is the paint's; then one batch of up to 8 per timeout.
    expect(batches).toEqual([8, 16, 20]);
    expect(head).toEqual(many);
    expect(imports[0]).toBe("/assets/root-A.js");
  });

  it("leaves a page without a module script, or with another static import, as it was", () => {
    const plain = '<p>a</p><link rel="modulepreload" href="/x.js"/><b>c</b><';
    expect(run(plain)).toBe(plain);
    const hmr = HTML.replace(";\nimport * as route0", 'import "/@hmr";\nimport * as route0');
    expect(run(hmr)).toBe(hmr);
  });
});
