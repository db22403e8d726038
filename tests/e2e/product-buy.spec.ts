import type { Request } from "@playwright/test";
import {
  BUY_COMING_SOON,
  BUY_NOW,
  BUY_SOLD_OUT,
  CONTINUE_WITH_PLUS,
  DEAL_ENDS_IN,
  GET_NOW_FOR_FREE,
  PRESS_B_TO_BUY,
  planXOfN,
  RESTOCK_IDLE,
  SHOW_ALL_FEATURES,
  SHOW_LESS_FEATURES,
} from "../../domain/messages";
import { expect, type Page, test } from "./fixtures";

// Buying from the product page (spec 001 sections 2 to 4): the purchase panel, the pricing card,
// the buy bars, the Plus shelf and the add-to-cart flow, on the seeded deals. Both projects
// (desktop 1440 px, phone 390 px) run every test.

type DealDetails = {
  deal: {
    id: number;
    use_licensing: boolean;
    plans: { id: number; public_name: string; price: number; codes: number; is_active: boolean }[];
    addon_features: {
      feature: string;
      primary_plan_values: { primary_plan_id: number; value_type: string }[];
    }[];
  };
};

async function details(page: Page, slug: string): Promise<DealDetails["deal"]> {
  const res = await page.request.get(`/api/v2/deals/${slug}/details/`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as DealDetails).deal;
}

const panel = (page: Page) => page.getByTestId("purchase-panel");

/** Opens a product page and waits until React has hydrated it (buttons do nothing before). */
async function openProduct(page: Page, path: string) {
  await page.goto(path);
  await expect(panel(page)).toHaveAttribute("data-hydrated", "true");
}

/**
 * Records the cart calls (contract.md: POST /api/cart/items/ and /api/cart/addons/, with
 * X-CSRFToken); the real cart answers them.
 */
async function recordCartCalls(page: Page) {
  const items: Request[] = [];
  const addons: Request[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST") return;
    const path = new URL(request.url()).pathname;
    if (/^\/api\/cart\/items\/?$/.test(path)) items.push(request);
    if (/^\/api\/cart\/addons\/?$/.test(path)) addons.push(request);
  });
  return { items, addons };
}

async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  const target = panel(page);
  if (await target.isVisible()) {
    await target.screenshot({ path: test.info().outputPath(`${name}-panel-${project}.png`) });
  }
  const card = page.getByTestId("pricing-card");
  if (await card.isVisible()) {
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: test.info().outputPath(`${name}-card-${project}.png`) });
  }
}

