import { describe, expect, it } from "vitest";
import {
  accordionMayRotate,
  activeSection,
  assignAnchorIds,
  bentoSubCollections,
  blockAppliesTo,
  bundleLayout,
  defaultAnchorId,
  ELLIPSIS,
  founderPostsShown,
  founderPostText,
  galleryNeedsThumbnailArrows,
  heroDescription,
  heroTitle,
  isWithinWindow,
  leaderboardRows,
  liveStaffMessages,
  nextIndex,
  sanitizeAnchorId,
  sectionNavShown,
  staffMessageFor,
  staffMessageVisible,
  testimonialText,
  truncate,
  USE_CASE_DEFAULT_LINK_TEXT,
  USE_CASE_THEMES,
  useCaseCards,
  videoCollectionShown,
} from "./blocks";
import {
  ACCORDION_AUTOPLAY_MS,
  ACCORDION_INACTIVITY_PAUSE_MS,
  PRESS_ROTATION_MS,
} from "./constants";
import { USE_CASE_LINK_DEFAULT } from "./messages";

const words = (n: number) => Array.from({ length: n }, () => "abcd").join(" ");

describe("truncate", () => {
  it("keeps text at or under the limit and cuts longer text to the limit with an ellipsis", () => {
    expect(truncate("Short", 10)).toBe("Short");
    expect(truncate("x".repeat(10), 10)).toBe("x".repeat(10));
    const cut = truncate("x".repeat(11), 10);
    expect(cut).toHaveLength(10);
    expect(cut.endsWith(ELLIPSIS)).toBe(true);
  });
  it("backs up to a word boundary near the end", () => {
    expect(truncate("Get started with automations", 20)).toBe("Get started with…");
  });
  it("cuts hero title at 65, description at 200, founder posts at 650, testimonials at 350", () => {
    expect(heroTitle("t".repeat(65))).toHaveLength(65);
    expect(heroTitle("t".repeat(66)).length).toBeLessThanOrEqual(65);
    expect(heroTitle("t".repeat(66)).endsWith(ELLIPSIS)).toBe(true);
    expect(heroDescription("d".repeat(200))).toBe("d".repeat(200));
    expect(heroDescription(words(60)).length).toBeLessThanOrEqual(200);
    expect(founderPostText("p".repeat(650))).toBe("p".repeat(650));
    expect(founderPostText("p".repeat(651)).length).toBeLessThanOrEqual(650);
    expect(founderPostText("p".repeat(651)).endsWith(ELLIPSIS)).toBe(true);
    expect(testimonialText("q".repeat(350))).toBe("q".repeat(350));
    expect(testimonialText("q".repeat(351)).length).toBeLessThanOrEqual(350);
  });
});

describe("anchors", () => {
  it("strips everything but letters, digits, underscore and hyphen", () => {
    expect(sanitizeAnchorId("my pricing!<script>_1-a")).toBe("mypricingscript_1-a");
    expect(sanitizeAnchorId(42)).toBe("");
  });
  it("defaults pricing blocks to pricing and features blocks to overview", () => {
    expect(defaultAnchorId("pricing_card")).toBe("pricing");
    expect(defaultAnchorId("features_overview")).toBe("overview");
    expect(defaultAnchorId("features_accordion")).toBe("overview");
    expect(defaultAnchorId("faq")).toBeNull();
  });
  it("keeps ids unique on the page and away from the page's own sections", () => {
    const ids = assignAnchorIds(
      [
        { type: "pricing_card", data: {} },
        { type: "features_overview", data: {} },
        { type: "features_accordion", data: {} },
        { type: "faq", data: { anchor_tag_id: "reviews" } },
        { type: "press", data: {} },
        { type: "faq", data: { anchor_tag_id: "  " } },
      ],
      ["reviews"],
    );
    expect(ids).toEqual(["pricing", "overview", "overview-2", "reviews-2", null, null]);
  });
});

