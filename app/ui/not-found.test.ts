import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 15: the 404 page names one first-order figure (the live percent campaign's, else 10%),
// the same as the home page's subscribe banner, whichever page's loader answered 404: staff and
// account pages as much as the public ones. The figure travels with the 404 that
// app/ui/not-found.server.ts builds, so no page may build a 404 of its own.

const APP = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("every page's 404 comes from notFound", () => {
  it("no loader throws a 404 of its own", () => {
    const own = sources(APP)
      .filter((file) => !file.endsWith(join("ui", "not-found.server.ts")))
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        return (
          /status:\s*404/.test(text) ||
          /new Response\([^)]*404/.test(text) ||
          // A domain error's status passed straight on may be a 404.
          /data\(null,\s*\{\s*status:\s*statusOf\(/.test(text)
        );
      })
      .map((file) => relative(APP, file));
    expect(own).toEqual([]);
  });
});
