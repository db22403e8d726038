import { CARD_DECLINED, ORDER_PAID } from "../../domain/messages";
import {
  addDealToCart,
  expect,
  fillTestCard,
  type Page,
  payWithTestCard,
  TEST_CARD,
  test,
} from "./fixtures";

// Paying by card on the built-in test gateway (issue 29): the cart's own card form, 3-D Secure on
// the gateway's challenge page, declines, and a saved card. Each test signs up a new buyer with
// an empty cart, so no test depends on another's (or the other project's) purchases.
const DEAL = "landing-kit";

/** How many products the page's buyer owns (one order of one line makes one). */
async function ownedProducts(page: Page): Promise<number> {
  const res = await page.request.get("/api/users/products/");
  expect(res.status()).toBe(200);
  return (await res.json()).meta.total as number;
}

async function cartLines(page: Page): Promise<number> {
  return ((await (await page.request.get("/api/cart/")).json()).cart_items as unknown[]).length;
}

test.beforeEach(async ({ page, freshAccount, gotoHydrated }) => {
  expect(freshAccount.email).toContain("@");
  await page.goto("/");
  await addDealToCart(page, DEAL);
  await gotoHydrated("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});

test("the card form says it is the test gateway and names its test cards", async ({ page }) => {
  const form = page.getByTestId("test-card-form");
  await expect(form.getByText("Test gateway — no real card is charged")).toBeVisible();
  await expect(form).toContainText("4242 4242 4242 4242 (pays)");
  await expect(form).toContainText("4000 0025 0000 3155 (asks for 3-D Secure)");
  // A fresh buyer has no saved card: the form shows at once.
  await expect(page.getByRole("radio", { name: "Use a new card" })).toHaveCount(0);
  await expect(page.getByLabel("Card number")).toHaveAttribute("autocomplete", "cc-number");
  // The fields have no names: no form post can carry a card number to our server.
  expect(await form.locator("input[name]").count()).toBe(0);
});

test("a buyer pays with 4242 and sees the order", async ({ page }) => {
  const checkout: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/checkout/")) checkout.push(r.postData() ?? "");
  });
  await payWithTestCard(page, TEST_CARD.pays);
  await expect(page).toHaveURL(/\/orders\/\d+\/$/);
  await expect(page.getByRole("heading", { name: ORDER_PAID })).toBeVisible();
  await expect(page.getByTestId("order-item")).toHaveCount(1);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  // The browser sent the payment method's id, never the number.
  expect(checkout).toEqual([JSON.stringify({ payment_method: "pm_card_visa" })]);
  expect(await ownedProducts(page)).toBe(1);
});

test("an unknown card number is refused in the browser and nothing is posted", async ({ page }) => {
  let posted = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/checkout/")) posted = true;
  });
  await payWithTestCard(page, "4111 1111 1111 1111");
  await expect(page.getByText("Your card number is invalid.")).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Card number")).toBeFocused();
  expect(posted).toBe(false);
  await expect(page).toHaveURL(/\/cart\/?$/);
});

test("a declined card says so and keeps the cart", async ({ page }) => {
  await payWithTestCard(page, TEST_CARD.declined);
  await expect(page.getByTestId("checkout-error")).toHaveText(CARD_DECLINED);
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  expect(await ownedProducts(page)).toBe(0);
  // The next card pays (a new attempt, not the declined one replayed).
  await page.getByLabel("Card number").fill(TEST_CARD.pays);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\/$/);
  expect(await ownedProducts(page)).toBe(1);
});

test("3-D Secure approved on the test gateway's page makes exactly one order", async ({ page }) => {
  const total = (await page.getByTestId("cart-total").textContent()) ?? "";
  await payWithTestCard(page, TEST_CARD.threeDSecure);
  await expect(page).toHaveURL(/\/payments\/test-gateway\/challenge\/\?payment_intent=/);
  await expect(page.getByRole("heading", { name: "Test gateway · 3-D Secure" })).toBeVisible();
  // The bank names the exact amount the cart's total shows ($19.00).
  await expect(page.getByTestId("challenge-amount")).toHaveText(total);
  await expect(page.getByText("Visa ending 3155")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\/$/);
  await expect(page.getByRole("heading", { name: ORDER_PAID })).toBeVisible();
  await expect(page.getByTestId("order-item")).toHaveCount(1);
  expect(await ownedProducts(page)).toBe(1);
  expect(await cartLines(page)).toBe(0);
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("3-D Secure failed: no order, the cart keeps its items and says why", async ({ page }) => {
  await payWithTestCard(page, TEST_CARD.threeDSecure);
  await expect(page.getByRole("heading", { name: "Test gateway · 3-D Secure" })).toBeVisible();
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(page.getByTestId("checkout-error")).toBeVisible();
  await expect(page.getByTestId("checkout-error")).not.toBeEmpty();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  expect(await ownedProducts(page)).toBe(0);
  expect(await cartLines(page)).toBe(1);
});

test("a card saved on the cards page pays at checkout", async ({ page, gotoHydrated }) => {
  await gotoHydrated("/account/cards/");
  await fillTestCard(page, TEST_CARD.pays);
  await page.getByLabel("Card country").click();
  await page.getByRole("option", { name: "United Kingdom" }).click();
  await page.getByLabel("Postal code").fill("EC1A 1BB");
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByText("Payment method added.")).toBeVisible();
  await expect(page.getByTestId("card").filter({ hasText: "Visa ending in 4242" })).toBeVisible();

  await gotoHydrated("/cart");
  const saved = page.getByRole("radio", { name: /visa ending 4242/i });
  await expect(saved).toBeChecked();
  // A saved card is chosen: the new card's fields wait behind "Use a new card".
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\/$/);
  await expect(page.getByRole("heading", { name: ORDER_PAID })).toBeVisible();
  expect(await ownedProducts(page)).toBe(1);
});

test("staff see a 3-D Secure payment matched to its order on the payments page", {
  tag: "@desktop-only",
}, async ({ page, asUser }) => {
  await payWithTestCard(page, TEST_CARD.threeDSecure);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\/$/);
  const orderId = new URL(page.url()).pathname.split("/")[2];
  // Staff look from a browser of their own.
  const staff = (await asUser("staff@payonce.test")).page;
  await staff.goto("/staff/payments/");
  await expect(staff.getByRole("link", { name: "Payments", exact: true })).toBeVisible();
  const row = staff
    .getByRole("row")
    .filter({ has: staff.getByRole("link", { name: `#${orderId}` }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("matched");
  await expect(staff.getByTestId("payments-missing")).toHaveText(/^\d+ missing$/);
});