describe("time boxes and audiences", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  it("shows a block from its start (inclusive) to its end (exclusive)", () => {
    expect(isWithinWindow(null, null, now)).toBe(true);
    expect(isWithinWindow("2026-06-01T12:00:00Z", null, now)).toBe(true);
    expect(isWithinWindow("2026-06-01T12:00:01Z", null, now)).toBe(false);
    expect(isWithinWindow(null, "2026-06-01T12:00:00Z", now)).toBe(false);
    expect(isWithinWindow(null, "2026-06-01T12:00:01Z", now)).toBe(true);
  });
  it("limits a template block to the deals it names", () => {
    expect(blockAppliesTo({ deal_slugs: ["taskflow"] }, "taskflow", now)).toBe(true);
    expect(blockAppliesTo({ deal_slugs: ["taskflow"] }, "mailbeam", now)).toBe(false);
    expect(blockAppliesTo({}, "mailbeam", now)).toBe(true);
    expect(blockAppliesTo({ end_date: "2026-05-01T00:00:00Z" }, "taskflow", now)).toBe(false);
  });
  it("shows staff messages by audience: all, paid, paid_plus, paid_non_plus; staff see all", () => {
    const anon = { isStaff: false, hasPurchased: false, hasPlus: false };
    const buyer = { isStaff: false, hasPurchased: true, hasPlus: false };
    const plusBuyer = { isStaff: false, hasPurchased: true, hasPlus: true };
    const plusOnly = { isStaff: false, hasPurchased: false, hasPlus: true };
    const staff = { isStaff: true, hasPurchased: false, hasPlus: false };
    expect(staffMessageVisible("all", anon)).toBe(true);
    expect(staffMessageVisible("paid", anon)).toBe(false);
    expect(staffMessageVisible("paid", buyer)).toBe(true);
    expect(staffMessageVisible("paid_plus", buyer)).toBe(false);
    expect(staffMessageVisible("paid_plus", plusBuyer)).toBe(true);
    expect(staffMessageVisible("paid_plus", plusOnly)).toBe(false);
    expect(staffMessageVisible("paid_non_plus", buyer)).toBe(true);
    expect(staffMessageVisible("paid_non_plus", plusBuyer)).toBe(false);
    for (const g of ["all", "paid", "paid_plus", "paid_non_plus"]) {
      expect(staffMessageVisible(g, staff)).toBe(true);
    }
    expect(staffMessageVisible("everyone", buyer)).toBe(false);
  });
  it("picks the newest staff message the viewer's audience may see", () => {
    const messages = [
      { user_group: "paid_plus", id: 2 },
      { user_group: "all", id: 1 },
    ];
    const anon = { isStaff: false, hasPurchased: false, hasPlus: false };
    const plusBuyer = { isStaff: false, hasPurchased: true, hasPlus: true };
    expect(staffMessageFor(messages, anon)?.id).toBe(1);
    expect(staffMessageFor(messages, plusBuyer)?.id).toBe(2);
    expect(staffMessageFor([{ user_group: "paid", id: 3 }], anon)).toBeNull();
  });
});

