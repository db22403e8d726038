import { describe, expect, it } from "vitest";
import { PLUS_MEMBERS_ONLY, VIEW_ALL_DEALS } from "../../domain/messages";
import type { TestimonialJson } from "../../server/services/storefront/product-page";
import { ANONYMOUS_VIEWER } from "../product/viewer";
import { count, emptyDeal, emptyPage, renderBlock } from "./test-fixtures";

// Issue 15's block pieces (spec 001 "Block behaviours", sections 2, 4 and 9).

const hour = 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe("countdown_clock", () => {
  const dates = { start_date: iso(-hour), end_date: iso(48 * hour) };

  it("shows View all deals when a collection link exists", () => {
    const html = renderBlock(
      "countdown_clock",
      { ...dates, collection_url: "/collections/lifetime-fest/" },
      { page: emptyPage({ now: new Date().toISOString() }) },
    );
    expect(html).toContain(VIEW_ALL_DEALS);
    expect(html).toContain('href="/collections/lifetime-fest/"');
    const bySlug = renderBlock(
      "countdown_clock",
      { ...dates, collection_slug: "ending-soon" },
      { page: emptyPage({ now: new Date().toISOString() }) },
    );
    expect(bySlug).toContain('href="/collections/ending-soon/"');
  });

  it("has no link without one, nor for an off-site or protocol-relative one", () => {
    const page = emptyPage({ now: new Date().toISOString() });
    expect(renderBlock("countdown_clock", dates, { page })).not.toContain(VIEW_ALL_DEALS);
    expect(
      renderBlock("countdown_clock", { ...dates, collection_url: "//evil.example/" }, { page }),
    ).not.toContain(VIEW_ALL_DEALS);
  });
});

describe("inline_timer", () => {
  it("is the deal's own timer: Deal ends in, while the deal has a visible timer", () => {
    const live = emptyDeal({
      active_timer: true,
      dates: {
        start_date: iso(-hour),
        end_date: iso(30 * hour),
        schema_end_date: null,
        timer_reason: null,
      },
      stage_details: {
        current_stage: "live",
        next_stage: "inactive",
        next_stage_start_date: iso(30 * hour),
      },
      percent_claimed: 40,
    } as never);
    const html = renderBlock("inline_timer", {}, { deal: live });
    expect(html).toContain("Deal ends in");
    expect(html).toContain("Hurry! 40% claimed");
    expect(renderBlock("inline_timer", {}, { deal: emptyDeal() })).toBe("");
  });
});

describe("input-type call to action", () => {
  it("renders a text box whose form works without JavaScript", () => {
    const html = renderBlock("split_thematic", {
      title: "Looking for another course?",
      cta_type: "input",
      cta_text: "Search deals",
      cta_link: "/browse/?query=",
      input_placeholder: "Try Figma",
    });
    expect(html).toMatch(/<form [^>]*action="\/browse\/" method="get"/);
    expect(html).toContain('name="query"');
    expect(html).toContain('placeholder="Try Figma"');
    expect(html).toContain(">Search deals</button>");
  });

  it("stays a plain link without cta_type input", () => {
    const html = renderBlock("split_thematic", {
      title: "Brand kits",
      cta_text: "See the plans",
      cta_link: "/products/demo/#pricing",
    });
    expect(html).not.toContain("<form");
    expect(html).toContain('href="/products/demo/#pricing"');
  });
});

describe("testimonial marquee", () => {
  const t = (n: number): TestimonialJson => ({
    id: n,
    rating: 5,
    title: null,
    description: `Loved it ${n}`,
    user: { name: `User ${n}`, avatar: null, verified: false, postDate: null },
    source_img: null,
    is_product_review: true,
  });

  it("repeats the testimonials 4 times on a 60 s loop; only the first copy is read", () => {
    const html = renderBlock(
      "testimonial_carousel",
      { variant: "marquee" },
      { page: emptyPage({ testimonials: [t(1), t(2)] }) },
    );
    expect(html).toContain('data-marquee-copies="4"');
    expect(html).toContain('data-marquee-duration="60"');
    expect(html).toContain("--marquee-duration:60s");
    expect(count(html, "Loved it 1")).toBe(4);
    expect(count(html, 'aria-hidden="true" inert=""')).toBe(3);
  });
});

describe("embeds", () => {
  it("frame https pages and site paths, never protocol-relative or script URLs", () => {
    expect(renderBlock("generic_embed_block", { url: "/media/demo/lesson.svg" })).toContain(
      'src="/media/demo/lesson.svg"',
    );
    expect(renderBlock("embed", { url: "//evil.example/x" })).toBe("");
    expect(renderBlock("simple_embed_block", { url: "javascript:alert(1)" })).toBe("");
  });
});

describe("from the founders read-more", () => {
  it("shows every post in full before JavaScript runs (no cut without a toggle)", () => {
    const posts = [
      {
        id: 1,
        title: "Launch",
        message: "m".repeat(600),
        created: null,
        modified: null,
        user: null,
      },
    ];
    const deal = emptyDeal({
      founders: { headquarters: null, links: {}, manager: null, posts, company_card: null },
    } as never);
    const html = renderBlock("from_founders_card", {}, { deal });
    expect(html).toContain('data-read-more="full"');
    expect(html).toContain("m".repeat(600));
    expect(html).not.toContain("max-height");
  });
});

describe("buy_now_bar", () => {
  it("says a Plus-only plan is for Plus members before the click (non-members only)", () => {
    const plans = [{ id: 1, is_active: true, price: 39, is_plus_tier: true }];
    const deal = emptyDeal({ slug: "plusvault", plans } as never);
    const html = renderBlock("buy_now_bar", {}, { deal });
    expect(html).toContain(PLUS_MEMBERS_ONLY);
    expect(html).toContain('href="/plus?ref=plus-page-plusvault"');
    const member = { ...ANONYMOUS_VIEWER, isAuthenticated: true, hasPlus: true };
    expect(renderBlock("buy_now_bar", {}, { deal, viewer: member })).not.toContain(
      PLUS_MEMBERS_ONLY,
    );
    const open = emptyDeal({ plans: [{ id: 1, is_active: true, price: 39 }] } as never);
    expect(renderBlock("buy_now_bar", {}, { deal: open })).not.toContain(PLUS_MEMBERS_ONLY);
  });
});
