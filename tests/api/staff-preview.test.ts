import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { action, headers, loader } from "../../app/routes/product";
import { testConfig } from "../../server/config";
import { pageCookies } from "../../server/web/cookies";
import { type Credentials, createTestApp } from "../helpers/app";

// Issue 16, the block editor's live preview: staff see a draft deal's product page (the editor
// frames it), fresh and marked as a preview; the public, shoppers and partners keep the 404, and
// the staff read never lands in the shared cache.

const app = await createTestApp();
const staff = await app.login("staff@payonce.test");
const shopper = await app.login("shopper@payonce.test");
const partner = await app.login("partner@payonce.test");
const moderator = await app.login("moderator@payonce.test");

type Json = Record<string, unknown>;
const json = async (method: "GET" | "POST" | "PUT", url: string, body?: unknown) => {
  const res = await app.send(method, url, body, staff);
  return { status: res.statusCode, body: res.json() as Json };
};

/** A page request's load context for `who` (null: anonymous). */
async function contextOf(who: Credentials | null) {
  const session = who ? await app.services.sessions.load(who.cookies.sessionid ?? "") : null;
  const context = new RouterContextProvider();
  context.set(appContext, {
    services: app.services,
    session,
    publicConfig: { reportListingUrl: "https://example.com/report", publicUrl: "http://localhost" },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  });
  return context;
}

/** The product page's loader as one request of `who` (null: anonymous). */
async function render(slug: string, who: Credentials | null, query = "") {
  const context = await contextOf(who);
  return loader({
    context,
    params: { slug },
    request: new Request(`http://localhost/products/${slug}/${query}`),
    unstable_pattern: "/products/:slug",
  } as unknown as Parameters<typeof loader>[0]);
}

const notFound = { init: { status: 404 } };

