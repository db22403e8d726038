import AxeBuilder from "@axe-core/playwright";
import type { APIRequest, APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, PASSWORD, test, uniqueEmail } from "./fixtures";

// Issue 33, "Report abuse" (decision 069): a shopper reports a review from its card's dialog,
// staff find it in the reports queue and decline it, and it leaves the deal's pages. Visitors see
// Report disabled with the reason. The staff pages (queue and author lists) pass axe.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

type Json = Record<string, unknown>;

/** A JSON call as a signed-in request context (CSRF double submit). */
async function api(
  request: APIRequestContext,
  method: "GET" | "POST" | "PATCH",
  url: string,
  data?: Json,
) {
  const state = await request.storageState();
  let token = state.cookies.find((c) => c.name === "csrftoken")?.value;
  if (!token) {
    await request.get("/");
    token = (await request.storageState()).cookies.find((c) => c.name === "csrftoken")?.value;
  }
  const res = await request.fetch(url, { method, data, headers: { "x-csrftoken": token ?? "" } });
  return { status: res.status(), body: (await res.json()) as Json & { items: Json[] } };
}

/** A signed-in API client of its own (not the test's page). */
async function client(
  requests: APIRequest,
  baseURL: string | undefined,
  email: string,
  password = PASSWORD,
) {
  const request = await requests.newContext({ baseURL });
  const res = await request.post("/api/users/login/", { data: { email, password } });
  expect(res.status(), `log in ${email}`).toBe(200);
  return request;
}

/**
 * A new author's approved review of infohub (an informational deal: no purchase needed): the
 * author signs up, staff verify their address, they post, staff approve.
 */
