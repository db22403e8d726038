import { CARD_DECLINED, ORDER_PAID } from "../../domain/messages";
import { expect, type Page, payWithTestCard, TEST_CARD, test } from "./fixtures";

// The cart, checkout and order pages (spec 001 sections 2, 4, 9; contract.md). Both projects
// (desktop, phone) run against one server: each test empties the shopper's cart first.

/** Runs in the page, as the product page's buy button does: JSON with the CSRF header. */
async function apiFromPage(page: Page, path: string, body: unknown, method = "POST") {
  return page.evaluate(
    async ({ path, body, method }) => {
      const token = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/)?.[1] ?? "";
      const res = await fetch(path, {
        method,
        credentials: "same-origin",
        headers: {
          ...(body === null ? {} : { "Content-Type": "application/json" }),
          "X-CSRFToken": decodeURIComponent(token),
        },
        body: body === null ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { path, body, method },
  );
}

async function emptyCart(page: Page) {
  const cart = await (await page.request.get("/api/cart/")).json();
  for (const item of cart.cart_items) {
    const res = await apiFromPage(page, `/api/cart/items/${item.id}/`, null, "DELETE");
    expect(res.status).toBe(200);
  }
  if (cart.coupon) await apiFromPage(page, "/api/cart/coupon/", null, "DELETE");
}

type Plan = { id: number; tier: number };
type Cell = {
  primary_plan_id: number;
  associations: { addon_deal_id: number; addon_plan_id: number }[];
};

/** taskflow's tier 1 and its AI Assistant add-on for that tier, from the public deal details. */
async function taskflowIds(page: Page) {
  const { deal } = await (await page.request.get("/api/v2/deals/taskflow/details/")).json();
  const plan = (deal.plans as Plan[]).find((p) => p.tier === 1) as Plan;
  const cell = (deal.addon_features as { primary_plan_values: Cell[] }[])
    .flatMap((f) => f.primary_plan_values)
    .find((c) => c.primary_plan_id === plan.id) as Cell;
  const assoc = cell.associations[0] as Cell["associations"][number];
  return { dealId: deal.id as number, planId: plan.id, assoc };
}

async function addTaskflowWithAddon(page: Page) {
  const ids = await taskflowIds(page);
  const added = await apiFromPage(page, "/api/cart/items/", {
    dealId: ids.dealId,
    dealGroupId: null,
    planId: ids.planId,
    couponCode: null,
    quantity: 1,
  });
  expect(added.status).toBe(201);
  const addons = await apiFromPage(page, "/api/cart/addons/", {
    addons: [
      {
        deal_id: ids.assoc.addon_deal_id,
        plan_id: ids.assoc.addon_plan_id,
        quantity: 1,
        unit_quantity: 1,
        primary_plan_id: ids.planId,
        parent_invoice_data: null,
      },
    ],
  });
  expect(addons.status).toBe(201);
}

test("a shopper pays for taskflow with an add-on and a coupon, then may review it", async ({
  page,
  logIn,
  gotoHydrated,
}) => {
  await logIn("shopper@payonce.test");
  await page.goto("/cart");
  await emptyCart(page);
  await addTaskflowWithAddon(page);

  await gotoHydrated("/cart");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("link", { name: "TaskFlow" })).toBeVisible();
  await expect(line.getByTestId("cart-addon")).toContainText("TaskFlow AI Assistant");
  await expect(page.getByTestId("cart-total")).toHaveText("$88.00");

  await page.getByLabel("Coupon code").fill("taskflow25");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("applied-coupon")).toHaveText("TASKFLOW25");
  await expect(page.getByTestId("cart-total")).toHaveText("$73.25");

  await expect(page.getByRole("button", { name: "Pay $73.25" })).toBeVisible();
  await payWithTestCard(page, TEST_CARD.pays);
  await expect(page).toHaveURL(/\/orders\/\d+\/$/);
  await expect(page.getByRole("heading", { name: ORDER_PAID })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$73.25");
  await expect(page.getByTestId("order-item")).toContainText("TaskFlow AI Assistant");
  await expect(page.getByText(/Licence code/)).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // Buying opened the review gate.
  await page.getByRole("link", { name: "Write a review" }).click();
  await expect(page).toHaveURL(/\/products\/taskflow\/reviews\/new\/$/);
  await expect(page.getByRole("button", { name: "Submit review" })).toBeVisible();
});

test("a declined card shows the error and makes no paid order", async ({
  page,
  logIn,
  gotoHydrated,
}) => {
  await logIn("shopper@payonce.test");
  await page.goto("/cart");
  await emptyCart(page);
  await addTaskflowWithAddon(page);
  await gotoHydrated("/cart");
  const before = await page.request.get("/api/cart/");
  expect((await before.json()).cart_items).toHaveLength(1);
  const owned = async () =>
    (await (await page.request.get("/api/users/products/")).json()).meta.total as number;
  const productsBefore = await owned();

  await payWithTestCard(page, TEST_CARD.declined);
  await expect(page.getByTestId("checkout-error")).toHaveText(CARD_DECLINED);
  await expect(page).toHaveURL(/\/cart\/?$/);
  // Nothing was bought: no new product, and the cart is still there.
  expect(await owned()).toBe(productsBefore);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});

test("an anonymous visitor's cart asks them to log in, and survives the login", async ({
  page,
  logInWithForm,
}) => {
  await page.goto("/cart");
  await addTaskflowWithAddon(page);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await page.getByRole("link", { name: "Log in to pay" }).click();
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=(%2F|\/)cart$/);
  await logInWithForm("reviewer@payonce.test", { onCurrentPage: true });
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Pay / })).toBeVisible();
  await emptyCart(page);
});

test("the Plus page sells Plus at 99 a year into the cart", async ({
  page,
  logIn,
  gotoHydrated,
}) => {
  await logIn("buyer@payonce.test");
  await page.goto("/cart");
  await emptyCart(page);
  await gotoHydrated("/plus?ref=plus-page-taskflow");
  await expect(page.getByTestId("plus-price")).toHaveText("$99");
  await expect(page.getByText("a year", { exact: true })).toBeVisible();
  await expect(page.getByText(/50% back in credits on Select tools, 100% with Plus/)).toBeVisible();
  await page.getByRole("button", { name: "Join Plus" }).click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(page.getByTestId("cart-line")).toContainText("Payonce Plus");
  await expect(page.getByTestId("cart-total")).toHaveText("$99.00");
  await emptyCart(page);
});
