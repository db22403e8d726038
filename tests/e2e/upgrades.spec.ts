import { UPGRADE_DONE } from "../../domain/messages";
import { addDealToCart, expect, postJson, test } from "./fixtures";

// Tier upgrades on the products page (issue 30): a new buyer owns TaskFlow Tier 1 and a saved
// card, and moves to Tier 2 with the page's button, paying only the difference; the licence code
// stays the same. Each run signs up its own buyer (desktop and phone share one database).

test("a buyer upgrades TaskFlow from Tier 1 to Tier 2 and keeps the licence code", async ({
  page,
  freshAccount,
  gotoHydrated,
}) => {
  expect(freshAccount.email).toContain("@");
  await page.goto("/");
  await addDealToCart(page, "taskflow");
  const paid = await postJson(
    page,
    "/checkout/",
    { payment_method: "pm_card_visa" },
    {
      "idempotency-key": `e2e-upgrade-${Date.now()}`,
    },
  );
  expect(paid.status()).toBe(201);
  const card = await postJson(page, "/account/cards/create/", {
    payment_method_id: "pm_card_visa",
    country: "US",
    postal_code: "10001",
  });
  expect(card.status()).toBeLessThan(300);

  await gotoHydrated("/account/products/");
  const product = page.getByTestId("product").filter({ hasText: "Tier 1" });
  const owned = await (await page.request.get("/api/users/products/")).json();
  const code: string = owned.results[0].licence_codes[0].code;
  const offers = product.getByTestId("upgrade-offers");
  await expect(offers.getByLabel("Pay with")).toContainText("ending 4242");
  await expect(offers.getByRole("button", { name: /^Upgrade to Tier 3 · \$/ })).toBeVisible();
  await offers.getByRole("button", { name: /^Upgrade to Tier 2 · \$/ }).click();

  await expect(page.getByText(UPGRADE_DONE)).toBeVisible();
  const upgraded = page.getByTestId("product").filter({ hasText: "Tier 2" });
  await expect(upgraded).toBeVisible();
  await expect(upgraded.getByRole("list", { name: "Licence codes" })).toContainText(code);
  // Tier 2 now offers only Tier 3.
  await expect(upgraded.getByTestId("upgrade-button")).toHaveCount(1);
});
