import {
  DECLINED,
  EDIT_YOUR_REVIEW,
  MODERATION_REASON_LABEL,
  NEEDS_MODERATION,
  UPDATES_SUBMITTED,
} from "../../domain/messages";
import { expect, postJson, test } from "./fixtures";

// Issue 33 (decision 067): an author sees their declined review with the moderator's reason,
// edits it from the "Edit your review" prompt, and it waits for moderation again. infohub is an
// informational deal: a verified member may review it without buying it.

test("an author sees their declined review with the reason, edits it, and it is pending again", async ({
  page,
  browser,
  freshAccount,
  outboxEmail,
  asUser,
}) => {
  test.slow();
  // Verify the new account's e-mail by the link it was sent.
  const verify = (await outboxEmail(freshAccount.email, /Confirm your email/)).links[0] ?? "";
  expect(verify).toMatch(/^\//);
  await page.goto(verify);

  await page.goto("/products/infohub/reviews/");
  const title = `Search misses pages ${test.info().project.name} ${Date.now().toString(36)}`;
  const posted = await postJson(page, "/api/v2/deals/infohub/reviews/", {
    title,
    rating: 2,
    comment: "Half of my pages never show up in the results.",
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const review = (await posted.json()) as { id: number; display_path: string };

  // Staff decline it with a reason, from their own session.
  const staff = await asUser("staff@payonce.test");
  await staff.page.goto("/staff/moderation/");
  const reason = "Please say which search settings you tried.";
  const declined = await postJson(
    staff.page,
    `/api/v2/deals/infohub/reviews/${review.id}/approve/`,
    { approved: "denied", moderation_reason: reason },
  );
  expect(declined.status()).toBe(200);

  // The author's list shows it declined, with the reason, and the prompt to edit it.
  await page.goto("/products/infohub/reviews/");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card.getByText(DECLINED, { exact: true })).toBeVisible();
  await expect(card.getByText(MODERATION_REASON_LABEL)).toBeVisible();
  await expect(card.getByText(reason)).toBeVisible();
  const edit = page.getByRole("link", { name: EDIT_YOUR_REVIEW });
  await expect(edit).toBeVisible();
  await expect(page.getByText(`Your review: ${DECLINED}`)).toBeVisible();

  await edit.click();
  await expect(page.getByRole("heading", { level: 1, name: EDIT_YOUR_REVIEW })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await page.getByLabel("Title").fill(`${title} (with settings)`);
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page.getByText(UPDATES_SUBMITTED)).toBeVisible();
  await expect(
    page.getByRole("article").getByText(NEEDS_MODERATION, { exact: true }).first(),
  ).toBeVisible();
  const status = await (await page.request.get("/api/v2/deals/infohub/user_status/")).json();
  expect(status.user_review).toMatchObject({ id: review.id, status: "pending" });
  // Nobody else sees it.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await visitor.request.get(`/api/v2/deals/infohub/reviews/${review.id}/`);
  expect(res.status()).toBe(404);
  await visitor.close();
});
