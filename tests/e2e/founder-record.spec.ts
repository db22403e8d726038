import AxeBuilder from "@axe-core/playwright";
import { FOUNDER_RECORD_REFUNDS, FOUNDER_RECORD_UPDATES } from "../../domain/messages";
import { expect, pageSettled, test } from "./fixtures";

// A founder's public record (issue 34, decision 077): the product page's founders block shows
// the founder's badge, which leads to their record page (desktop and phone alike).

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

test("the product page's founder badge leads to the founder's record, axe clean", async ({
  page,
}) => {
  await page.goto("/products/taskflow/");
  const badge = page.getByTestId("founder-record-badge");
  await badge.scrollIntoViewIfNeeded();
  await pageSettled(page);
  await expect(badge).toContainText("Maya Chen");
  await expect(badge).toContainText(/Answers in .+, .+% refunds/);
  await badge.click();

  await expect(page).toHaveURL(/\/founders\/taskflow-founder\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Maya Chen" })).toBeVisible();
  await expect(page.getByTestId("founder-refund-rate")).toContainText(FOUNDER_RECORD_REFUNDS);
  await expect(page.getByTestId("founder-refund-rate")).toContainText("%");
  await expect(page.getByRole("heading", { name: FOUNDER_RECORD_UPDATES })).toBeVisible();
  await expect(page.getByRole("link", { name: /TaskFlow/ }).first()).toBeVisible();

  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
});

test("an unknown founder is a 404 page", async ({ page }) => {
  const res = await page.goto("/founders/no-such-founder-here/");
  expect(res?.status()).toBe(404);
});
