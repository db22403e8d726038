import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comments, deals, users } from "../../server/db/schema";
import { createPageEvents } from "../../server/services/cache/page-events";
import { createSitemapService } from "../../server/services/storefront/sitemap";
import { createTestApp } from "../helpers/app";

// Issue 32, the sitemap: parts by fixed id ranges keep their URLs and boundaries when content
// changes, the index and parts are kept until a page event, and hidden content never appears.

const app = await createTestApp();
const { db } = app.database;
const staff = await app.login("staff@payonce.test");

// Factories: the test's own deals, items and people.

/** A deal from the back office (a draft until published), by slug; its id. */
async function newDeal(slug: string, { publish = true } = {}): Promise<number> {
  const created = await app.send(
    "POST",
    "/api/staff/deals/",
    {
      name: `Sitemap ${slug}`,
      slug,
      public_name: `Sitemap ${slug}`,
      card_description: "A deal of the sitemap tests",
      listing_type: "select",
    },
    staff,
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: number }).id;
  if (publish) await setPublished(id, true);
  return id;
}

/** Publishes or unpublishes through the back office (which emits the page event). */
async function setPublished(id: number, published: boolean) {
  const res = await app.send(
    "POST",
    `/api/staff/deals/${id}/${published ? "publish" : "unpublish"}/`,
    undefined,
    staff,
  );
  expect(res.statusCode, res.body).toBe(200);
}

let people = 0;
/** A member with nothing written yet; their username. */
async function newMember(): Promise<{ id: number; username: string }> {
  people += 1;
  const username = `sitemap-member-${people}-${Date.now()}`;
  const [row] = await db
    .insert(users)
    .values({ email: `${username}@payonce.test`, username })
    .returning({ id: users.id });
  if (!row) throw new Error("no member");
  return { id: row.id, username };
}

/** Approved top-level questions on a deal (no one-per-member rule, unlike reviews). */
async function approvedQuestions(dealId: number, userId: number, n: number): Promise<number[]> {
  const rows = await db
    .insert(comments)
    .values(
      Array.from({ length: n }, (_, i) => ({
        dealId,
        userId,
        kind: "question" as const,
        title: `Sitemap question ${i + 1}`,
        comment: "Does it work offline?",
        status: "approved" as const,
      })),
    )
    .returning({ id: comments.id });
  return rows.map((r) => r.id);
}

const locsOf = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);

/** The index's part paths, and every path of every part, through HTTP (the kept copies). */
async function crawl() {
  const index = await app.inject({ method: "GET", url: "/sitemap.xml" });
  expect(index.statusCode).toBe(200);
  const parts = locsOf(index.body);
  const paths: string[] = [];
  for (const part of parts) {
    const res = await app.inject({ method: "GET", url: part });
    expect(res.statusCode, part).toBe(200);
    paths.push(...locsOf(res.body));
  }
  return { parts, paths };
}

describe("sitemap parts by fixed id ranges", () => {
  it("keep their URLs and boundaries when a deal is added and another removed", async () => {
    const width = 5;
    const sitemaps = createSitemapService({
      db,
      search: app.services.search,
      collections: async () => [],
      pageEvents: createPageEvents(),
      widths: { deals: width, reviews: width, questions: width, profiles: width },
    });
    /** Every part by name, with its paths. */
    async function snapshot() {
      const parts = new Map<string, string[]>();
      for (const p of await sitemaps.index()) {
        const urls = await sitemaps.part(p.kind, p.after);
        expect(urls, `${p.kind}-${p.after}`).not.toBeNull();
        parts.set(
          `${p.kind}-${p.after}`,
          (urls ?? []).map((u) => u.path),
        );
      }
      return parts;
    }
    const author = await newMember();
    const leaving = await newDeal("sitemap-leaving");
    await approvedQuestions(leaving, author.id, 7);
    const before = await snapshot();
    expect([...before.values()].flat()).toContain("/products/sitemap-leaving/");

    const arriving = await newDeal("sitemap-arriving");
    await approvedQuestions(arriving, author.id, 7);
    await setPublished(leaving, false);
    const after = await snapshot();

    const isLeaving = (path: string) => path.startsWith("/products/sitemap-leaving/");
    const isArriving = (path: string) => path.startsWith("/products/sitemap-arriving/");
    // A part keeps its name and what it held, less the removed deal's (one left with nothing
    // goes, unless the new deal's ids fall in its range).
    for (const [name, paths] of before) {
      expect(
        (after.get(name) ?? []).filter((p) => !isArriving(p)),
        name,
      ).toEqual(paths.filter((p) => !isLeaving(p)));
    }
    // The new deal's pages join the parts their ids name: new parts hold nothing else.
    const added = [...after].filter(([name]) => !before.has(name));
    expect(added.flatMap(([, paths]) => paths).every(isArriving)).toBe(true);
    for (const name of after.keys())
      expect(Number(/-(\d+)$/.exec(name)?.[1]) % width, name).toBe(0);
    const all = [...after.values()].flat();
    expect(all.filter(isLeaving)).toEqual([]);
    expect(all.filter(isArriving)).toHaveLength(1 + 7);
    expect(new Set(all).size).toBe(all.length);
  });

  it("list a range whose first item is on a hidden deal only while it holds a public one", async () => {
    const author = await newMember();
    const hidden = await newDeal("sitemap-hidden-first", { publish: false });
    const shown = await newDeal("sitemap-shown-next");
    const [first = 0] = await approvedQuestions(hidden, author.id, 1);
    const [next = 0] = await approvedQuestions(shown, author.id, 1);
    expect(next).toBe(first + 1);
    // A width that starts a range at the hidden deal's question: (first - 1, 2 * first - 2].
    const width = first - 1;
    const sitemaps = createSitemapService({
      db,
      search: app.services.search,
      collections: async () => [],
      pageEvents: createPageEvents(),
      widths: { questions: width },
    });
    const questionParts = async () =>
      (await sitemaps.index()).filter((p) => p.kind === "questions").map((p) => p.after);
    expect(await questionParts()).toContain(width);
    expect((await sitemaps.part("questions", width))?.map((u) => u.path)).toEqual([
      expect.stringMatching(new RegExp(`^/products/sitemap-shown-next/questions/.*-${next}/$`)),
    ]);
    await setPublished(shown, false);
    expect(await questionParts()).not.toContain(width);
    expect(await sitemaps.part("questions", width)).toBeNull();
  });
});

