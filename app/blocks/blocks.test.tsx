import { describe, expect, it } from "vitest";
import { ELLIPSIS } from "../../domain/blocks";
import { BLOCK_TYPES } from "../../domain/constants";
import {
  AT_A_GLANCE,
  RELATED_CARDS_TITLE,
  RESOURCES_LIST_TITLE,
  SHOW_MORE,
  TERMS_TITLE,
} from "../../domain/messages";
import type { VideoJson } from "../../server/services/storefront/deal-json";
import type { TestimonialJson } from "../../server/services/storefront/product-page";
import { ANONYMOUS_VIEWER } from "../product/viewer";
import { BLOCK_COMPONENTS } from "./registry";
import { sanitizeBlocks } from "./sanitize.server";
import { count, dealAttributes, emptyDeal, emptyPage, renderBlock } from "./test-fixtures";

const video = (n: number): VideoJson => ({
  video_id: `v${n}`,
  title: `Video ${n}`,
  src: `/media/demo/v${n}.mp4`,
  alt: null,
  thumbnail: `/media/demo/v${n}.svg`,
  published_at: null,
  username: "Payonce",
});

const testimonial = (n: number, description = `Great tool ${n}`): TestimonialJson => ({
  id: n,
  rating: 5,
  title: `Title ${n}`,
  description,
  user: { name: `User ${n}`, avatar: `/media/demo/a${n}.svg`, verified: true, postDate: null },
  source_img: null,
  is_product_review: true,
});

describe("block registry", () => {
  it("has a component for every block type of the spec", () => {
    for (const type of BLOCK_TYPES) expect(BLOCK_COMPONENTS[type], type).toBeTypeOf("function");
  });

  it("renders nothing for an unknown type", () => {
    expect(renderBlock("not_a_block")).toBe("");
  });

  it("renders nothing for list blocks whose lists are empty", () => {
    const listBlocks = [
      "hero_gallery",
      "faq",
      "features_overview",
      "features_accordion",
      "from_founders_card",
      "social_proof_badges",
      "testimonial_carousel",
      "testimonial_masonry",
      "video_collection",
      "video_embed_spotlight",
      "video_reviews",
      "video_reels",
      "press",
      "insider_knowledge",
      "use_cases_carousel",
      "use_case_content",
      "block_list",
      "block_header",
      "bundle_product_card",
      "bundle_products",
      "thematic_roadblock",
      "resources_list",
      "related_cards",
      "table_of_content",
      "deal_attributes",
      "category_pills",
      "embed",
      "generic_embed_block",
      "simple_embed_block",
      "inline_copy_banner",
      "staff_messaging",
      "split_thematic",
      "subscribe_form",
      "campaign_banner",
      "inline_countdown_clock",
      "countdown_clock",
      "inline_timer",
      "money_back_guarantee",
      "sold_out_notification_signup",
      "inline_notification_signup",
      "buy_now_bar",
    ];
    for (const type of listBlocks) expect(renderBlock(type), type).toBe("");
  });
});

describe("anchors and classes", () => {
  it("puts the block's anchor id and css_class on its section", () => {
    const html = renderBlock(
      "faq",
      { css_class: "pdp-faq" },
      { deal: emptyDeal({ faqs: [{ id: 1, question: "Q?", answer: "A." }] }), anchorId: "faq" },
    );
    expect(html).toContain('id="faq"');
    expect(html).toContain("pdp-faq");
    expect(html).toContain("Q?");
  });

  it("gives the pricing card block the pricing anchor by default", () => {
    expect(renderBlock("pricing_card")).toContain('id="pricing"');
    expect(renderBlock("pricing_card", {}, { anchorId: "modular-pricing-card" })).toContain(
      'id="modular-pricing-card"',
    );
  });
});

