import { expect, test } from "./fixtures";

// Issue 16's pages: staff list a deal from the back office and the public sees it; the partner
// reads their figures in the portal; a shopper gets no staff page.

// The back office is a desktop tool: the phone project leaves these out (grepInvert on the tag).
test("staff create a draft deal with a plan, publish it, and it is on its product page", {
  tag: "@desktop-only",
}, async ({ page, logIn, gotoHydrated, playwright, baseURL }) => {
  // Eight page loads and seven writes: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  await logIn("staff@payonce.test");
  await gotoHydrated("/staff/");
  await expect(page.getByRole("heading", { level: 1, name: "Staff back office" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Outbox" }).first()).toBeVisible();
  await page
    .getByRole("navigation", { name: "Staff sections" })
    .getByRole("link", { name: "Deals" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Deals" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Deals, newest first" })).toBeVisible();

  const slug = `e2e-staff-${Date.now().toString(36)}`;
  // The API's field map shows under the field: a slug with spaces is refused.
  await page.getByLabel("Internal name").fill("E2E staff deal");
  await page.getByLabel("Public name").fill("E2E Staff Deal");
  await page.getByLabel("Slug").fill("not a slug");
  await page.getByRole("button", { name: "Create draft deal" }).click();
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Slug").fill(slug);
  await page.getByRole("button", { name: "Create draft deal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deal created." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Staff Deal" })).toBeVisible();
  await expect(page.getByTestId("deal-state")).toContainText("Draft");

  // A draft is 404 to the public (staff themselves get the staff preview of it).
  const visitor = await playwright.request.newContext({ baseURL });
  expect((await visitor.get(`/products/${slug}/`)).status()).toBe(404);
  await visitor.dispose();
  expect((await page.context().request.get(`/products/${slug}/`)).status()).toBe(200);

  const newPlan = page.getByRole("form", { name: "New plan" });
  await newPlan.getByLabel("Plan name").fill("Single");
  await newPlan.getByLabel("Price (USD)", { exact: true }).fill("49");
  await newPlan.getByLabel("Original price (USD)").fill("199");
  await newPlan.getByLabel("Features (one a line)").fill("Lifetime access\nAll future updates");
  await newPlan.getByRole("button", { name: "Add plan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Plan added." })).toBeVisible();
  const plans = page.getByRole("table", { name: "The deal's plans" });
  await expect(plans.getByRole("rowheader", { name: "Single" })).toBeVisible();
  await expect(plans).toContainText("$49.00");

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deal published." })).toBeVisible();
  await expect(page.getByTestId("deal-state")).toContainText("Published");

  await gotoHydrated(`/products/${slug}/`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("E2E Staff Deal");

  // Unpublishing asks first.
  await gotoHydrated(`/staff/deals/?query=${slug}`);
  await page.getByRole("link", { name: "E2E Staff Deal" }).click();
  await page.getByRole("button", { name: "Unpublish" }).click();
  const dialog = page.getByRole("dialog", { name: "Unpublish this deal?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("deal-state")).toContainText("Published");

  // The audit log shows the writes.
  await gotoHydrated("/staff/audit/");
  const audit = page.getByRole("table", { name: /Every staff and partner write/ });
  await expect(audit).toContainText("staff@payonce.test");
});

test("the partner sees taskflow with its figures in the portal", async ({
  page,
  logIn,
  gotoHydrated,
}) => {
  await logIn("partner@payonce.test");
  await gotoHydrated("/partners/");
  await expect(page.getByRole("heading", { level: 1, name: "Partner portal" })).toBeVisible();
  const deal = page.getByTestId("partner-deal-taskflow");
  await expect(deal).toBeVisible();
  for (const label of [
    "Units sold",
    "Revenue",
    "Refunds",
    "Rating",
    "Unanswered",
    "Median time to answer",
  ]) {
    await expect(deal.getByText(label, { exact: true })).toBeVisible();
  }
  // The figures are the API's own for the partner's deal.
  const api = await page.context().request.get("/api/partners/deals/");
  expect(api.status()).toBe(200);
  const body = (await api.json()) as {
    items: Array<{ slug: string; units_sold: number; revenue: number; question_count: number }>;
  };
  const taskflow = body.items.find((d) => d.slug === "taskflow");
  expect(taskflow).toBeDefined();
  const figure = (label: string) =>
    deal.getByText(label, { exact: true }).locator("xpath=following-sibling::dd");
  await expect(figure("Units sold")).toHaveText(String(taskflow?.units_sold));
  await expect(figure("Revenue")).toHaveText(
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
      taskflow?.revenue ?? -1,
    ),
  );
  await expect(figure("Questions")).toHaveText(String(taskflow?.question_count));
  await expect(
    page.getByRole("heading", { name: "Questions waiting for your reply" }),
  ).toBeVisible();
});

test("a shopper gets no staff page", async ({ page, logIn }) => {
  await logIn("shopper@payonce.test");
  for (const path of ["/staff/", "/staff/deals/", "/staff/audit/"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
  // Signed out: the login page, coming back afterwards.
  await page.context().clearCookies();
  await page.goto("/staff/deals/");
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=%2Fstaff%2Fdeals%2F/);
});
