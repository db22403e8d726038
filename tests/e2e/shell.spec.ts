import { expect, test } from "./fixtures";

type Plan = { public_name: string; price: number; is_active?: boolean };
type DealDetails = { deal: { public_name: string; name: string; plans: Plan[]; slug: string } };

const dollars = (n: number) => (Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`);

test("the home page shows the header, the home collections and the footer", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Payonce/);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: /payonce/i }).first()).toBeVisible();
  await expect(page.getByRole("searchbox").first()).toBeAttached();
  await expect(header.getByRole("link", { name: /cart/i }).first()).toBeAttached();
  await expect(page.getByRole("contentinfo")).toBeVisible();

  // The `home` modular page: its first collections render with deal cards linking to products.
  const api = await (await page.request.get("/api/modular/page/home/?include_deals=true")).json();
  const firstTitle: string = api.collections.find((c: { data: { title?: string } }) => c.data.title)
    ?.data.title;
  await expect(page.getByText(firstTitle, { exact: false }).first()).toBeVisible();
  expect(await page.locator('main a[href^="/products/"]').count()).toBeGreaterThan(3);
  await page.screenshot({ path: test.info().outputPath("home.png"), fullPage: true });
});

test("a product page shows the deal's name, plans and prices", async ({ page }) => {
  const details: DealDetails = await (
    await page.request.get("/api/v2/deals/taskflow/details/")
  ).json();
  const response = await page.goto("/products/taskflow/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(details.deal.public_name);
  const plans = details.deal.plans.filter((p) => p.is_active !== false);
  expect(plans.length).toBe(3);
  for (const plan of plans) {
    await expect(page.getByText(plan.public_name, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(dollars(plan.price), { exact: true }).first()).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath("product.png"), fullPage: true });
});

test("an unknown product answers a real 404 page", async ({ page }) => {
  const response = await page.goto("/products/no-such-deal-here/");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Weird, we couldn't find that page")).toBeVisible();
});

test("a signed-in visitor sees their account in the header, and can sign out", async ({
  page,
  logIn,
  csrf,
}) => {
  await logIn("buyer@payonce.test");
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: /log in/i })).toHaveCount(0);
  const session = await (await page.request.get("/api/sessions/")).json();
  expect(session.user.email).toBe("buyer@payonce.test");
  // CSRF: the API refuses an unsafe call without the header, accepts it with the cookie's value.
  const refused = await page.request.post("/api/users/logout/");
  expect(refused.status()).toBe(403);
  const out = await page.request.post("/api/users/logout/", {
    headers: { "X-CSRFToken": await csrf() },
  });
  expect(out.status()).toBe(200);
  await page.goto("/");
  await expect(header.getByRole("link", { name: /log in/i }).first()).toBeAttached();
});

test("static assets are served with long-lived cache headers", async ({ page, gotoHydrated }) => {
  const assets: string[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/assets/")) assets.push(r.headers()["cache-control"] ?? "");
  });
  // Once hydrated, every script and style of the page has been fetched.
  await gotoHydrated("/");
  expect(assets.length).toBeGreaterThan(0);
  for (const header of assets) expect(header).toContain("immutable");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login form posts, honours next and signs in", async ({ page }) => {
    await page.goto("/accounts/login/?next=%2Fproducts%2Ftaskflow%2F");
    await page.getByLabel("Email").fill("shopper@payonce.test");
    await page.getByLabel("Password", { exact: true }).fill("payonce-demo-1");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/products/taskflow/");
    const session = await (await page.request.get("/api/sessions/")).json();
    expect(session.user.email).toBe("shopper@payonce.test");
    // And the logout form: the product page is the one kept for the shopper's audience, which
    // carries no one's CSRF token, so it posts to the log-out page's action (decision 059).
    await page.getByRole("banner").locator("summary").first().click();
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/accounts/login/");
    const after = await (await page.request.get("/api/sessions/")).json();
    expect(after.user.is_authenticated).toBe(false);
  });
});