describe("block behaviours", () => {
  it("use cases: nothing under 3, at most 12 cards, link text default", () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Case ${i}` }));
    expect(renderBlock("use_cases_carousel", { items: items(2) })).toBe("");
    const html = renderBlock("use_cases_carousel", { items: items(15) });
    expect(count(html, "data-theme=")).toBe(12);
    expect(html).toContain("Get started");
  });

  it("testimonial masonry: all rendered, beyond 6 hidden on phones, text cut at 350", () => {
    const list = Array.from({ length: 8 }, (_, i) => testimonial(i + 1));
    list[0] = testimonial(1, "w".repeat(400));
    const html = renderBlock(
      "testimonial_masonry",
      {},
      { page: emptyPage({ testimonials: list }) },
    );
    expect(count(html, "<figure")).toBe(8);
    expect(count(html, "hidden md:block")).toBe(2);
    expect(html).not.toContain("w".repeat(350));
    expect(html).toContain(`${"w".repeat(349)}${ELLIPSIS}`);
    // 5 avatars above the wall.
    expect(count(html, "ring-2 ring-white")).toBe(5);
  });

  it("from the founders: 5 posts, then Show more; posts cut at 650", () => {
    const posts = Array.from({ length: 7 }, (_, i) => ({
      id: i + 1,
      title: `Post ${i + 1}`,
      message: i === 0 ? "m".repeat(700) : "Hello",
      created: null,
      modified: null,
      user: null,
    }));
    const deal = emptyDeal({
      founders: { headquarters: null, links: {}, manager: null, posts, company_card: null },
    } as never);
    const html = renderBlock("from_founders_card", {}, { deal, anchorId: "from-the-founders" });
    expect(count(html, "<h3")).toBe(5);
    expect(html).toContain(SHOW_MORE);
    expect(html).toContain('id="from-the-founders"');
    expect(html).not.toContain("m".repeat(650));
  });

  it("video collection: nothing under 3 videos; 3 or more render as carousel panels", () => {
    const two = { label: "Tour", videos: [video(1), video(2)] };
    expect(
      renderBlock("video_collection", {}, { deal: emptyDeal({ video_collection: two } as never) }),
    ).toBe("");
    const three = { label: "Tour", videos: [video(1), video(2), video(3)] };
    const html = renderBlock(
      "video_collection",
      {},
      { deal: emptyDeal({ video_collection: three } as never) },
    );
    expect(html).toContain('aria-roledescription="carousel"');
    expect(count(html, 'aria-roledescription="slide"')).toBe(3);
    expect(html).toContain("Tour");
  });

  it("staff messaging: the newest message of the viewer's audience, not just the newest", () => {
    const note = (user_group: string, message: string) => ({
      title: null,
      message,
      start_date: null,
      user_group,
      author: null,
      cta_text: null,
      cta_url: null,
    });
    // Newest first, as the catalog returns them.
    const messages = [note("paid_plus", "Plus buyers only"), note("all", "Everyone")];
    const deal = emptyDeal({ staff_message: messages[0], staff_messages: messages } as never);
    const anonymous = renderBlock("staff_messaging", {}, { deal });
    expect(anonymous).toContain("Everyone");
    expect(anonymous).not.toContain("Plus buyers only");
    const plusBuyer = {
      ...ANONYMOUS_VIEWER,
      isAuthenticated: true,
      hasPurchased: true,
      hasPlus: true,
    };
    expect(renderBlock("staff_messaging", {}, { deal, viewer: plusBuyer })).toContain(
      "Plus buyers only",
    );
  });

  it("staff messaging: by audience", () => {
    const message = (user_group: string) => ({
      title: "Note",
      message: "For you",
      start_date: null,
      user_group,
      author: { name: "Sam" },
      cta_text: null,
      cta_url: null,
    });
    const deal = (g: string) =>
      emptyDeal({ staff_message: message(g), staff_messages: [message(g)] } as never);
    const buyer = { ...ANONYMOUS_VIEWER, isAuthenticated: true, hasPurchased: true };
    expect(renderBlock("staff_messaging", {}, { deal: deal("all") })).toContain("For you");
    expect(renderBlock("staff_messaging", {}, { deal: deal("paid") })).toBe("");
    expect(renderBlock("staff_messaging", {}, { deal: deal("paid"), viewer: buyer })).toContain(
      "For you",
    );
    expect(renderBlock("staff_messaging", {}, { deal: deal("paid_plus"), viewer: buyer })).toBe("");
    expect(
      renderBlock(
        "staff_messaging",
        {},
        { deal: deal("paid_plus"), viewer: { ...buyer, hasPlus: true } },
      ),
    ).toContain("For you");
    expect(
      renderBlock("staff_messaging", {}, { deal: deal("paid_non_plus"), viewer: buyer }),
    ).toContain("For you");
  });

  it("embed: a url becomes a sandboxed iframe, html is sanitised by the loader", () => {
    const frame = renderBlock("embed", { url: "https://example.com/widget" });
    expect(frame).toContain("<iframe");
    expect(frame).toContain('sandbox="');
    expect(renderBlock("embed", { url: "javascript:alert(1)" })).toBe("");
    const [clean] = sanitizeBlocks([
      {
        id: 1,
        type: "generic_embed_block",
        data: {
          html: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:x">l</a></p>',
        },
        video_collection: null,
      },
    ]);
    const html = renderBlock("generic_embed_block", clean?.data ?? {});
    expect(html).toContain("Hi");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onclick");
    expect(html).not.toContain("javascript:");
  });

  it("titles: Recap & resources, Related, At-a-glance, Plans & features", () => {
    const items = [{ title: "Docs", url: "https://example.com/docs" }];
    expect(renderBlock("resources_list", { items })).toContain(
      RESOURCES_LIST_TITLE.replace("&", "&amp;"),
    );
    expect(renderBlock("related_cards", { items })).toContain(`>${RELATED_CARDS_TITLE}<`);
    expect(renderBlock("related_cards", { items, title: "Keep reading" })).toContain(
      "Keep reading",
    );
    const deal = emptyDeal({
      attributes: dealAttributes({ alternative_to: [{ slug: "asana", name: "Asana" }] }),
    } as never);
    expect(renderBlock("deal_attributes", {}, { deal })).toContain(AT_A_GLANCE);
    const terms = renderBlock("terms_and_conditions", {});
    expect(terms).toContain(TERMS_TITLE.replace("&", "&amp;"));
    expect(terms).toContain("Non-refundable deal");
  });

  it("bundle products: layout by count", () => {
    const products = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `P${i}` }));
    expect(renderBlock("bundle_products", { products: products(3) })).toContain(
      'data-layout="grid"',
    );
    expect(renderBlock("bundle_products", { products: products(5) })).toContain(
      'data-layout="centred-row"',
    );
    expect(renderBlock("bundle_products", { products: products(7) })).toContain(
      'data-layout="three-columns"',
    );
  });

  it("hero: title cut at 65, description at 200", () => {
    const html = renderBlock("hero", { title: "T".repeat(80), description: "D".repeat(250) });
    expect(html).toContain(`${"T".repeat(64)}${ELLIPSIS}`);
    expect(html).toContain(`${"D".repeat(199)}${ELLIPSIS}`);
  });

  it("subscribe form renders only with its action, text and both slugs", () => {
    const full = {
      action: "/api/email-signup/",
      text: "Deals weekly",
      content_slug: "c",
      campaign_slug: "k",
    };
    expect(renderBlock("subscribe_form", full)).toContain("Deals weekly");
    expect(renderBlock("subscribe_form", { ...full, campaign_slug: "" })).toBe("");
  });

  it("money-back guarantee: only for 60 days or more; thematic roadblock button defaults", () => {
    expect(
      renderBlock(
        "money_back_guarantee",
        {},
        { deal: emptyDeal({ refundable_days: 30 } as never) },
      ),
    ).toBe("");
    expect(
      renderBlock(
        "money_back_guarantee",
        {},
        { deal: emptyDeal({ refundable_days: 60 } as never) },
      ),
    ).toContain("2 months (60 days)");
    expect(
      renderBlock(
        "money_back_guarantee",
        {},
        {
          deal: emptyDeal({ refundable_days: 60, has_ended: true } as never),
        },
      ),
    ).toBe("");
    expect(renderBlock("thematic_roadblock", { headline: "Bundle" })).toContain("Buy now!");
  });

  it("buy-now bar: only on a deal that can be bought now", () => {
    const plans = [{ id: 1, is_active: true }];
    expect(renderBlock("buy_now_bar", {}, { deal: emptyDeal({ plans } as never) })).toContain(
      "Buy now",
    );
    const soon = emptyDeal({
      plans,
      buy_button: { ...emptyDeal().buy_button, is_coming_soon: true },
    } as never);
    expect(renderBlock("buy_now_bar", {}, { deal: soon })).toBe("");
    expect(
      renderBlock("buy_now_bar", {}, { deal: emptyDeal({ plans, has_ended: true } as never) }),
    ).toBe("");
  });

  it("time-boxed countdown uses the block's dates", () => {
    const html = renderBlock("inline_countdown_clock", {
      end_date: "2026-06-03T12:00:00Z",
      label: "Ends soon",
    });
    expect(html).toContain('role="timer"');
    expect(html).toContain("Ends soon");
  });
});
