import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads.server";

async function run(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString();
}

const HTML =
  '<head><link rel="modulepreload" href="/a.js" nonce="abc+/="/><link rel="stylesheet" nonce="abc+/=" href="/s.css"/>' +
  '<link rel="modulepreload" href="/b.js"/></head><body>é <p>1 < 2</p><script nonce="abc+/=">x</script></body>';
const EXPECTED =
  '<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="stylesheet" nonce="abc+/=" href="/s.css"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/b.js"/></head><body>é <p>1 < 2</p><script nonce="abc+/=">x</script></body>';

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload low priority, without its nonce, and leaves the rest as it was", async () => {
    expect(await run([HTML])).toBe(EXPECTED);
  });

  it("rewrites a preload split across two chunks, wherever the split falls", async () => {
    const bytes = Buffer.from(HTML);
    for (let i = 1; i < bytes.length; i++) {
      const out: Buffer[] = [];
      const stream = Readable.from([bytes.subarray(0, i), bytes.subarray(i)]).pipe(
        lowPriorityModulePreloads(),
      );
      for await (const chunk of stream) out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString()).toBe(EXPECTED);
    }
  });

  it("passes a page without preloads through unchanged, a trailing '<' included", async () => {
    expect(await run(["<p>a</p><", "b>c</b><"])).toBe("<p>a</p><b>c</b><");
  });
});

describe("lowPriorityModulePreloads, chunk by chunk", () => {
  it("gives the same page when every byte is its own chunk", async () => {
    const bytes = Buffer.from(HTML);
    const out: Buffer[] = [];
    const stream = Readable.from([...bytes].map((b) => Buffer.from([b]))).pipe(
      lowPriorityModulePreloads(),
    );
    for await (const chunk of stream) out.push(chunk as Buffer);
    expect(Buffer.concat(out).toString()).toBe(EXPECTED);
  });
});