describe("the kept sitemaps", () => {
  it("show a deal published and drop one unpublished, on the page event", async () => {
    const id = await newDeal("sitemap-fresh", { publish: false });
    expect((await crawl()).paths).not.toContain("/products/sitemap-fresh/");
    await setPublished(id, true);
    expect((await crawl()).paths).toContain("/products/sitemap-fresh/");
    await setPublished(id, false);
    expect((await crawl()).paths).not.toContain("/products/sitemap-fresh/");
  });

  it("are kept until a page event: a write that tells no one shows after the next event", async () => {
    const id = await newDeal("sitemap-quiet", { publish: false });
    const before = await crawl();
    expect(before.paths).not.toContain("/products/sitemap-quiet/");
    // Published behind the writers' backs: the kept sitemaps do not know yet.
    await db.update(deals).set({ isDraft: false }).where(eq(deals.id, id));
    expect(await crawl()).toEqual(before);
    await app.services.pageEvents.dealChanged(id);
    expect((await crawl()).paths).toContain("/products/sitemap-quiet/");
  });

  it("never list a hidden deal, its items, or a profile with only those", async () => {
    const author = await newMember();
    const draft = await newDeal("sitemap-draft", { publish: false });
    const [question] = await approvedQuestions(draft, author.id, 1);
    const privateDeal = await newDeal("sitemap-private");
    await approvedQuestions(privateDeal, author.id, 1);
    await db.update(deals).set({ dealStatus: "Private" }).where(eq(deals.id, privateDeal));
    await app.services.pageEvents.dealChanged(privateDeal);
    const { paths } = await crawl();
    for (const slug of ["sitemap-draft", "sitemap-private"]) {
      expect(paths.filter((p) => p.includes(`/products/${slug}/`))).toEqual([]);
    }
    expect(paths.some((p) => p.endsWith(`-${question}/`))).toBe(false);
    expect(paths).not.toContain(`/profile/${author.username}/`);
    // The same author with an approved item on a public deal is listed.
    await approvedQuestions(await newDeal("sitemap-public"), author.id, 1);
    expect((await crawl()).paths).toContain(`/profile/${author.username}/`);
  });

  it("stay well-formed XML: one declaration, escaped absolute URLs, ISO dates", async () => {
    const index = await app.inject({ method: "GET", url: "/sitemap.xml" });
    const lines = index.body.trimEnd().split("\n");
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(lines[1]).toBe('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(lines.at(-1)).toBe("</sitemapindex>");
    const entry =
      /^ {2}<(sitemap|url)><loc>https?:\/\/[^<>&"' ]+<\/loc>(<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>)?<\/\1>$/;
    for (const line of lines.slice(2, -1)) expect(line).toMatch(entry);
    for (const part of locsOf(index.body)) {
      const body = (await app.inject({ method: "GET", url: part })).body;
      const partLines = body.trimEnd().split("\n");
      expect(partLines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
      expect(partLines[1]).toBe('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(partLines.at(-1)).toBe("</urlset>");
      for (const line of partLines.slice(2, -1)) expect(line, part).toMatch(entry);
    }
  });
});