describe("list limits", () => {
  const uc = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Use case ${i}` }));
  it("use cases: nothing under 3, at most 12, themes rotate, link text defaults", () => {
    expect(useCaseCards(uc(2))).toEqual([]);
    expect(useCaseCards(uc(3))).toHaveLength(3);
    const cards = useCaseCards(uc(20));
    expect(cards).toHaveLength(12);
    expect(cards.map((c) => c.theme).slice(0, 5)).toEqual([...USE_CASE_THEMES, USE_CASE_THEMES[0]]);
    expect(cards[0]?.linkText).toBe(USE_CASE_DEFAULT_LINK_TEXT);
    expect(USE_CASE_DEFAULT_LINK_TEXT).toBe(USE_CASE_LINK_DEFAULT);
  });
  it("use cases: tag cut to 25, title to 100, link text to 20 with an ellipsis", () => {
    const [card] = useCaseCards([
      { tag: "t".repeat(30), title: "x".repeat(120), link_text: "l".repeat(25) },
      ...uc(2),
    ]);
    expect(card?.tag).toHaveLength(25);
    expect(card?.tag?.endsWith(ELLIPSIS)).toBe(true);
    expect(card?.title).toHaveLength(100);
    expect(card?.linkText).toHaveLength(20);
    expect(card?.linkText.endsWith(ELLIPSIS)).toBe(true);
  });
  it("bundle layouts: 2-4 grid, 5 centred row, more than 5 three columns", () => {
    expect(bundleLayout(1)).toBe("single");
    expect([2, 3, 4].map(bundleLayout)).toEqual(["grid", "grid", "grid"]);
    expect(bundleLayout(5)).toBe("centred-row");
    expect(bundleLayout(6)).toBe("three-columns");
    expect(bundleLayout(9)).toBe("three-columns");
  });
  it("bento and mosaic: exactly the first 4, nothing under 4", () => {
    expect(bentoSubCollections([1, 2, 3])).toEqual([]);
    expect(bentoSubCollections([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4]);
  });
  it("leaderboard: at most 10, positions beyond half hidden on small screens", () => {
    const rows = leaderboardRows(Array.from({ length: 14 }, (_, i) => i));
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.hiddenOnSmall).map((r) => r.position)).toEqual([6, 7, 8, 9, 10]);
    expect(leaderboardRows([1, 2, 3]).map((r) => r.hiddenOnSmall)).toEqual([false, false, true]);
  });
  it("founder posts: 5 first, then Show more", () => {
    const posts = Array.from({ length: 7 }, (_, i) => i);
    expect(founderPostsShown(posts, false)).toEqual({ shown: [0, 1, 2, 3, 4], hasMore: true });
    expect(founderPostsShown(posts, true)).toEqual({ shown: posts, hasMore: false });
    expect(founderPostsShown([1, 2], false).hasMore).toBe(false);
  });
  it("video collection needs 3 videos; gallery thumbnail arrows above 6 images", () => {
    expect(videoCollectionShown(2)).toBe(false);
    expect(videoCollectionShown(3)).toBe(true);
    expect(galleryNeedsThumbnailArrows(6)).toBe(false);
    expect(galleryNeedsThumbnailArrows(7)).toBe(true);
  });
});

describe("rotation", () => {
  it("press rotates every 10 s; the accordion every 8 s with a 30 s pause after a choice", () => {
    expect(PRESS_ROTATION_MS).toBe(10000);
    expect(ACCORDION_AUTOPLAY_MS).toBe(8000);
    expect(ACCORDION_INACTIVITY_PAUSE_MS).toBe(30000);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(accordionMayRotate(100_000, null, true)).toBe(true);
    expect(accordionMayRotate(100_000, null, false)).toBe(false);
    expect(accordionMayRotate(100_000, 100_000 - 29_999, true)).toBe(false);
    expect(accordionMayRotate(100_000, 100_000 - 30_000, true)).toBe(true);
  });
});

describe("section navigation", () => {
  it("shows past 200 px and marks the section under the 68 px reading line", () => {
    expect(sectionNavShown(200)).toBe(false);
    expect(sectionNavShown(201)).toBe(true);
    const boxes = (a: number, b: number, height = 400) => [
      { id: "overview", top: a, bottom: a + height },
      { id: "pricing", top: b, bottom: b + height },
    ];
    expect(activeSection(boxes(300, 900))).toBeNull();
    expect(activeSection(boxes(68, 900))).toBe("overview");
    expect(activeSection(boxes(-300, 70))).toBe("overview");
    expect(activeSection(boxes(-300, 68))).toBe("pricing");
    // Past a section's end (and the gap after it) no tab is current: the reader is over a block
    // without a tab (videos, use cases), not still in "Pricing" (issue 15).
    expect(activeSection(boxes(-1000, -600))).toBeNull();
    // Page order is not tab order: the pricing card above the overview block.
    expect(activeSection(boxes(-200, -900, 400))).toBe("overview");
    expect(activeSection(boxes(500, -100, 400))).toBe("pricing");
    // A section of two boxes (purchase panel, pricing card) and a box inside another (the
    // reviews panel in the community section): the innermost is current.
    expect(
      activeSection([
        { id: "pricing", top: -100, bottom: 300 },
        { id: "pricing", top: -2000, bottom: -1500 },
      ]),
    ).toBe("pricing");
    expect(
      activeSection([
        { id: "community", top: -500, bottom: 900 },
        { id: "reviews", top: -100, bottom: 900 },
      ]),
    ).toBe("reviews");
  });
});

describe("liveStaffMessages", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const day = (n: number) => new Date(now.getTime() + n * 86_400_000);
  it("keeps the live ones, newest first, the first written first of two starting together", () => {
    const messages = [
      { id: 1, startDate: day(-5), endDate: null },
      { id: 2, startDate: day(-2), endDate: null },
      { id: 3, startDate: day(-2), endDate: null },
      { id: 4, startDate: day(1), endDate: null },
      { id: 5, startDate: day(-9), endDate: day(-1) },
      { id: 6, startDate: null, endDate: null },
    ];
    expect(liveStaffMessages(messages, now).map((m) => m.id)).toEqual([2, 3, 1, 6]);
  });
});
