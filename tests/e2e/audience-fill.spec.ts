import { PLAN_OWNED } from "../../domain/messages";
import { type BrowserContext, expect, type Page, postJson, test, uniqueEmail } from "./fixtures";

// Signed-in pages from the cache (issue 32, decision 059): a buyer's product page is the page kept
// for their audience (signed in, not Plus, USD), filled after load with their own name and what
// they own, without moving anything on the screen; another reader of the same audience gets the
// very same stored page, filled with their own name.

/** A new account signed in on `context` (its own address: sign-up limits). */
async function signUp(context: BrowserContext, tag: string) {
  const email = uniqueEmail(tag);
  const res = await context.request.post("/api/users/signup/", {
    data: { email, password: "fresh password 1", password_confirm: "fresh password 1" },
    headers: { "x-forwarded-for": `198.19.${Math.floor(Math.random() * 250)}.${Date.now() % 250}` },
  });
  expect(res.status(), `sign up ${email}`).toBe(201);
  const profile = await (await context.request.get("/api/users/profile/")).json();
  // The header names a reader by first and last name, else username, else e-mail.
  const u = profile.user as { first_name?: string; last_name?: string; username?: string };
  const name =
    [u.first_name, u.last_name].filter(Boolean).join(" ") || u.username || (email as string);
  return { email, name };
}

type Shift = { value: number; sources: string[] };

/** The page's layout shifts so far (buffered: from the first paint on), with what moved. */
async function layoutShifts(page: Page): Promise<{ sum: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        type Entry = PerformanceEntry & {
          value: number;
          sources?: {
            node?: Node | null;
            previousRect: DOMRectReadOnly;
            currentRect: DOMRectReadOnly;
          }[];
        };
        const seen: Shift[] = [];
        const shiftOf = (entry: Entry): Shift => ({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => {
            const el = s.node instanceof Element ? s.node : s.node?.parentElement;
            const where = el
              ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.className).slice(0, 60)}`
              : "?";
            return `${where} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`;
          }),
        });
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.push(shiftOf(entry as Entry));
        });
        observer.observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() =>
          setTimeout(() => {
            for (const entry of observer.takeRecords()) seen.push(shiftOf(entry as Entry));
            observer.disconnect();
            resolve(seen);
          }, 0),
        );
      }),
  );
  return { sum: shifts.reduce((total, s) => total + s.value, 0), shifts };
}

/** Asserts that nothing on the page has moved since its first paint (CLS 0). */
async function expectNoLayoutShift(page: Page) {
  const { sum, shifts } = await layoutShifts(page);
  expect(sum, JSON.stringify(shifts, null, 1)).toBe(0);
}

/** Opens the product page as the cache serves it, and waits for the reader's fill. */
async function openFilled(page: Page, name: string) {
  const response = await page.goto("/products/quickcrm/");
  const cache = response?.headers()["x-cache"];
  const header = page.getByTestId("header-name");
  // The fill is asked for after hydration, which a cold page on a busy machine takes seconds to.
  await expect(header).toHaveText(name, { timeout: 20_000 });
  return cache;
}

test("a buyer sees their name and the plan they own on the shared page, without a shift", async ({
  page,
  browser,
}) => {
  // Two sign-ups, a checkout and two cold pages, each filled after hydration.
  test.slow();
  const buyer = await signUp(page.context(), "owner");
  await page.goto("/cart/");
  const details = (await (await page.request.get("/api/v2/deals/quickcrm/details/")).json()).deal;
  const tier2 = (details.plans as { id: number; public_name: string }[]).find(
    (p) => p.public_name === "Tier 2",
  );
  if (!tier2) throw new Error("seed: quickcrm Tier 2 missing");
  const added = await postJson(page, "/api/cart/items/", { dealId: details.id, planId: tier2.id });
  expect(added.status()).toBeLessThan(300);
  const paid = await postJson(
    page,
    "/checkout/",
    { payment_method: "pm_card_visa" },
    { "idempotency-key": `e2e-audience-${Date.now()}` },
  );
  expect(paid.status()).toBe(201);

  const cache = await openFilled(page, buyer.name);
  // The page kept for the audience (stored by this request, or by an earlier reader's).
  expect(["MISS", "HIT"]).toContain(cache);
  const html = await (await page.request.get("/products/quickcrm/")).text();
  expect(html).not.toContain(buyer.email);
  expect(html).not.toContain(`>${buyer.name}<`);
  const panel = page.getByTestId("purchase-panel");
  // Filled: no button waits any more, and nothing moved while it did.
  await expect(panel.locator("[data-pending]")).toHaveCount(0);
  await expectNoLayoutShift(page);

  await panel.getByRole("radio", { name: /Tier 2/ }).check();
  const owned = panel.getByTestId("buy-button");
  await expect(owned).toHaveText(PLAN_OWNED);
  await expect(owned).toHaveAttribute("href", "/account/products/");

  // Another reader of the same audience: the same stored page, their own name in it.
  const viewport = page.viewportSize();
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport,
    isMobile: test.info().project.use.isMobile ?? false,
    hasTouch: test.info().project.use.hasTouch ?? false,
  });
  try {
    const other = await signUp(context, "reader");
    expect(other.name).not.toBe(buyer.name);
    const second = await context.newPage();
    expect(await openFilled(second, other.name)).toBe("HIT");
    const panel2 = second.getByTestId("purchase-panel");
    await expect(panel2.locator("[data-pending]")).toHaveCount(0);
    await expectNoLayoutShift(second);
    await panel2.getByRole("radio", { name: /Tier 2/ }).check();
    await expect(panel2.getByTestId("buy-button")).not.toHaveText(PLAN_OWNED);
  } finally {
    await context.close();
  }
});

test("a buyer gets the staff message for buyers, which the shared page never carries", async ({
  page,
}) => {
  // A sign-up, a checkout and a cold page filled after hydration, then rendered for the buyer.
  test.slow();
  const buyer = await signUp(page.context(), "redeemer");
  await page.goto("/cart/");
  const details = (await (await page.request.get("/api/v2/deals/taskflow/details/")).json()).deal;
  const plan = (details.plans as { id: number }[])[0];
  if (!plan) throw new Error("seed: taskflow has no plan");
  const added = await postJson(page, "/api/cart/items/", { dealId: details.id, planId: plan.id });
  expect(added.status()).toBeLessThan(300);
  const paid = await postJson(
    page,
    "/checkout/",
    { payment_method: "pm_card_visa" },
    { "idempotency-key": `e2e-redeem-${Date.now()}` },
  );
  expect(paid.status()).toBe(201);

  const response = await page.goto("/products/taskflow/");
  // Kept for the audience: the buyers' message is in no stored page.
  expect(["MISS", "HIT"]).toContain(response?.headers()["x-cache"]);
  const html = await (await page.request.get("/products/taskflow/")).text();
  expect(html).not.toContain("Thanks for buying TaskFlow!");
  await expect(page.getByTestId("header-name")).toHaveText(buyer.name, { timeout: 20_000 });
  // Their user_status says the page needs them: its data is rendered for them once.
  const note = page.getByRole("complementary", { name: "A note from Payonce" });
  await expect(note.getByRole("heading", { name: "Redeem your code" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(note).toContainText("Thanks for buying TaskFlow!");
});