test("taskflow: choose a plan and an add-on, buy, land on /cart", async ({ page }) => {
  const deal = await details(page, "taskflow");
  const tier2 = deal.plans.find((p) => p.public_name === "Tier 2");
  if (!tier2) throw new Error("seed: taskflow Tier 2 missing");
  const calls = await recordCartCalls(page);

  // ?plan= preselects the plan (spec: "the given plan id").
  await openProduct(page, `/products/taskflow/?plan=${tier2.id}`);
  await expect(panel(page).getByRole("radio", { name: /Tier 2/ })).toBeChecked();
  await expect(panel(page).getByTestId("plan-price")).toHaveText("$118");
  await expect(panel(page).getByText("-83%")).toBeVisible();
  await expect(panel(page).getByText("Lifetime access")).toBeVisible();
  await expect(panel(page).getByTestId("refund-text")).toHaveText("60-day money-back guarantee");

  // Add-ons of the selected plan: the AI assistant switch; storage is flagged non-refundable.
  await expect(panel(page).getByText("Non-refundable deal")).toBeVisible();
  await panel(page).getByRole("checkbox").check();
  await expect(panel(page).getByTestId("addons-total")).toHaveText("+$29");
  await shoot(page, "taskflow");

  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  const buy = panel(page).getByRole("button", { name: BUY_NOW });
  // A double click adds once.
  await buy.dblclick();
  await page.waitForURL(/\/cart\/?$/);

  expect(calls.items).toHaveLength(1);
  const item = calls.items[0];
  if (!item) throw new Error("no cart call");
  expect(item.postDataJSON()).toEqual({
    dealId: deal.id,
    dealGroupId: null,
    planId: tier2.id,
    couponCode: null,
    quantity: deal.use_licensing ? 1 : tier2.codes,
  });
  // The CSRF double submit: the header repeats the csrftoken cookie (none yet for a visitor
  // without a session, whom the cart gives one).
  expect(item.headers()["x-csrftoken"]).toBe(csrf?.value ?? "");
  // The add-on handler ran after the plan was added, before cart:added sent us to /cart.
  expect(calls.addons).toHaveLength(1);
  const lines = calls.addons[0]?.postDataJSON().addons as {
    plan_id: number;
    primary_plan_id: number;
  }[];
  expect(lines).toHaveLength(1);
  expect(lines[0]?.primary_plan_id).toBe(tier2.id);
  // The cart holds the plan with its add-on.
  const cart = await (await page.request.get("/api/cart/")).json();
  const line = cart.cart_items.find((i: { deal: { slug: string } }) => i.deal.slug === "taskflow");
  expect(line?.plan.id).toBe(tier2.id);
  expect(line?.addons.map((a: { deal: { slug: string } }) => a.deal.slug)).toEqual([
    "taskflow-ai-assistant",
  ]);
});

test("taskflow on a phone: the bottom bar's plan chooser opens, picks a plan and closes", async ({
  page,
}) => {
  // The bottom buy bar and its sheet are the phone's (below 768 px), in both projects.
  await page.setViewportSize({ width: 390, height: 844 });
  await openProduct(page, "/products/taskflow/");
  // Past the purchase panel and the pricing card, the bottom bar shows.
  await page.getByTestId("purchase-panel").evaluate((el) => el.scrollIntoView());
  await page.evaluate(() => window.scrollBy(0, window.innerHeight * 2));
  const bar = page.getByTestId("bottom-buy-bar");
  await expect(bar).toHaveAttribute("aria-hidden", "false");
  const chooser = bar.getByRole("button", { name: /Tier 1/ });
  await chooser.click();
  // The sheet (its code loads on this first open) holds the plans and a buy button.
  const sheet = page.getByRole("dialog", { name: "Choose your plan" });
  await expect(sheet).toBeVisible();
  await sheet.getByRole("radio", { name: /Tier 2/ }).check();
  await expect(sheet.getByRole("button", { name: BUY_NOW })).toBeVisible();
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(sheet).toBeHidden();
  // The bar follows the plan chosen in the sheet.
  await expect(bar.getByRole("button", { name: /Tier 2/ })).toBeVisible();
  await expect(bar).toContainText("$118");
});

test("taskflow: the B key buys, the hint is dismissible, long feature lists collapse", async ({
  page,
}, info) => {
  const calls = await recordCartCalls(page);
  await openProduct(page, "/products/taskflow/");
  const card = page.getByTestId("pricing-card");
  // Tier 3 lists 11 features: the first 5 show until "Show all included features".
  const tier3 = card
    .locator("[data-layout]")
    .locator("visible=true")
    .getByRole("article", { name: "Tier 3" });
  await expect(tier3.getByRole("listitem")).toHaveCount(5);
  await tier3.getByRole("button", { name: SHOW_ALL_FEATURES }).click();
  await expect(tier3.getByRole("listitem")).toHaveCount(11);
  await tier3.getByRole("button", { name: SHOW_LESS_FEATURES }).click();
  await expect(tier3.getByRole("listitem")).toHaveCount(5);

  if (info.project.name === "desktop") {
    // The hint sits in the buy-now bar, shown once the page is scrolled past the fold.
    await page.evaluate(() => window.scrollTo(0, 1200));
    const hint = page.getByTestId("buy-hint");
    await expect(hint).toContainText(PRESS_B_TO_BUY);
    await hint.getByRole("button", { name: "Dismiss hint" }).click();
    await expect(hint).toBeHidden();
    await page.reload();
    await expect(panel(page)).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("buy-hint")).toBeHidden();
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("b");
  await page.waitForURL(/\/cart\/?$/);
  expect(calls.items).toHaveLength(1);
});

