import { SOMETHING_WENT_WRONG_TRY_AGAIN } from "../../domain/messages";
import { expect, type Page, test } from "./fixtures";

// Bundle add-to-cart (spec 001 section 4 "Bundle add-to-cart", section 5): the seeded thematic
// roadblock on taskflow's page bundles PixelForge then TaskFlow with the TASKFLOW25 coupon.

type CartItemBody = {
  dealId: number | null;
  dealGroupId: number | null;
  planId: number | null;
  couponCode: string | null;
  quantity: number;
};

async function dealId(page: Page, slug: string): Promise<number> {
  const res = await page.request.get(`/api/v2/deals/${slug}/details/`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { deal: { id: number } }).deal.id;
}

/** Opens taskflow's page, hydrated (the bundle button does nothing before). */
async function openTaskflow(page: Page) {
  await page.goto("/products/taskflow/");
  await expect(page.getByTestId("purchase-panel")).toHaveAttribute("data-hydrated", "true");
  const button = page.getByTestId("bundle-button");
  await button.scrollIntoViewIfNeeded();
  return button;
}

test("the bundle button adds both deals in order, the coupon once on the last, then /cart", async ({
  page,
}) => {
  const [pixelforge, taskflow] = [await dealId(page, "pixelforge"), await dealId(page, "taskflow")];
  const bodies: CartItemBody[] = [];
  // The first add is held until the busy state has been seen: idle, busy, then /cart.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/cart/items/", async (route) => {
    bodies.push(route.request().postDataJSON() as CartItemBody);
    if (bodies.length === 1) await held;
    await route.continue();
  });

  const button = await openTaskflow(page);
  await expect(button).toHaveText("Add the bundle");
  await expect(button).toBeEnabled();
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute("aria-busy", "true");
  release();
  await page.waitForURL(/\/cart\/?$/);

  expect(bodies.map((b) => b.dealId)).toEqual([pixelforge, taskflow]);
  expect(bodies.map((b) => b.couponCode)).toEqual([null, "TASKFLOW25"]);
  expect(bodies.every((b) => b.quantity === 1 && b.planId != null)).toBe(true);

  const cart = await page.request.get("/api/cart/");
  expect(cart.status()).toBe(200);
  const json = (await cart.json()) as {
    cart_items: { deal: { slug: string } }[];
    coupon: { code: string; error: string | null } | null;
    coupon_discount: number;
  };
  expect(json.cart_items.map((i) => i.deal.slug)).toEqual(["pixelforge", "taskflow"]);
  expect(json.coupon?.code).toBe("TASKFLOW25");
  expect(json.coupon?.error).toBeNull();
  expect(json.coupon_discount).toBeGreaterThan(0);
});

test("a failed add shows an error toast and the button is idle again, with no navigation", async ({
  page,
}) => {
  await page.route("**/api/cart/items/", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  const button = await openTaskflow(page);
  await button.click();
  await expect(page.getByRole("status").getByText(SOMETHING_WENT_WRONG_TRY_AGAIN)).toBeVisible();
  await expect(button).toBeEnabled();
  await expect(button).not.toHaveAttribute("aria-busy", "true");
  expect(new URL(page.url()).pathname).toBe("/products/taskflow/");
});
