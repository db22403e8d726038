import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 31: one password check. Only password-check.ts may compare a password with the stored
// hash; anything else that did would check it outside the login throttle.
const ROOT = join(import.meta.dirname, "../../..");

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

describe("the one password check", () => {
  it("is the only caller of verifyPassword in the server and the pages", () => {
    const callers = ["server", "app", "domain"]
      .flatMap((dir) => sources(join(ROOT, dir)))
      .filter((file) => /\bverifyPassword\b/.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file))
      .sort();
    expect(callers).toEqual([
      "server/services/accounts/password-check.ts",
      "server/services/accounts/passwords.ts",
    ]);
  });
});
