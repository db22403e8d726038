import { expect, type OutboxEmail, test, uniqueEmail } from "./fixtures";

type OutboxFixture = (to: string, subject?: RegExp) => Promise<OutboxEmail>;

/** The site path of the newest e-mail's first link (to `to`, with `subject`). */
async function linkFromOutbox(outboxEmail: OutboxFixture, to: string, subject: RegExp) {
  const href = (await outboxEmail(to, subject)).links[0] ?? "";
  expect(href).toMatch(/^\//);
  return href;
}

test("sign up, verify by the e-mailed link, log in with next, reset the password", async ({
  page,
  logInWithForm,
  outboxEmail,
}) => {
  // Five flows in one (sign-up, verification, log out, log in, reset): more than one page's worth.
  test.slow();
  const email = uniqueEmail("signup");

  // Sign up: the form shows the spec's validation messages, then creates the account.
  await page.goto("/accounts/signup/");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Your password must be at least 8 characters")).toBeVisible();
  await expect(page.getByText("Your passwords must match")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("first password 1");
  await page.getByLabel("Confirm password").fill("first password 1");
  await page.getByRole("button", { name: "Create account" }).click();
  // Straight to the sign-up page (no next): the new account lands on the home page.
  await expect(page).toHaveURL(/\/$/);
  // The header's account menu carries the verify prompt for a signed-in, unverified user.
  await page.getByRole("banner").locator("summary").click();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Verify your email" }),
  ).toBeVisible();
  await page.goto("/account/email/");
  await expect(page.getByTestId("verify-prompt")).toBeVisible();

  // The verification e-mail, read on the staff outbox page; its link verifies the address.
  const verifyPath = await linkFromOutbox(outboxEmail, email, /Confirm your email/);
  expect(verifyPath).toMatch(/^\/account\/email\/verify\//);
  await page.goto(verifyPath);
  await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await page.goto("/account/email/");
  await expect(page.getByTestId("verify-prompt")).toHaveCount(0);
  await expect(page.getByTestId("email-row").first()).toContainText("Verified");

  // Log out through the page, then log in with next and land there.
  await page.goto("/accounts/logout/");
  await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/accounts\/login\/\?notice=logged_out/);
  await logInWithForm(email, { password: "wrong password", next: "/account/profile/" });
  await expect(page.getByText("Unable to log in with provided credentials.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("first password 1");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account\/profile\/$/);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();

  // Forgotten password: same answer for anyone, a link by e-mail, a new password.
  await page.context().clearCookies();
  await page.goto("/accounts/password/reset/");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();
  const resetPath = await linkFromOutbox(outboxEmail, email, /Reset your Payonce password/);
  await page.goto(resetPath);
  await page.getByLabel("New password", { exact: true }).fill("second password 2");
  await page.getByLabel("Confirm new password").fill("second password 2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/notice=password_reset/);
  await logInWithForm(email, { password: "second password 2" });
  await page.waitForURL((url) => url.pathname === "/");
  const session = await (await page.request.get("/api/sessions/")).json();
  expect(session.user.email).toBe(email);
});

test("next never leaves the site", async ({ page, logInWithForm }) => {
  for (const evil of ["//evil.com", "https://evil.com/", "/\\evil.com"]) {
    await page.context().clearCookies();
    await logInWithForm("shopper@payonce.test", { password: "payonce-demo-1", next: evil });
    await page.waitForURL((url) => !url.pathname.startsWith("/accounts/login"));
    const url = new URL(page.url());
    expect(url.host).toBe(new URL(test.info().project.use.baseURL ?? "").host);
    expect(url.pathname).toBe("/");
  }
});

test("add a second e-mail, verify it and make it primary", async ({
  page,
  freshAccount,
  outboxEmail,
}) => {
  const first = freshAccount.email;
  const second = uniqueEmail("second");

  await page.goto("/account/email/");
  await page.getByLabel("New email").fill(second);
  await page.getByLabel("Your password").fill("not my password");
  await page.getByRole("button", { name: "Add email" }).click();
  await expect(page.getByText("Password validation failed. Please try again.")).toBeVisible();
  await page.getByLabel("Your password").fill(freshAccount.password);
  await page.getByRole("button", { name: "Add email" }).click();
  await expect(page.getByText("Email has been added.")).toBeVisible();

  // Unverified: making it primary is refused with the spec's message.
  const row = page.getByTestId("email-row").filter({ hasText: second });
  await expect(row).toContainText("Unverified");
  await expect(page.getByRole("button", { name: `Make primary: ${second}` })).toHaveCount(0);

  const verifyPath = await linkFromOutbox(outboxEmail, second, /Confirm your email/);
  await page.goto(verifyPath);
  await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await page.goto("/account/email/");
  await page.getByRole("button", { name: `Make primary: ${second}` }).click();
  await expect(page.getByText("Your primary email has been updated.")).toBeVisible();
  await expect(page.getByTestId("email-row").first()).toContainText(second);
  await expect(page.getByTestId("email-row").first()).toContainText("Primary");

  // The old primary can go now.
  await page.getByRole("button", { name: `Remove: ${first}` }).click();
  await expect(page.getByText("Email has been removed.")).toBeVisible();
  await expect(page.getByTestId("email-row")).toHaveCount(1);
});

test("a login brute force is slowed, then refused with 429", async ({ page, logInWithForm }) => {
  const email = uniqueEmail("brute");
  let last = 0;
  let retryAfter = "";
  for (let i = 0; i < 11; i++) {
    const res = await page.request.post("/api/users/login/", {
      data: { email, password: `guess-${i}` },
    });
    last = res.status();
    retryAfter = res.headers()["retry-after"] ?? "";
  }
  expect(last).toBe(429);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  // The login page shows the refusal too.
  await logInWithForm(email, { password: "one more guess" });
  await expect(
    page.getByText("Too many failed login attempts. Please try again later."),
  ).toBeVisible();
});

test("staff outbox is for staff only; the login and sign-up pages look right", async ({
  page,
  logIn,
}) => {
  const anon = await page.goto("/staff/outbox/");
  expect(new URL(page.url()).pathname).toBe("/accounts/login/");
  expect(anon?.status()).toBe(200);
  await page.screenshot({ path: test.info().outputPath("login.png"), fullPage: true });
  await page.goto("/accounts/signup/");
  await page.screenshot({ path: test.info().outputPath("signup.png"), fullPage: true });

  await logIn("buyer@payonce.test");
  const refused = await page.goto("/staff/outbox/");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("Staff only")).toBeVisible();
});
