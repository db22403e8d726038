import {
  FILTER_VERIFIED_OWNERS,
  FILTER_VIDEO_REVIEWS,
  RATING_HISTORY_HEADING,
  VERIFIED_OWNER,
} from "../../domain/messages";
import { expect, test } from "./fixtures";

// Issue 33, read as a visitor on the demo data: where reviews come from, the owners-only and
// video filters, the rating history beside the founders' updates, and owners' answers.

test("the reviews list filters to verified owners and says where each review comes from", async ({
  page,
}) => {
  await page.goto("/products/taskflow/reviews/");
  await page.getByRole("checkbox", { name: FILTER_VERIFIED_OWNERS }).check();
  await expect(page).toHaveURL(/[?&]verified=true/);
  await expect(page.getByRole("checkbox", { name: FILTER_VERIFIED_OWNERS })).toBeChecked();
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let i = 0; i < count; i += 1) {
    await expect(
      cards.nth(i).getByRole("list", { name: "Review provenance" }).getByRole("listitem").first(),
    ).toContainText(/owner/);
  }
  await page.getByRole("checkbox", { name: FILTER_VIDEO_REVIEWS }).check();
  await expect(page).toHaveURL(/[?&]video=true/);
  await expect(page).toHaveURL(/[?&]verified=true/);
});

test("the product page draws the rating history with the updates, as a table too", async ({
  page,
}) => {
  const history = await (await page.request.get("/api/v2/deals/taskflow/rating_history/")).json();
  await page.goto("/products/taskflow/");
  const section = page.getByRole("region", { name: RATING_HISTORY_HEADING });
  await expect(section).toContainText("Lifetime average");
  await expect(section).toContainText("since the latest update");
  await section.getByText("Ratings by month and updates").click();
  const table = section.getByRole("table");
  await expect(table).toBeVisible();
  const latest = history.months[history.months.length - 1];
  await expect(table.getByRole("row", { name: new RegExp(latest.month) })).toBeVisible();
  const update = history.updates[0];
  await expect(table).toContainText(update.title);
});

test("an owner's answer is labelled as a verified owner's", async ({ page }) => {
  const list = await (
    await page.request.get("/api/v2/deals/taskflow/questions/?items_per_page=100")
  ).json();
  const answered = list.comments.find((q: { children: { answer_type: string | null }[] }) =>
    q.children.some((r) => r.answer_type === "verified_owner"),
  );
  expect(answered, "a demo question with an owner's answer").toBeTruthy();
  await page.goto(answered.display_path);
  await expect(page.getByText(VERIFIED_OWNER, { exact: true }).first()).toBeVisible();
});
