import type { APIRequestContext, APIResponse } from "@playwright/test";
import {
  COUPON_EXPIRED,
  COUPON_NOT_FOUND,
  cannotUpdateDetails,
  couponNotApplied,
  FIELD_REQUIRED,
  MISSING_CARD_ID,
  PASSWORD_TOO_SHORT,
  PASSWORDS_MUST_MATCH,
} from "../../domain/messages";
import { expect, PASSWORD, test, uniqueEmail } from "./fixtures";

// The React Router page actions, over real HTTP against the built app (server bundle and React
// Router build each carry their own copy of every module, so a refusal is recognised by the
// DomainError brand, not instanceof). Every refusal answers the page with the spec's message and
// a 4xx, never a 500. Nothing here changes data: each request is refused.

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post("/api/users/login/", { data: { email, password: PASSWORD } });
  expect(res.status(), `log in ${email}`).toBe(200);
}

/** A form post as the page's <Form> sends it without JavaScript, with the CSRF double submit. */
async function postForm(request: APIRequestContext, path: string, form: Record<string, string>) {
  const { cookies } = await request.storageState();
  const csrf = cookies.find((c) => c.name === "csrftoken")?.value ?? "";
  return request.post(path, { form, headers: { "x-csrftoken": csrf }, maxRedirects: 0 });
}

