import { expect, test } from "./fixtures";

// /products/{slug}/videos/ (spec 001 section 2) and what the product page's cache and structured
// data look like from a browser.

test("the videos page shows the breadcrumb, the player, the list and the questions", async ({
  page,
}) => {
  await page.goto("/products/taskflow/videos/");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "TaskFlow" })).toHaveAttribute(
    "href",
    "/products/taskflow/",
  );
  await expect(crumbs.getByText("See TaskFlow in action")).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: "See TaskFlow in action" }),
  ).toBeVisible();

  // The first video plays by default; the list marks it.
  await expect(page.locator("figure video")).toHaveAttribute("src", "/media/demo/tf-tour.mp4");
  await expect(
    page.getByRole("heading", { level: 2, name: "A 5-minute tour of TaskFlow" }),
  ).toBeVisible();
  const list = page.getByRole("list", { name: "Videos" });
  await expect(list.getByRole("link")).toHaveCount(4);
  await expect(list.locator('[aria-current="true"]')).toContainText("A 5-minute tour of TaskFlow");

  await expect(page.getByRole("heading", { name: "Latest questions" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("videos.png"), fullPage: true });

  // Choosing another video is a link (?video=), so it works with or without JavaScript.
  await list.getByRole("link", { name: /Build your first automation/ }).click();
  await expect(page).toHaveURL(/\/products\/taskflow\/videos\/\?video=tf-automations$/);
  await expect(page.locator("figure video")).toHaveAttribute(
    "src",
    "/media/demo/tf-automations.mp4",
  );
  await expect(list.locator('[aria-current="true"]')).toContainText("Build your first automation");
});

test("a video chosen by ?video= is served without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/products/pixelforge/videos/?video=pf-resize");
  await expect(
    page.getByRole("heading", { level: 2, name: "Resize a design for every network" }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: "PixelForge walkthroughs" }),
  ).toBeVisible();
  await context.close();
});

test("a deal without a video collection has no videos page", async ({ page }) => {
  const res = await page.goto("/products/mailbeam/videos/");
  expect(res?.status()).toBe(404);
});

test("the anonymous product page is cached and carries JSON-LD Product", async ({ request }) => {
  await request.get("/products/pixelforge/");
  const res = await request.get("/products/pixelforge/");
  expect(res.headers()["x-cache"]).toBe("HIT");
  const html = await res.text();
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  const ld = JSON.parse(json ?? "null");
  expect(ld).toMatchObject({
    "@type": "Product",
    url: expect.stringMatching(/\/products\/pixelforge\/$/),
  });
  expect(ld.offers.length).toBeGreaterThan(3);
});