test("pixelforge: lifetime / annual toggle, the paged table on desktop, Plan X of N on phones", async ({
  page,
}, info) => {
  await openProduct(page, "/products/pixelforge/");
  const card = page.getByTestId("pricing-card");
  const toggle = card.getByRole("radiogroup", { name: "Plan type" });
  await expect(toggle).toBeVisible();
  await toggle.getByRole("radio", { name: "Lifetime" }).click();
  await expect(toggle.getByRole("radio", { name: "Lifetime" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  if (info.project.name === "desktop") {
    const table = card.getByTestId("pricing-table");
    await expect(table).toBeVisible();
    // 5 columns of 20%: the feature names and 4 plans a page.
    await expect(table.locator("col")).toHaveCount(5);
    await expect(table.getByRole("columnheader")).toHaveCount(5);
    const pager = card.getByTestId("pricing-pager");
    await expect(pager).toContainText("Plans 1–4 of 5");
    await pager.getByRole("button", { name: "Next plans" }).click();
    await expect(pager).toContainText("Plans 5–5 of 5");
    await expect(table.getByText("Lifetime Enterprise")).toBeVisible();
    await shoot(page, "pixelforge");
    // Switching resets to page 1.
    await toggle.getByRole("radio", { name: "Annual" }).click();
    await expect(table).toBeHidden();
    await toggle.getByRole("radio", { name: "Lifetime" }).click();
    await expect(card.getByTestId("pricing-pager")).toContainText("Plans 1–4 of 5");
  } else {
    const carousel = card.locator('[data-layout="carousel"]');
    await expect(carousel.getByText(planXOfN(1, 5))).toBeVisible();
    await expect(carousel.getByRole("article")).toHaveCount(5);
    await shoot(page, "pixelforge");
  }
});

test("mailbeam is sold out: no prices, no buy button, a restock sign-up", async ({ page }) => {
  await openProduct(page, "/products/mailbeam/");
  await expect(panel(page).getByTestId("sold-out")).toHaveText(BUY_SOLD_OUT);
  await expect(panel(page).getByTestId("plan-price")).toHaveCount(0);
  await expect(page.getByTestId("buy-button")).toHaveCount(0);
  await expect(page.getByTestId("pricing-sold-out")).toHaveText(BUY_SOLD_OUT);
  await expect(panel(page).getByRole("button", { name: RESTOCK_IDLE })).toBeVisible();
  await shoot(page, "mailbeam");
});

test("infohub takes waitlist e-mails instead of orders", async ({ page }) => {
  await openProduct(page, "/products/infohub/");
  await expect(panel(page)).toBeVisible();
  await expect(page.getByTestId("buy-button")).toHaveCount(0);
  await expect(panel(page).getByTestId("plan-price")).toHaveCount(0);
  await expect(panel(page).getByRole("region", { name: "Join the waitlist" })).toBeVisible();
});

async function plusvault(page: Page) {
  const deal = await details(page, "plusvault");
  const plan = deal.plans[0];
  if (!plan) throw new Error("seed: plusvault plan missing");
  return { deal, plan };
}

test("plusvault: an anonymous visitor gets the Plus shelf with a login link", async ({ page }) => {
  await openProduct(page, "/products/plusvault/");
  await panel(page).getByRole("button", { name: BUY_NOW }).click();
  const shelf = page.getByRole("dialog");
  await expect(shelf.getByRole("button", { name: CONTINUE_WITH_PLUS })).toBeVisible();
  await expect(shelf.getByRole("link", { name: "Log in" })).toHaveAttribute(
    "href",
    `/accounts/login/?next=${encodeURIComponent("/products/plusvault/")}`,
  );
  await page.screenshot({
    path: test.info().outputPath(`plus-shelf-${test.info().project.name}.png`),
  });
  await page.keyboard.press("Escape");
  await expect(shelf).toBeHidden();
});

test("plusvault: shopper@ continues with Plus: Plus and the plan in one add, then /cart", async ({
  page,
  logIn,
}) => {
  const { deal } = await plusvault(page);
  await logIn("shopper@payonce.test");
  const calls = await recordCartCalls(page);
  await openProduct(page, "/products/plusvault/");
  await panel(page).getByRole("button", { name: BUY_NOW }).click();
  const shelf = page.getByRole("dialog");
  await expect(shelf.getByRole("button", { name: CONTINUE_WITH_PLUS })).toBeVisible();
  await expect(shelf.getByRole("link", { name: "Log in" })).toHaveCount(0);
  expect(calls.items).toHaveLength(0);
  await shelf.getByRole("button", { name: CONTINUE_WITH_PLUS }).click();
  await page.waitForURL(/\/cart\/?$/);
  // One add of the plan asking for Plus with it: the cart service adds Plus first, in the same
  // change (decision 054), so a failure cannot leave Plus alone in the cart.
  expect(calls.items.map((r) => r.postDataJSON())).toEqual([
    expect.objectContaining({ dealId: deal.id, withPlus: true }),
  ]);
  const cart = await (await page.request.get("/api/cart/")).json();
  const slugs = cart.cart_items.map((i: { deal: { slug: string } }) => i.deal.slug);
  expect(slugs).toEqual(expect.arrayContaining(["payonce-plus", "plusvault"]));
});

test("plusvault: plus@ (a member) adds the plan directly", async ({ page, logIn }) => {
  const { deal, plan } = await plusvault(page);
  await logIn("plus@payonce.test");
  const calls = await recordCartCalls(page);
  await openProduct(page, "/products/plusvault/");
  await panel(page).getByRole("button", { name: BUY_NOW }).click();
  await page.waitForURL(/\/cart\/?$/);
  expect(calls.items).toHaveLength(1);
  expect(calls.items[0]?.postDataJSON()).toMatchObject({ dealId: deal.id, planId: plan.id });
});

test("freebie-kit says Get now for FREE", async ({ page }) => {
  await openProduct(page, "/products/freebie-kit/");
  await expect(panel(page).getByRole("button", { name: GET_NOW_FOR_FREE })).toBeEnabled();
  await expect(panel(page).getByTestId("plan-price")).toHaveText("FREE");
  await expect(panel(page).getByTestId("refund-text")).toHaveText("Non-refundable deal");
});

test("launchpad-x is coming soon: the buy button is disabled", async ({ page }) => {
  await openProduct(page, "/products/launchpad-x/");
  const button = panel(page).getByRole("button", { name: BUY_COMING_SOON });
  await expect(button).toBeDisabled();
  await expect(panel(page).getByTestId("deal-banner")).toHaveText(BUY_COMING_SOON);
});

test("quickcrm shows the deal timer, ticking each second", async ({ page }) => {
  await openProduct(page, "/products/quickcrm/");
  const timer = panel(page).getByTestId("deal-timer");
  await expect(timer).toContainText(DEAL_ENDS_IN);
  const clock = timer.getByRole("timer");
  const first = await clock.textContent();
  await expect.poll(() => clock.textContent()).not.toBe(first);
  await shoot(page, "quickcrm");
});

test("postloom runs low: the limited-quantity text and meter", async ({ page }) => {
  await openProduct(page, "/products/postloom/");
  await expect(panel(page).getByText("Hurry! Only 70 remaining")).toBeVisible();
  await expect(panel(page).getByTestId("quantity-meter")).toHaveText("70 remaining");
  await shoot(page, "postloom");
});
