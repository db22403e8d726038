import { request as playwrightRequest } from "@playwright/test";
import { UPGRADE_DONE } from "../../domain/messages";
import { verifyWebhook } from "../../domain/webhook-signature";
import { type PartnerReceiver, startPartnerReceiver } from "../support/partner-receiver";
import { addDealToCart, expect, type Page, payWithTestCard, TEST_CARD, test } from "./fixtures";

// After the sale (issue 30), as a buyer and a founder live it: a new buyer enters billing details
// in the cart, pays TaskFlow Tier 1, opens the receipt, upgrades to Tier 2 on the products page
// and asks for a refund, while the founder's product (a local receiver on the partner's webhook)
// logs each licence event, signed, and redeems the code with the partner's API key.

const PARTNER = "partner@payonce.test";

/** A JSON call from the page's context, as the site's own scripts send it (CSRF, origin). */
async function call(page: Page, method: "POST" | "PUT", url: string, data: unknown) {
  const token = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  return page.request.fetch(url, {
    method,
    data,
    headers: {
      accept: "application/json",
      "x-csrftoken": token,
      origin: new URL(page.url()).origin,
    },
  });
}

/** The events the receiver got for one licence code, in order. */
const eventsFor = (receiver: PartnerReceiver, code: string) =>
  receiver.received
    .filter((r) => r.json?.data?.licence_code === code)
    .map((r) => ({ type: r.json?.type, verified: r.verified, status: r.status }));

test("a buyer buys, upgrades and refunds TaskFlow while the founder's product hears each licence event", async ({
  page,
  freshAccount,
  gotoHydrated,
  asUser,
}) => {
  const receiver = await startPartnerReceiver();
  const partner = await asUser(PARTNER);
  await partner.page.goto("/partners/");
  try {
    // The founder points their webhook at their product and makes an API key.
    const hook = await call(partner.page, "PUT", "/api/partners/webhook/", { url: receiver.url });
    expect(hook.status()).toBe(200);
    const { secret } = await hook.json();
    receiver.setSecret(secret);
    const keyAnswer = await call(partner.page, "POST", "/api/partners/api_key/", {});
    expect(keyAnswer.status()).toBe(201);
    const { key } = await keyAnswer.json();

    // The buyer pays for Tier 1 in the cart, with billing details for the receipt.
    expect(freshAccount.email).toContain("@");
    await page.goto("/");
    await addDealToCart(page, "taskflow");
    await gotoHydrated("/cart");
    const billing = page.getByTestId("billing-fields");
    await billing.getByLabel("Country", { exact: true }).click();
    await page.getByLabel("Filter countries").fill("united st");
    await page.getByRole("option", { name: "United States", exact: true }).click();
    await billing.getByLabel("Postal code").fill("10001");
    await billing.getByText("Name and address on the receipt").click();
    await billing.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await payWithTestCard(page, TEST_CARD.pays);
    await expect(page).toHaveURL(/\/orders\/\d+\/$/);

    // The order page links a PDF receipt; the details entered in the cart are on the order.
    const receiptHref = await page
      .getByRole("link", { name: "Receipt (PDF)" })
      .getAttribute("href");
    expect(receiptHref).toMatch(/^\/api\/orders\/\d+\/receipt\/$/);
    const receipt = await page.request.get(receiptHref ?? "");
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()["content-type"]).toContain("application/pdf");
    expect((await receipt.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const orderId = receiptHref?.match(/\d+/)?.[0];
    const order = await (await page.request.get(`/api/orders/${orderId}/`)).json();
    expect(order.billing).toMatchObject({
      country: "US",
      postal_code: "10001",
      billing_name: "Ada Lovelace",
    });

    const owned = await (await page.request.get("/api/users/products/")).json();
    const code: string = owned.results[0].licence_codes[0].code;
    await expect
      .poll(() => eventsFor(receiver, code), { timeout: 20_000 })
      .toEqual([{ type: "licence.activated", verified: true, status: 200 }]);
    const activated = receiver.received.find((r) => r.json?.data?.licence_code === code);
    expect(activated?.json?.data).toMatchObject({ deal: { slug: "taskflow" } });
    expect(
      verifyWebhook(secret, activated?.body ?? "", activated?.signature, Date.now() / 1000, 600),
    ).toBe(true);

    // The founder's product redeems the code with its key (no cookies: a server-to-server call).
    const product = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const redeemed = await product.post("/api/partners/licences/redeem/", {
        data: { licence_code: code },
        headers: { authorization: `Bearer ${key}` },
      });
      expect(redeemed.status()).toBe(200);
    } finally {
      await product.dispose();
    }

    // The buyer saves a card and upgrades to Tier 2 on the products page: same code.
    const card = await call(page, "POST", "/account/cards/create/", {
      payment_method_id: "pm_card_visa",
      country: "US",
      postal_code: "10001",
    });
    expect(card.status()).toBeLessThan(300);
    await gotoHydrated("/account/products/");
    const tier1 = page.getByTestId("product").filter({ hasText: "Tier 1" });
    await expect(tier1.getByText("Redeemed")).toBeVisible();
    await tier1
      .getByTestId("upgrade-offers")
      .getByRole("button", { name: /^Upgrade to Tier 2 · \$/ })
      .click();
    await expect(page.getByText(UPGRADE_DONE)).toBeVisible();
    const tier2 = page.getByTestId("product").filter({ hasText: "Tier 2" });
    await expect(tier2.getByRole("list", { name: "Licence codes" })).toContainText(code);
    await expect
      .poll(() => eventsFor(receiver, code).map((e) => e.type), { timeout: 20_000 })
      .toEqual(["licence.activated", "licence.upgraded"]);

    // A refund of the upgraded plan revokes the code, and the founder's product hears it.
    await tier2.getByRole("button", { name: "Request refund" }).click();
    await expect(
      page.getByTestId("product").filter({ hasText: code }).getByText("Revoked"),
    ).toBeVisible();
    await expect
      .poll(() => eventsFor(receiver, code).map((e) => e.type), { timeout: 20_000 })
      .toEqual(["licence.activated", "licence.upgraded", "licence.deactivated"]);
    expect(eventsFor(receiver, code).every((e) => e.verified === true)).toBe(true);
    const deactivated = receiver.received.find((r) => r.json?.type === "licence.deactivated");
    expect(deactivated?.json?.data).toMatchObject({ licence_code: code, reason: "refund" });
  } finally {
    // Other specs buy TaskFlow too: the founder's webhook goes quiet again.
    await call(partner.page, "PUT", "/api/partners/webhook/", { url: null });
    await receiver.close();
  }
});
