import { NOTIFICATIONS_UNSUBSCRIBED } from "../../domain/messages";
import { expect, postJson, test } from "./fixtures";

// Notifications (issue 33): a member follows a question from its page, the founder answers, the
// follower's e-mail is in the outbox with a link that unsubscribes without signing in.

type Question = { id: number; title: string; display_path: string; user: { id: number } | null };

test("a follower is told when the founders answer, and unsubscribes with one link", async ({
  page,
  browser,
  freshAccount,
  gotoHydrated,
  asUser,
  outboxEmail,
}) => {
  // Notifications go to confirmed addresses only: the new member confirms theirs first.
  const verify = (await outboxEmail(freshAccount.email, /Confirm your email/)).links[0] ?? "";
  expect(verify).toMatch(/^\//);
  await page.goto(verify);

  const list = await (
    await page.request.get("/api/v2/deals/taskflow/questions/?items_per_page=10")
  ).json();
  const question = list.comments[list.comments.length - 1] as Question;
  expect(question, "a question of the demo data").toBeTruthy();

  await gotoHydrated(question.display_path);
  const follow = page.getByTestId("follow-question");
  await expect(follow.getByTestId("followers-count")).toContainText(/follows? this question/);
  await follow.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(follow.getByRole("button", { name: "Unfollow" })).toBeVisible();

  const { page: founder } = await asUser("partner@payonce.test");
  await founder.goto("/partners/");
  const answer = `Yes: answered for ${freshAccount.email}`;
  const res = await postJson(founder, `/api/v2/deals/taskflow/questions/${question.id}/reply/`, {
    comment: answer,
  });
  expect(res.status()).toBe(201);

  const email = await outboxEmail(freshAccount.email, /A question you follow was answered/);
  expect(email.text).toContain(answer);
  const unsubscribe = email.links.find((href) => href.includes("/email/notifications/")) ?? "";
  expect(unsubscribe).toMatch(/\/followed_questions\/$/);
  const unsubscribePath = unsubscribe.startsWith("/") ? unsubscribe : new URL(unsubscribe).pathname;

  // Signed out, in another browser: the link asks, the button unsubscribes.
  const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const other = await stranger.newPage();
    await other.goto(unsubscribePath);
    await other.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(other.getByRole("heading", { name: NOTIFICATIONS_UNSUBSCRIBED })).toBeVisible();
  } finally {
    await stranger.close();
  }
  const settings = await (await page.request.get("/api/users/notifications/")).json();
  expect(settings).toMatchObject({ followed_questions: false, replies: true });
});
