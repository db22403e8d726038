import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads.server";

const run = (html: string) => lowPriorityModulePreloads(Buffer.from(html)).toString();

const HTML =
  '<head><link rel="modulepreload" href="/a.js" nonce="abc+/="/><link rel="stylesheet" nonce="abc+/=" href="/s.css"/>' +
  '<link rel="modulepreload" href="/b.js"/></head><body>é <p>1 < 2</p><script nonce="abc+/=">x</script></body>';
const EXPECTED =
  '<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="stylesheet" nonce="abc+/=" href="/s.css"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/b.js"/></head><body>é <p>1 < 2</p><script nonce="abc+/=">x</script></body>';

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload low priority, without its nonce, and leaves the rest as it was", () => {
    expect(run(HTML)).toBe(EXPECTED);
  });

  it("passes a page without preloads through unchanged, a trailing '<' included", () => {
    expect(run("<p>a</p><b>c</b><")).toBe("<p>a</p><b>c</b><");
  });

  it("leaves an unterminated preload at the very end as it was", () => {
    expect(run('<p>a</p><link rel="modulepreload" href="/x.js"')).toBe(
      '<p>a</p><link rel="modulepreload" href="/x.js"',
    );
  });

  it("reads the head only: React hoists every preload there", () => {
    const body = '<body><link rel="modulepreload" href="/late.js"/></body>';
    expect(run(HTML.replace(/<body>.*$/, body))).toBe(EXPECTED.replace(/<body>.*$/, body));
  });
});
