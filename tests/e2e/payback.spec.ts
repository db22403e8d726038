import { paybackText } from "../../domain/payback";
import { expect, test } from "./fixtures";

// Issue 34: a plan's payback against the tools the deal replaces, near its price on the product
// page (desktop and phone), in short on cards, and in the Product JSON-LD. TaskFlow replaces
// Asana, Trello and monday.com, each priced by the seed (server/db/seed/taxonomy.ts).

type Payback = { months: number; monthly_total: number; against: { name: string }[] };
type Plan = { id: number; is_active: boolean; payback: Payback | null };

test("taskflow's price says after how many months it pays for itself, and against what", async ({
  page,
}) => {
  const res = await page.request.get("/api/v2/deals/taskflow/details/");
  expect(res.status()).toBe(200);
  const deal = ((await res.json()) as { deal: { default_plan: { id: number }; plans: Plan[] } })
    .deal;
  const plan = deal.plans.find((p) => p.id === deal.default_plan.id);
  const payback = plan?.payback;
  expect(payback?.against.map((a) => a.name)).toEqual(["Asana", "Trello", "monday.com"]);
  const line = paybackText(payback as Payback);

  await page.goto("/products/taskflow/");
  const panel = page.getByTestId("purchase-panel");
  // Hydrated: the selected plan's price block alone (before, every plan's, CSS showing one).
  await expect(panel).toHaveAttribute("data-hydrated", "true");
  await expect(panel.getByTestId("plan-payback")).toHaveText(line);
  await expect(panel.getByTestId("plan-payback")).toBeVisible();
  // The starting plan's payback, in the Product JSON-LD.
  const ld = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => e.textContent ?? "").join("\n"));
  expect(ld).toContain('"unitCode":"MON"');
  expect(ld).toContain(line);
});

test("a card says in short how soon its deal pays for itself", async ({ page }) => {
  // taskflow's card: "Plan projects, automate busywork and keep every client in the loop..."
  await page.goto("/browse?query=busywork");
  const card = page.locator("article", { has: page.getByRole("link", { name: "TaskFlow" }) });
  await expect(card.getByTestId("card-payback")).toHaveText(/^Pays for itself in \d+ months?$/);
});
