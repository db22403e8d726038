import { expect, test } from "./fixtures";

// The storefront pages: search, a collection, a taxonomy page, the 404 page (both variants).

test("search finds a seeded deal by a word of its card description", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("searchbox", { name: "Search deals" }).first();
  // taskflow's card: "Plan projects, automate busywork and keep every client in the loop..."
  if (await search.isVisible()) {
    await search.fill("busywork");
    await search.press("Enter");
  } else {
    await page.goto("/browse?query=busywork");
  }
  await expect(page).toHaveURL(/\/browse\?query=busywork/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Showing results for busywork");
  await expect(page.getByRole("link", { name: "TaskFlow" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/browse$/);

  // Nothing found: an empty state with a way back, not an error.
  const none = await page.goto("/browse?query=zzzqqqxxx");
  expect(none?.status()).toBe(200);
  await expect(page.getByText('No deals found for "zzzqqqxxx"')).toBeVisible();
  // Bad filter values: the page explains them with a 400.
  const bad = await page.goto("/browse?min_price=50&max_price=10");
  expect(bad?.status()).toBe(400);
  await expect(
    page.getByText("The minimum price must not be above the maximum price."),
  ).toBeVisible();
});

test("browse pages through the catalogue, 10 deals a page", async ({ page }) => {
  await page.goto("/browse");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Browse all deals");
  await expect(page.locator("main article")).toHaveCount(10);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await pagination.getByRole("link", { name: "Page 2" }).locator("visible=true").click();
  await expect(page).toHaveURL(/\/browse\?page=2$/);
  await expect(pagination.locator('[aria-current="page"]').locator("visible=true")).toHaveText("2");
});

test("a collection page lists its deals", async ({ page }) => {
  const res = await page.goto("/collections/new-arrivals/");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New arrivals");
  await expect(page.locator("main article")).toHaveCount(10);
  await expect(page).toHaveTitle("New arrivals | Payonce");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    /New arrivals/,
  );
  // The campaign banner links to the campaign's collection, in a new tab.
  const banner = page.locator("aside[data-campaign] a").first();
  await expect(banner).toHaveAttribute("href", "/collections/lifetime-fest/");
  await expect(banner).toHaveAttribute("target", "_blank");
  // Rule collections and best-for work too; unknown ones are real 404s.
  expect((await page.goto("/collections/freebies/"))?.status()).toBe(200);
  expect((await page.goto("/collections/best-for/marketers/"))?.status()).toBe(200);
  expect((await page.goto("/collections/no-such-collection/"))?.status()).toBe(404);
});

test("a taxonomy page shows breadcrumbs and its deals", async ({ page }) => {
  const res = await page.goto("/software/sales/crm/");
  expect(res?.status()).toBe(200);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Software" })).toHaveAttribute(
    "href",
    "/software/",
  );
  await expect(crumbs.getByRole("link", { name: "Sales" })).toHaveAttribute(
    "href",
    "/software/sales/",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("CRM");
  await expect(page.getByRole("link", { name: "QuickCRM" })).toBeVisible();
  await crumbs.getByRole("link", { name: "Sales" }).click();
  await expect(page).toHaveURL(/\/software\/sales\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sales");
  expect((await page.goto("/software/no-such-category/"))?.status()).toBe(404);
  expect((await page.goto("/no-such-group/"))?.status()).toBe(404);
});

test("the 404 page offers anonymous visitors the first-order discount, and takes the e-mail", async ({
  page,
}) => {
  const res = await page.goto("/this-page-does-not-exist/at-all/really/");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Weird, we couldn't find that page")).toBeVisible();
  await expect(page.getByRole("link", { name: "No thanks, browse all deals" })).toHaveAttribute(
    "href",
    "/browse",
  );
  // 10%, or the live campaign's figure (the home banner's: ux-copy.spec pins that they agree).
  const button = page.getByRole("button", { name: /^Get \d+% off$/ });
  const figure = /\d+%/.exec((await button.textContent()) ?? "")?.[0];
  expect(figure).toBeTruthy();
  await page.getByRole("textbox", { name: "Email address" }).fill("not-an-email");
  await button.click();
  await expect(
    page.getByText(`A valid email address is required to get ${figure} off.`),
  ).toBeVisible();
  const email = `visitor-${Date.now()}-${test.info().project.name}@example.com`;
  await page.getByRole("textbox", { name: "Email address" }).fill(email);
  await button.click();
  await expect(
    page.getByText("Success! Check your inbox for the coupon code and start saving now!"),
  ).toBeVisible();
});

test("the 404 page sends signed-in visitors to the latest deals", async ({ page }) => {
  const login = await page.request.post("/api/users/login/", {
    data: { email: "shopper@payonce.test", password: "payonce-demo-1" },
  });
  expect(login.status()).toBe(200);
  const res = await page.goto("/no-such-page/");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Weird, we couldn't find that page")).toBeVisible();
  await expect(page.getByRole("link", { name: "See the latest deals" })).toHaveAttribute(
    "href",
    "/",
  );
  await expect(page.getByRole("button", { name: /^Get \d+% off$/ })).toHaveCount(0);
});

test("sitemap.xml and robots.txt are served", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  // An index of sitemaps by kind (issue 18): the deals' one lists taskflow.
  const deals = /<loc>([^<]+\/sitemaps\/deals-0\.xml)<\/loc>/.exec(await sitemap.text())?.[1];
  expect(deals).toBeTruthy();
  expect(await (await request.get(deals ?? "")).text()).toContain("/products/taskflow/</loc>");
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Sitemap: ");
});
