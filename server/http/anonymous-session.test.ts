import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 31: starting an anonymous session was written three times (the cart API, the currency
// API, the cart page). It lives once, in sessions.startAnonymous; this test enumerates every
// source file of both doors and the services and finds no other way an anonymous session begins.

const root = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = [...sources(path.join(root, "server")), ...sources(path.join(root, "app"))].map(
  (file) => ({ file: path.relative(root, file), text: readFileSync(file, "utf8") }),
);
const SESSIONS = "server/services/accounts/sessions.ts";

describe("starting an anonymous session", () => {
  it("is written once: no door starts a session for no user itself", () => {
    const anonymousStarts = files.filter(
      ({ file, text }) => file !== SESSIONS && /\bstart\(\s*null\b/.test(text),
    );
    expect(anonymousStarts.map((f) => f.file)).toEqual([]);
  });

  it("inserts session rows only in the sessions service", () => {
    const inserts = files.filter(({ text }) => /insert\(\s*sessions\s*\)/.test(text));
    expect(inserts.map((f) => f.file)).toEqual([SESSIONS]);
  });

  it("is what the cart API, the currency API and the cart page call", () => {
    const callers = files
      .filter(({ text }) => /\bstartAnonymous\(|\bsessionOrAnonymous\(/.test(text))
      .map((f) => f.file)
      .sort();
    expect(callers).toEqual(
      expect.arrayContaining([
        "app/cart/cart.server.ts",
        "server/http/commerce/cart.ts",
        "server/http/marketing/currency.ts",
      ]),
    );
  });
});
