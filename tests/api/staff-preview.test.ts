import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { loader } from "../../app/routes/product";
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

type Json = Record<string, unknown>;
const json = async (method: "GET" | "POST" | "PUT", url: string, body?: unknown) => {
  const res = await app.send(method, url, body, staff);
  return { status: res.statusCode, body: res.json() as Json };
};

/** The product page's loader as one request of `who` (null: anonymous). */
async function render(slug: string, who: Credentials | null, query = "") {
  const session = who ? await app.services.sessions.load(who.cookies.sessionid ?? "") : null;
  const context = new RouterContextProvider();
  context.set(appContext, {
    services: app.services,
    session,
    publicConfig: { reportListingUrl: "https://example.com/report", publicUrl: "http://localhost" },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  });
  return loader({
    context,
    params: { slug },
    request: new Request(`http://localhost/products/${slug}/${query}`),
    unstable_pattern: "/products/:slug",
  } as unknown as Parameters<typeof loader>[0]);
}

const notFound = { init: { status: 404 } };

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
});
