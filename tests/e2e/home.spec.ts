import { expect, test } from "./fixtures";

const ALL_TYPES = [
  "product_carousel",
  "collection_mosaic",
  "branded_product_carousel",
  "deal_highlight",
  "shop_by_collection",
  "spotlight_marquee",
  "spotlight_custom",
  "bento_box",
  "leaderboard",
];

test("the home page loads its next collections on scroll until every type is shown", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated("/");
  const sections = page.locator("main [data-collection-type]");
  // The first slice is server-rendered: 4 collections (MODULAR_PAGE_SIZE).
  await expect(sections).toHaveCount(4);

  // Scrolling the "Load more" sentinel into view fetches the next slice; no click needed.
  const more = page.getByRole("link", { name: /Load more deals|Loading/ });
  for (let i = 0; i < 10 && (await more.count()) > 0; i++) {
    const before = await sections.count();
    await more.scrollIntoViewIfNeeded();
    await expect.poll(() => sections.count(), { timeout: 10_000 }).toBeGreaterThan(before);
  }
  await expect(more).toHaveCount(0);

  const types = await sections.evaluateAll((nodes) =>
    nodes.map((n) => n.getAttribute("data-collection-type")),
  );
  expect(new Set(types)).toEqual(new Set(ALL_TYPES));
  expect(types.length).toBeGreaterThanOrEqual(9);
});

test("without JavaScript, Load more is a link to the next page of collections", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("main [data-collection-type]")).toHaveCount(4);
  await page.getByRole("link", { name: "Load more deals" }).click();
  await expect(page).toHaveURL(/\/\?page=2$/);
  await expect(page.locator("main [data-collection-type]")).toHaveCount(8);
  await context.close();
});
