import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testConfig } from "../../server/config";
import { shortLinks } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";

// POST /api/short-links/{kind}/{key}/ and GET /s/{code} (contract.md; spec 000 section 7).
const app = await createTestApp();
const publicUrl = testConfig().publicUrl.replace(/\/$/, "");

const create = (kind: string, key: string, payload: Record<string, unknown>, ip?: string) =>
  app.inject({
    method: "POST",
    url: `/api/short-links/${kind}/${key}/`,
    payload,
    ...(ip ? { remoteAddress: ip } : {}),
  });

const codeOf = (url: string) => url.slice(`${publicUrl}/s/`.length);

describe("short links", () => {
  it("creates an absolute link on PUBLIC_URL that redirects with the ref query kept", async () => {
    const res = await create("deal", "taskflow", {
      link: "/products/taskflow/?ref=share",
      experiment_data: { currency: "on" },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^${publicUrl.replace(/[.:/]/g, "\\$&")}/s/[A-Za-z0-9]+$`));
    const follow = await app.inject({ method: "GET", url: `/s/${codeOf(url)}` });
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toBe("/products/taskflow/?ref=share");
    const row = (
      await db()
        .select()
        .from(shortLinks)
        .where(eq(shortLinks.code, codeOf(url)))
    )[0];
    expect(row).toMatchObject({ kind: "deal", key: "taskflow", clicks: 1 });
    expect(row?.experimentData).toEqual({ currency: "on" });
  });

  it("gives back the same code for the same link, kind and key; another for another key", async () => {
    const a = await create("deal", "mailbeam", { link: "/products/mailbeam/?ref=share" });
    const b = await create("deal", "mailbeam", {
      link: `${publicUrl}/products/mailbeam/?ref=share`,
    });
    expect(b.json().url).toBe(a.json().url);
    const c = await create("review", "mailbeam", { link: "/products/mailbeam/?ref=share" });
    expect(c.json().url).not.toBe(a.json().url);
    const d = await create("deal", "mailbeam", { link: "/products/mailbeam/?ref=review" });
    expect(d.json().url).not.toBe(a.json().url);
  });

  it("accepts an absolute link on the site's origin and answers without the trailing slash", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/short-links/question/42",
      payload: { link: `${publicUrl}/products/taskflow/?ref=question#q42` },
    });
    expect(res.statusCode).toBe(200);
    const follow = await app.inject({ method: "GET", url: `/s/${codeOf(res.json().url)}/` });
    expect(follow.headers.location).toBe("/products/taskflow/?ref=question#q42");
  });

  it("refuses links to other sites and malformed links with a 400 field map", async () => {
    for (const link of [
      "https://evil.example.com/products/taskflow/",
      "//evil.example.com/x",
      "/\\evil.example.com",
      "javascript:alert(1)",
      `${publicUrl}.evil.example.com/`,
      "products/taskflow",
      "",
    ]) {
      const res = await create("deal", "taskflow", { link });
      expect(res.statusCode, link).toBe(400);
      expect(Object.keys(res.json())).toEqual(["link"]);
    }
  });

  it("answers 404 for an unknown code", async () => {
    expect((await app.inject({ method: "GET", url: "/s/doesnotexist" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/s/bad!code" })).statusCode).toBe(404);
  });

  it("rate limits creation per address (429 with Retry-After)", async () => {
    let last = 0;
    let retryAfter: string | string[] | undefined;
    for (let i = 0; i < 31; i++) {
      const res = await create("deal", `limit-${i}`, { link: "/products/taskflow/" }, "10.9.9.9");
      last = res.statusCode;
      retryAfter = res.headers["retry-after"];
    }
    expect(last).toBe(429);
    expect(retryAfter).toBeDefined();
    const other = await create("deal", "other", { link: "/products/taskflow/" }, "10.9.9.10");
    expect(other.statusCode).toBe(200);
  });
});

function db() {
  return app.database.db;
}