/** The answer's text with React's HTML escapes undone, so messages compare as written. */
const textOf = async (res: APIResponse) =>
  (await res.text())
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** A refusal: a 4xx (never a 500) whose page shows `message`. */
async function expectRefused(res: APIResponse, message: string, status?: number) {
  const text = await textOf(res);
  const alerts = [...text.matchAll(/role="alert"[^>]*>(.*?)<\//g)].map((m) => m[1]);
  const where = `${res.url()} answered ${res.status()} ${res.headers().location ?? ""} ${alerts.join(" | ") || text.slice(0, 200)}`;
  expect(res.status(), where).toBeGreaterThanOrEqual(400);
  expect(res.status(), where).toBeLessThan(500);
  if (status) expect(res.status(), where).toBe(status);
  expect(text, where).toContain(message);
}

test.describe("cart", () => {
  test("an unknown coupon is refused with the spec's message, on the page and its data", async ({
    request,
  }) => {
    await signIn(request, "shopper@payonce.test");
    const notFound = couponNotApplied(COUPON_NOT_FOUND);
    await expectRefused(
      await postForm(request, "/cart", { intent: "coupon", code: "NOPE" }),
      notFound,
      400,
    );
    await expectRefused(
      await postForm(request, "/cart.data", { intent: "coupon", code: "NOPE" }),
      notFound,
      400,
    );
  });

  test("an expired coupon is refused with the spec's message", async ({ request }) => {
    await signIn(request, "shopper@payonce.test");
    await expectRefused(
      await postForm(request, "/cart", { intent: "coupon", code: "EXPIRED5" }),
      couponNotApplied(COUPON_EXPIRED),
      400,
    );
  });
});

test.describe("cards", () => {
  test("removing a card that does not exist is a 404 with the spec's message", async ({
    request,
  }) => {
    await signIn(request, "buyer@payonce.test");
    for (const id of ["999999", "abc"])
      await expectRefused(
        await postForm(request, "/account/cards/", { intent: "remove", fingerprint_id: id }),
        MISSING_CARD_ID,
        404,
      );
  });

  test("making a card that does not exist the default is refused", async ({ request }) => {
    await signIn(request, "buyer@payonce.test");
    await expectRefused(
      await postForm(request, "/account/cards/", { intent: "default", card: "abc" }),
      MISSING_CARD_ID,
      400,
    );
    await expectRefused(
      await postForm(request, "/account/cards/", { intent: "default", card: "999999" }),
      MISSING_CARD_ID,
      404,
    );
  });
});

test.describe("billing and tax", () => {
  test("invalid billing fields answer 400 with the field's message", async ({ request }) => {
    await signIn(request, "buyer@payonce.test");
    await expectRefused(
      await postForm(request, "/account/billing/", {
        intent: "save",
        country: "US",
        postal_code: "123",
        billing_name: "Bailey Books LLC",
      }),
      "Invalid postal code.",
      400,
    );
  });

  for (const entry of ["999999", "abc", "99999999999"]) {
    test(`billing entry ${entry}, which does not exist, cannot be deleted or made the default`, async ({
      request,
    }) => {
      await signIn(request, "buyer@payonce.test");
      const message = cannotUpdateDetails("billing", 404);
      await expectRefused(
        await postForm(request, "/account/billing/", { intent: "delete", entry_id: entry }),
        message,
      );
      await expectRefused(
        await postForm(request, "/account/billing/", { intent: "default", entry_id: entry }),
        message,
      );
    });

    test(`tax entry ${entry}, which does not exist, cannot be deleted`, async ({ request }) => {
      await signIn(request, "buyer@payonce.test");
      await expectRefused(
        await postForm(request, "/account/tax/", { intent: "delete", entry_id: entry }),
        cannotUpdateDetails("tax", 404),
      );
    });
  }

  test("tax details without a country answer 400", async ({ request }) => {
    await signIn(request, "buyer@payonce.test");
    const res = await postForm(request, "/account/tax/", { intent: "save", tax_id: "X" });
    await expectRefused(res, "", 400);
  });
});

test("e-mails: adding an invalid address is refused", async ({ request }) => {
  // A fresh account: should the address be accepted, no demo account keeps it.
  const owner = uniqueEmail("page-actions");
  const signup = await request.post("/api/users/signup/", {
    data: { email: owner, password: PASSWORD, password_confirm: PASSWORD },
  });
  expect(signup.status()).toBe(201);
  await expectRefused(
    await postForm(request, "/account/email/", {
      action: "add",
      email: "not-an-email",
      password: PASSWORD,
    }),
    "valid email",
  );
});

test.describe("discussions", () => {
  test("an empty review is refused with the field's message", async ({ request }) => {
    // The posting gates run before the form is read (decision 054): the writer must be one who may
    // review the deal (plus@ bought PixelForge and has not reviewed it), or the gate answers first.
    await signIn(request, "plus@payonce.test");
    await expectRefused(
      await postForm(request, "/products/pixelforge/reviews/new/", {
        title: "",
        comment: "",
        rating: "5",
      }),
      FIELD_REQUIRED,
      400,
    );
  });

  test("an empty question is refused with the field's message", async ({ request }) => {
    await signIn(request, "shopper@payonce.test");
    await expectRefused(
      await postForm(request, "/products/taskflow/questions/new/", { title: "", comment: "" }),
      FIELD_REQUIRED,
      400,
    );
  });
});

test.describe("sign-ups and log-ins", () => {
  /** The sign-up page's own challenge token, as its form sends it. */
  async function recaptchaToken(request: APIRequestContext) {
    const page = await (await request.get("/accounts/signup/")).text();
    return page.match(/name="recaptcha_token" value="([^"]+)"/)?.[1] ?? "";
  }

  test("signing up with an e-mail already registered is refused", async ({ request }) => {
    const res = await postForm(request, "/accounts/signup/", {
      email: "shopper@payonce.test",
      password: "a long enough password",
      password_confirm: "a long enough password",
      recaptcha_token: await recaptchaToken(request),
    });
    // The wording is the service's (server/services/accounts/accounts.ts): the spec has none.
    await expectRefused(res, "An account with this email already exists.");
  });

  test("a bad password is refused with the spec's messages", async ({ request }) => {
    const res = await postForm(request, "/accounts/signup/", {
      email: "new-person@example.test",
      password: "short",
      password_confirm: "different",
      recaptcha_token: await recaptchaToken(request),
    });
    await expectRefused(res, PASSWORD_TOO_SHORT, 400);
    expect(await textOf(res)).toContain(PASSWORDS_MUST_MATCH);
  });

  test("logging in with a wrong password is refused", async ({ request }) => {
    await expectRefused(
      await postForm(request, "/accounts/login/", {
        email: "shopper@payonce.test",
        password: "not the password",
      }),
      "Unable to log in with provided credentials.",
    );
  });
});
