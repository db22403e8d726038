import { ORDER_PAID } from "../../domain/messages";
import { addDealToCart, expect, type Page, TEST_CARD, test } from "./fixtures";

// Paying by card in Stripe mode (issue 29): the second app of playwright.config.ts runs with
// STRIPE_SECRET_KEY against the Stripe stand-in (tests/support/stripe-stand-in), whose Stripe.js
// the browser gets in place of js.stripe.com's: its Card Element, createPaymentMethod and the
// 3-D Secure dialog of handleNextAction, talking to "api.stripe.com" (the stand-in too).
const STRIPE_APP = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? 3198}`;
const STAND_IN = "http://127.0.0.1:12111";
const DEAL = "landing-kit";

test.use({ baseURL: STRIPE_APP });

/** js.stripe.com and api.stripe.com, answered by the stand-in (same path and query). */
async function routeStripeToStandIn(page: Page) {
  for (const host of ["https://js.stripe.com/**", "https://api.stripe.com/**"]) {
    await page.route(host, async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${STAND_IN}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
  }
}

async function ownedProducts(page: Page): Promise<number> {
  return (await (await page.request.get("/api/users/products/")).json()).meta.total as number;
}

/** Types a card into the stand-in's Card Element (labelled inputs in the page, no iframe). */
async function fillStripeCard(page: Page, number: string) {
  const card = page.getByTestId("stripe-card-form");
  await card.getByLabel("Card number").fill(number);
  await card.getByLabel("Expiration date (MM / YY)").fill("12 / 34");
  await card.getByLabel("CVC").fill("123");
}

test.describe("Stripe mode @desktop-only", () => {
  test.beforeEach(async ({ page, freshAccount, gotoHydrated }) => {
    expect(freshAccount.email).toContain("@");
    await routeStripeToStandIn(page);
    await page.goto("/");
    await addDealToCart(page, DEAL);
    await gotoHydrated("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    // Stripe mode has no test gateway form: Stripe's Card Element takes the card.
    await expect(page.getByTestId("test-card-form")).toHaveCount(0);
    await expect(page.getByTestId("stripe-card-form").getByLabel("Card number")).toBeVisible();
  });

  test("a buyer pays with 4242 through Stripe's card form", async ({ page }) => {
    await fillStripeCard(page, TEST_CARD.pays);
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/orders\/\d+\/$/);
    await expect(page.getByRole("heading", { name: ORDER_PAID })).toBeVisible();
    expect(await ownedProducts(page)).toBe(1);
  });

  test("3-D Secure completed in Stripe's dialog makes one order", async ({ page }) => {
    await fillStripeCard(page, TEST_CARD.threeDSecure);
    await page.getByRole("button", { name: /^Pay / }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page).toHaveURL(/\/orders\/\d+\/$/);
    await expect(page.getByRole("heading", { name: ORDER_PAID })).toBeVisible();
    expect(await ownedProducts(page)).toBe(1);
    const cart = await (await page.request.get("/api/cart/")).json();
    expect(cart.cart_items).toHaveLength(0);
  });

  test("3-D Secure failed in Stripe's dialog: no order, the cart is kept", async ({ page }) => {
    await fillStripeCard(page, TEST_CARD.threeDSecure);
    await page.getByRole("button", { name: /^Pay / }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Fail authentication" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("checkout-error")).toBeVisible();
    await expect(page).toHaveURL(/\/cart\/?$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    expect(await ownedProducts(page)).toBe(0);
    await expect(page.getByRole("button", { name: /^Pay / })).toBeEnabled();
  });
});