/** The product page's action: the block editor posting its unsaved blocks for the preview. */
async function postPreview(slug: string, who: Credentials | null, blocks: unknown, query = "") {
  const context = await contextOf(who);
  const body = new URLSearchParams({
    blocks: typeof blocks === "string" ? blocks : JSON.stringify(blocks),
  });
  const result = await action({
    context,
    params: { slug },
    request: new Request(`http://localhost/products/${slug}/${query}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
    unstable_pattern: "/products/:slug",
  } as unknown as Parameters<typeof action>[0]);
  const r = result as unknown as { data: Json; init: { status?: number; headers?: HeadersInit } };
  return {
    status: r.init?.status ?? 200,
    body: r.data,
    cacheControl: new Headers(r.init?.headers).get("cache-control"),
  };
}

async function draftWithBlocks(slug: string) {
  const created = await json("POST", "/api/staff/deals/", {
    name: `Preview ${slug}`,
    slug,
    public_name: "Previewdeal",
    card_description: "Seen by staff before it is published",
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  expect(created.body.is_draft).toBe(true);
  const plan = await json("POST", `/api/staff/deals/${id}/plans/`, {
    name: "Solo",
    price: 29,
    original_price: 99,
    plan_type: "lifetime_deal",
    codes: 1,
    features: ["Lifetime access"],
  });
  expect(plan.status).toBe(201);
  const blocks = await json("PUT", `/api/staff/deals/${id}/blocks/`, {
    blocks: [
      { type: "hero", data: { title: "Draft hero from the editor" } },
      { type: "pricing_card", data: {} },
    ],
  });
  expect(blocks.status).toBe(200);
  return id;
}

describe("the staff preview of a draft product page", () => {
  it("shows staff the draft with its editor blocks, marked as a preview", async () => {
    await draftWithBlocks("preview-draft-1");
    const data = await render("preview-draft-1", staff);
    expect(data.hiddenPreview).toBe(true);
    expect(data.deal.slug).toBe("preview-draft-1");
    expect(data.blocks.map((b) => b.type)).toEqual(["hero", "pricing_card"]);
    expect(data.blocks[0]?.data.title).toBe("Draft hero from the editor");
  });

  it("keeps the draft a 404 for the public, a shopper and a partner, before and after staff looked", async () => {
    await draftWithBlocks("preview-draft-2");
    await expect(render("preview-draft-2", null)).rejects.toMatchObject(notFound);
    await render("preview-draft-2", staff);
    // The staff read was not kept for anyone else.
    await expect(render("preview-draft-2", null)).rejects.toMatchObject(notFound);
    await expect(render("preview-draft-2", shopper)).rejects.toMatchObject(notFound);
    await expect(render("preview-draft-2", partner)).rejects.toMatchObject(notFound);
    // Nor do the public deal calls know it.
    const details = await app.send("GET", "/api/v2/deals/preview-draft-2/details/");
    expect(details.statusCode).toBe(404);
  });

  it("combines with the time-shift preview and ends once the deal is published", async () => {
    const id = await draftWithBlocks("preview-draft-3");
    const shifted = await render(
      "preview-draft-3",
      staff,
      "?preview_start_date=2031-01-01T00:00:00Z",
    );
    expect(shifted.hiddenPreview).toBe(true);
    expect(shifted.preview).toBe("2031-01-01T00:00:00.000Z");

    expect((await json("POST", `/api/staff/deals/${id}/publish/`)).status).toBe(200);
    const published = await render("preview-draft-3", null);
    expect(published.hiddenPreview).toBe(false);
    expect(published.blocks.map((b) => b.type)).toEqual(["hero", "pricing_card"]);
    // Staff now see the public page, not a preview.
    expect((await render("preview-draft-3", staff)).hiddenPreview).toBe(false);

    expect((await json("POST", `/api/staff/deals/${id}/unpublish/`)).status).toBe(200);
    await expect(render("preview-draft-3", null)).rejects.toMatchObject(notFound);
    expect((await render("preview-draft-3", staff)).hiddenPreview).toBe(true);
  });

  it("answers an unknown deal with 404 for staff too", async () => {
    await expect(render("no-such-deal-anywhere", staff)).rejects.toMatchObject(notFound);
  });
});

describe("the block editor's save", () => {
  it("keeps the order sent, answers field maps keyed by position, and audits the change", async () => {
    const id = await draftWithBlocks("preview-draft-4");
    const reordered = await json("PUT", `/api/staff/deals/${id}/blocks/`, {
      blocks: [
        { type: "pricing_card", data: {} },
        { type: "faq", data: { anchor_tag_id: "faq-1" } },
        { type: "hero", data: { title: "Moved last" } },
      ],
    });
    expect(reordered.status).toBe(200);
    const got = await json("GET", `/api/staff/deals/${id}/blocks/`);
    expect(got.body.source).toBe("deal");
    expect((got.body.blocks as Json[]).map((b) => b.type)).toEqual(["pricing_card", "faq", "hero"]);

    const bad = await json("PUT", `/api/staff/deals/${id}/blocks/`, {
      blocks: [
        { type: "hero", data: {} },
        { type: "faq", data: { anchor_tag_id: "not ok" } },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      "blocks.1.data.anchor_tag_id": ["Use letters, digits, underscores and hyphens only."],
    });
    // Nothing changed on a refusal.
    const after = await json("GET", `/api/staff/deals/${id}/blocks/`);
    expect((after.body.blocks as Json[]).map((b) => b.type)).toEqual([
      "pricing_card",
      "faq",
      "hero",
    ]);

    const audit = await json("GET", "/api/staff/audit/");
    const entry = (audit.body.items as Json[]).find(
      (e) => e.action === "deal.blocks" && e.entity_id === id,
    );
    expect(entry).toBeDefined();
  });
});

describe("the staff preview of unsaved blocks (the editor posts them to the product page)", () => {
  const edited = {
    blocks: [
      { type: "faq", data: { title: "Unsaved questions", anchor_tag_id: "unsaved-faq" } },
      { type: "hero", data: { title: "Unsaved hero" } },
      // Out of its time box now: left out, as the page leaves it out.
      { type: "horizontal_divider", data: { start_date: "2040-01-01T00:00:00Z" } },
    ],
  };

  it("renders staff the posted blocks, on a draft and a published deal, and stores nothing", async () => {
    const id = await draftWithBlocks("preview-edit-1");
    const answer = await postPreview("preview-edit-1", staff, edited);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe("private, no-store");
    expect(answer.body.ok).toBe(true);
    const blocks = answer.body.blocks as Json[];
    expect(blocks.map((b) => b.type)).toEqual(["faq", "hero"]);
    expect(blocks[1]?.data).toMatchObject({ title: "Unsaved hero" });
    // New blocks get ids of their own that no stored block has.
    expect(blocks.every((b) => (b.id as number) < 0)).toBe(true);
    // The stored blocks are unchanged, for staff and (once published) for everyone.
    const stored = await json("GET", `/api/staff/deals/${id}/blocks/`);
    expect((stored.body.blocks as Json[]).map((b) => b.type)).toEqual(["hero", "pricing_card"]);
    expect((await json("POST", `/api/staff/deals/${id}/publish/`)).status).toBe(200);
    const before = await render("preview-edit-1", null);
    const again = await postPreview("preview-edit-1", staff, edited);
    expect((again.body.blocks as Json[]).map((b) => b.type)).toEqual(["faq", "hero"]);
    const after = await render("preview-edit-1", null);
    expect(after.blocks).toEqual(before.blocks);
    expect(after.blocks.map((b) => b.type)).toEqual(["hero", "pricing_card"]);
    // Nor did the audit log hear of a preview.
    const audit = await json("GET", "/api/staff/audit/");
    const writes = (audit.body.items as Json[]).filter(
      (e) => e.action === "deal.blocks" && e.entity_id === id,
    );
    expect(writes).toHaveLength(1);
  });

  it("keeps a stored block's id, and shifts time with ?preview_start_date=", async () => {
    await draftWithBlocks("preview-edit-2");
    const answer = await postPreview(
      "preview-edit-2",
      staff,
      { blocks: [{ id: 123456, ...edited.blocks[2] }] },
      "?preview_start_date=2041-01-01T00:00:00Z",
    );
    expect(answer.status).toBe(200);
    expect(answer.body.blocks).toEqual([
      {
        id: 123456,
        type: "horizontal_divider",
        data: { start_date: "2040-01-01T00:00:00Z" },
        video_collection: null,
      },
    ]);
  });

  it("refuses blocks the save would refuse, with the save's field map", async () => {
    await draftWithBlocks("preview-edit-3");
    const bad = await postPreview("preview-edit-3", staff, {
      blocks: [
        { type: "hero", data: {} },
        { type: "faq", data: { anchor_tag_id: "not ok" } },
        { type: "no_such_block", data: {} },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.cacheControl).toBe("private, no-store");
    expect(bad.body).toEqual({
      ok: false,
      errors: {
        "blocks.1.data.anchor_tag_id": ["Use letters, digits, underscores and hyphens only."],
        "blocks.2.type": ["Choose a known block type."],
      },
    });
    const notJson = await postPreview("preview-edit-3", staff, "{not json");
    expect(notJson.status).toBe(400);
    expect(notJson.body.errors).toEqual({
      blocks: ['Send the blocks as JSON: {"blocks": [...]}.'],
    });
    const notList = await postPreview("preview-edit-3", staff, { blocks: { type: "hero" } });
    expect(notList.status).toBe(400);
    expect(Object.keys(notList.body.errors as Json)).toEqual(["blocks"]);
    const extra = await postPreview("preview-edit-3", staff, {
      blocks: [{ type: "hero", data: {}, video_collection: 1 }],
    });
    expect(extra.status).toBe(400);
  });

  it("is 403 for everyone but staff: partner, user moderator, shopper, anonymous", async () => {
    for (const who of [partner, moderator, shopper, null]) {
      await expect(postPreview("taskflow", who, edited)).rejects.toMatchObject({
        init: { status: 403 },
        data: { detail: "Only staff can preview unsaved blocks." },
      });
    }
  });

  it("answers no-store only for the preview, never for the page itself", () => {
    const page = headers({
      actionHeaders: new Headers(),
      loaderHeaders: new Headers(),
    } as unknown as Parameters<typeof headers>[0]);
    expect(new Headers(page as HeadersInit).get("cache-control")).toBeNull();
    const preview = headers({
      actionHeaders: new Headers({ "Cache-Control": "private, no-store" }),
      loaderHeaders: new Headers(),
    } as unknown as Parameters<typeof headers>[0]);
    expect(new Headers(preview as HeadersInit).get("cache-control")).toBe("private, no-store");
  });
});

// The page renderer is a stub: the policy is set before any page renders.
const pages = await createTestApp({
  pageHandler: async () =>
    new Response("<p>page</p>", { headers: { "content-type": "text/html" } }),
});
const who = {
  staff: await pages.login("staff@payonce.test"),
  shopper: await pages.login("shopper@payonce.test"),
  partner: await pages.login("partner@payonce.test"),
};

describe("framing the preview", () => {
  const ancestors = async (url: string, creds?: Credentials) => {
    const res = await pages.send("GET", url, undefined, creds);
    expect(res.statusCode, url).toBe(200);
    const csp = String(res.headers["content-security-policy"] ?? "");
    return /frame-ancestors ([^;]+)/.exec(csp)?.[1];
  };

  it("lets this site frame a product page for staff only (the editor's live preview)", async () => {
    expect(await ancestors("/products/taskflow/", who.staff)).toBe("'self'");
    expect(await ancestors("/products/taskflow/?preview_start_date=2031-01-01", who.staff)).toBe(
      "'self'",
    );
    expect(await ancestors("/products/taskflow/", who.shopper)).toBe("'none'");
    expect(await ancestors("/products/taskflow/", who.partner)).toBe("'none'");
    expect(await ancestors("/products/taskflow/")).toBe("'none'");
    // No other page, staff's own included.
    expect(await ancestors("/staff/deals/", who.staff)).toBe("'none'");
    expect(await ancestors("/products/taskflow/reviews/", who.staff)).toBe("'none'");
    expect(await ancestors("/", who.staff)).toBe("'none'");
    const res = await pages.send("GET", "/products/taskflow/", undefined, who.staff);
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    // The page's script nonce is still in the policy.
    expect(String(res.headers["content-security-policy"])).toMatch(/script-src 'self' 'nonce-/);
  });

  it("takes the editor's form post of unsaved blocks from the site itself, framed, around the page cache", async () => {
    const form = new URLSearchParams({ blocks: JSON.stringify({ blocks: [] }) }).toString();
    const post = (creds: Credentials | undefined, origin: string) =>
      pages.inject({
        method: "POST",
        url: "/products/taskflow/",
        payload: form,
        ...(creds ? { cookies: creds.cookies } : {}),
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
      });
    const own = await post(who.staff, "http://localhost:3000");
    expect(own.statusCode).toBe(200);
    expect(
      /frame-ancestors ([^;]+)/.exec(String(own.headers["content-security-policy"]))?.[1],
    ).toBe("'self'");
    // A POST never enters (nor is answered from) the anonymous page cache.
    expect(own.headers["x-cache"]).toBeUndefined();
    // From another site, without the CSRF token: refused before the page runs.
    expect((await post(who.staff, "https://evil.example")).statusCode).toBe(403);
  });
});
