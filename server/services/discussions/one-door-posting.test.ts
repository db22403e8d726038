import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 31: posting a review or question is one use case (submissions.ts) that both doors call.
// This test enumerates the doors' sources (the JSON API, the pages and their adapters) for any
// other way in: the write steps called directly, a video stored by a door, a whole multipart
// body read into memory.

const root = path.resolve(__dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const doors = ["app", "server/http", "server/web"]
  .flatMap((dir) => sources(path.join(root, dir)))
  .map((file) => ({ file: path.relative(root, file), text: readFileSync(file, "utf8") }));

const using = (pattern: RegExp) => doors.filter((d) => pattern.test(d.text)).map((d) => d.file);

describe("posting a review or question", () => {
  it("is never written by a door: no direct create, edit or gate check", () => {
    expect(using(/discussions\.(create|edit|checkCreate|editTarget)\(/)).toEqual([
      // The edit page's loader asks who may edit before showing the form (no write).
      "app/discussions/form-page.server.ts",
      // A reply's in-place edit on the thread page: a short text form, no video, no create.
      "app/discussions/thread-actions.server.ts",
    ]);
  });

  it("stores videos only inside the use case", () => {
    expect(using(/\bingestVideo\b|\breadPostingBody\b/)).toEqual([]);
  });

  it("reads a multipart body whole nowhere on the posting doors", () => {
    const posting = doors.filter((d) => /submit(Create|Edit)\(/.test(d.text));
    expect(posting.map((d) => d.file).sort()).toEqual([
      "app/discussions/form-actions.server.ts",
      "server/http/discussions/posting.ts",
    ]);
    for (const door of posting) expect(door.text, door.file).not.toMatch(/formData\(|\.parts\(/);
  });
});