async function approvedReview(staff: APIRequestContext, anon: APIRequestContext, title: string) {
  const email = uniqueEmail("author");
  const password = "author password 1";
  const signup = await anon.post("/api/users/signup/", {
    data: { email, password, password_confirm: password },
    headers: {
      "x-forwarded-for": `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  expect(signup.status(), "sign up the author").toBe(201);
  const found = await api(staff, "GET", `/api/staff/users/?query=${encodeURIComponent(email)}`);
  const authorId = found.body.items[0]?.id as number;
  expect(
    (await api(staff, "PATCH", `/api/staff/users/${authorId}/`, { verified: true })).status,
  ).toBe(200);
  const posted = await api(anon, "POST", "/api/v2/deals/infohub/reviews/", {
    title,
    rating: 2,
    comment: "Buy followers cheap at example.test, best prices!!!",
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  const id = posted.body.id as number;
  const approved = await api(staff, "POST", `/api/v2/deals/infohub/reviews/${id}/approve/`, {
    approved: "approved",
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { id, authorId, email, path: posted.body.display_path as string };
}

async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

const expectToast = (page: Page, text: string) =>
  expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();

const tag = () => `${test.info().project.name}-${Date.now().toString(36)}`;

test("a shopper reports a review; staff decline it from the reports queue and it leaves the page", {
  tag: "@desktop-only",
}, async ({ page, browser, playwright, baseURL, logIn, gotoHydrated, asUser }) => {
  const staff = await client(playwright.request, baseURL, "staff@payonce.test");
  const author = await playwright.request.newContext({ baseURL });
  const title = `Spam review ${tag()}`;
  const review = await approvedReview(staff, author, title);
  await author.dispose();

  // A visitor sees Report, disabled, with the reason.
  const visitor: BrowserContext = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await gotoHydrated(review.path, visitorPage);
  const card = visitorPage.getByRole("article", { name: title });
  const disabled = card.getByRole("button", { name: "Report" });
  await expect(disabled).toHaveAttribute("aria-disabled", "true");
  await expect(disabled).toHaveAccessibleDescription("Log in to report a post.");
  await visitor.close();

  // The shopper reports it.
  await logIn("shopper@payonce.test");
  await gotoHydrated(review.path);
  await page
    .getByRole("article", { name: title })
    .getByRole("button", { name: "Report this review" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Report this review" });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page, "dialog")).toEqual([]);
  await dialog.getByRole("radio", { name: "Spam or advertising" }).check();
  await dialog.getByLabel("Details (optional)").fill("Links to a follower shop.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expectToast(page, "Thank you. Our moderators will look at this post.");
  await expect(dialog).toBeHidden();
  // A second report is refused with the reason, in the dialog.
  await page
    .getByRole("article", { name: title })
    .getByRole("button", { name: "Report this review" })
    .click();
  await dialog.getByRole("radio", { name: "Off-topic or not about this deal" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("You have already reported this post.");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Staff see it in the queue, with its reason and the reporter's words, and decline it.
  const { page: staffPage } = await asUser("staff@payonce.test");
  await gotoHydrated("/staff/", staffPage);
  await staffPage
    .getByRole("navigation", { name: "Staff sections" })
    .getByRole("link", { name: "Reports" })
    .click();
  const table = staffPage.getByRole("table", {
    name: "Posts with open reports, oldest report first",
  });
  const row = table.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Spam or advertising: 1");
  await row.getByText("Reporters' words").click();
  await expect(row).toContainText("Links to a follower shop.");
  expect(await axeViolations(staffPage)).toEqual([]);
  await row.getByRole("button", { name: `Decline ${title}` }).click();
  const confirm = staffPage.getByRole("dialog", { name: "Decline this review?" });
  await confirm.getByLabel("Note for the author (optional)").fill("Advertising is not a review.");
  expect(await axeViolations(staffPage, "[role=dialog]")).toEqual([]);
  await confirm.getByRole("button", { name: "Decline" }).click();
  await expectToast(staffPage, "Declined; reports closed.");
  await expect(table.getByRole("row").filter({ hasText: title })).toHaveCount(0);

  // It has left the deal's pages.
  const anon = await playwright.request.newContext({ baseURL });
  expect((await anon.get(review.path)).status()).toBe(404);
  const list = await anon.get("/products/infohub/reviews/");
  expect(list.status()).toBe(200);
  expect(await list.text()).not.toContain(title);
  await anon.dispose();
  await staff.dispose();
});

test("staff take an author off the blacklist with a reason on the author lists page", {
  tag: "@desktop-only",
}, async ({ page, playwright, baseURL, logIn, gotoHydrated }) => {
  const staff = await client(playwright.request, baseURL, "staff@payonce.test");
  const anon = await playwright.request.newContext({ baseURL });
  const review = await approvedReview(staff, anon, `Noisy review ${tag()}`);
  await anon.dispose();
  const blocked = await api(staff, "POST", `/api/staff/authors/${review.authorId}/`, {
    list: "blacklist",
    on: true,
    reason: "Posts follower-shop spam.",
  });
  expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
  await staff.dispose();

  await logIn("staff@payonce.test");
  await gotoHydrated(`/staff/authors/?query=${encodeURIComponent(review.email)}`);
  const table = page.getByRole("table", { name: "Blocked and whitelisted authors" });
  const row = table.getByRole("row").filter({ hasText: review.email });
  await expect(row).toContainText("Blocked");
  await expect(row).toContainText("Posts follower-shop spam.");
  expect(await axeViolations(page)).toEqual([]);
  await row.getByRole("button", { name: `Unblock ${review.email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Unblock ${review.email}?` });
  await dialog.getByLabel("Reason").fill("Appealed; first offence.");
  await dialog.getByRole("button", { name: "Unblock" }).click();
  await expectToast(page, "Author unblocked.");
  await expect(table.getByRole("row").filter({ hasText: review.email })).toHaveCount(0);
  // The audit log keeps both reasons.
  const audit = await page.request.get("/api/staff/audit/");
  const text = await audit.text();
  expect(text).toContain("Appealed; first offence.");
  expect(text).toContain("Posts follower-shop spam.");
});
