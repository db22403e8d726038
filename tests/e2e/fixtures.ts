import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type Response,
} from "@playwright/test";

// What every e2e spec shares, as Playwright fixtures: sign-ins, fresh accounts, a second signed-in
// browser, hydrated navigation and the staff outbox. Specs import `test` and `expect` from here.

export type { Browser, BrowserContext, Page };
export { expect };

/** The seeded demo accounts' password (server/db/seed). */
export const PASSWORD = "payonce-demo-1";

/** Unique per project and run: desktop and phone both run every test on one database. */
let signups = 0;
/** A documentation-range address (198.18.0.0/15, for benchmarks) per sign-up. */
const signupAddress = () => {
  signups += 1;
  return `198.18.${Math.floor(Math.random() * 250)}.${signups % 250}`;
};

export const uniqueEmail = (tag: string) =>
  `${tag}-${base.info().project.name}-${Date.now().toString(36)}@example.test`;

/** The CSRF token (double submit: the X-CSRFToken header repeats the csrftoken cookie). */
export async function csrfToken(context: BrowserContext): Promise<string> {
  return (await context.cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
}

/**
 * True once React has committed the hydration of the document: clicks before that are lost
 * (buttons with handlers do nothing in server HTML). Reads React's own root state, since the app
 * has no marker of its own on every page.
 */
function documentHydrated(): boolean {
  const doc = document as unknown as Record<string, unknown>;
  const key = Object.keys(doc).find((k) => k.startsWith("__reactContainer$"));
  const fiber = key
    ? (doc[key] as { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } })
    : undefined;
  return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
}

/**
 * Waits until the page has stopped changing height: the product page's blocks below the first
 * screen render only near the window, at a placeholder height, until each has been rendered once
 * when idle after the load (app/ui/use-render-skipped-when-idle). Positions and sizes measured
 * before that move under the measurer.
 */
export async function pageSettled(page: Page): Promise<void> {
  await expect(page.locator("[data-render-when-idle]:not([data-rendered-once])")).toHaveCount(0);
}

export type Account = { email: string; password: string };
export type OutboxEmail = { text: string; links: string[] };

type Fixtures = {
  /** Signs the page's browser context in through the login API. */
  logIn: (email: string, password?: string) => Promise<void>;
  /**
   * Signs in through the login page's form: opens it (with `next` when given) unless
   * `onCurrentPage` (a redirect already showed it), then fills and submits it.
   */
  logInWithForm: (
    email: string,
    options?: { password?: string; next?: string; onCurrentPage?: boolean },
  ) => Promise<void>;
  /** A new account made through the sign-up API; the page's context is signed in as it. */
  freshAccount: Account;
  /** Navigates (the test's page, or `onPage`) and waits until React has hydrated the page. */
  gotoHydrated: (url: string, onPage?: Page) => Promise<Response | null>;
  /** A second browser context, like the test's project, signed in as `email`; closed after. */
  asUser: (email: string) => Promise<{ context: BrowserContext; page: Page }>;
  /** The CSRF token of the page's context. */
  csrf: () => Promise<string>;
  /** The newest e-mail to `to` (and with `subject`) on the staff outbox page, read as staff. */
  outboxEmail: (to: string, subject?: RegExp) => Promise<OutboxEmail>;
};

export const test = base.extend<Fixtures>({
  logIn: async ({ page, baseURL }, use) => {
    await use(async (email, password = PASSWORD) => {
      // Like a browser on our own page: login refuses a cross-site (or origin-less) post that
      // carries cookies, and this context holds the cookies of the pages it visited.
      const res = await page.context().request.post("/api/users/login/", {
        data: { email, password },
        headers: { origin: new URL(baseURL ?? "http://127.0.0.1").origin },
      });
      expect(res.status(), `log in ${email}`).toBe(200);
    });
  },

  logInWithForm: async ({ page }, use) => {
    await use(async (email, { password = PASSWORD, next, onCurrentPage = false } = {}) => {
      if (!onCurrentPage)
        await page.goto(
          next ? `/accounts/login/?next=${encodeURIComponent(next)}` : "/accounts/login/",
        );
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Log in" }).click();
    });
  },

  freshAccount: async ({ page }, use) => {
    const account = { email: uniqueEmail("fresh"), password: "fresh password 1" };
    // Each new buyer signs up from an address of their own (the e2e apps trust 127.0.0.1 as a
    // proxy): the suite makes more accounts than one address may in an hour (20).
    const res = await page.context().request.post("/api/users/signup/", {
      data: { ...account, password_confirm: account.password },
      headers: { "x-forwarded-for": signupAddress() },
    });
    expect(res.status(), `sign up ${account.email}`).toBe(201);
    await use(account);
  },

  gotoHydrated: async ({ page }, use) => {
    await use(async (url, onPage = page) => {
      const response = await onPage.goto(url);
      await onPage.waitForFunction(documentHydrated);
      return response;
    });
  },

  asUser: async ({ browser }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const project = testInfo.project.use;
    await use(async (email) => {
      const context = await browser.newContext({
        baseURL: project.baseURL,
        viewport: project.viewport ?? null,
        isMobile: project.isMobile ?? false,
        hasTouch: project.hasTouch ?? false,
      });
      contexts.push(context);
      const res = await context.request.post("/api/users/login/", {
        data: { email, password: PASSWORD },
      });
      expect(res.status(), `log in ${email}`).toBe(200);
      return { context, page: await context.newPage() };
    });
    for (const context of contexts) await context.close();
  },

  csrf: async ({ page }, use) => {
    await use(() => csrfToken(page.context()));
  },

  outboxEmail: async ({ browser }, use, testInfo) => {
    await use(async (to, subject) => {
      const staff = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      try {
        const login = await staff.request.post("/api/users/login/", {
          data: { email: "staff@payonce.test", password: PASSWORD },
        });
        expect(login.status()).toBe(200);
        const page = await staff.newPage();
        const response = await page.goto("/staff/outbox/");
        expect(response?.status()).toBe(200);
        let email = page.getByTestId("outbox-email").filter({ hasText: to });
        if (subject) email = email.filter({ hasText: subject });
        email = email.first();
        await expect(email).toBeVisible();
        const text = (await email.textContent()) ?? "";
        const links = await email
          .getByRole("link")
          .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
        return { text, links };
      } finally {
        await staff.close();
      }
    });
  },
});

/** The built-in test gateway's cards (app/payments/test-card-token.ts), as a buyer types them. */
export const TEST_CARD = {
  pays: "4242 4242 4242 4242",
  mastercard: "5555 5555 5555 4444",
  declined: "4000 0000 0000 0002",
  threeDSecure: "4000 0025 0000 3155",
} as const;

/**
 * Puts a deal's first plan in the page's cart through the cart API, from the page as the product
 * page's buy button does (JSON with the CSRF header); the page must be on the site.
 */
export async function addDealToCart(page: Page, slug: string): Promise<void> {
  const { deal } = await (await page.request.get(`/api/v2/deals/${slug}/details/`)).json();
  const planId = (deal.plans as { id: number }[])[0]?.id;
  const status = await page.evaluate(
    async (body) => {
      const token = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/)?.[1] ?? "";
      const res = await fetch("/api/cart/items/", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(token) },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { dealId: deal.id, dealGroupId: null, planId, couponCode: null, quantity: 1 },
  );
  expect(status, `add ${slug}`).toBeLessThan(300);
}

/**
 * Fills the test gateway's card form on the page (cart or cards page): picks "Use a new card"
 * when saved cards are offered first, then the number, a future expiry and a CVC.
 */
export async function fillTestCard(page: Page, number: string): Promise<void> {
  const newCard = page.getByRole("radio", { name: "Use a new card" });
  if (await newCard.count()) await newCard.check();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
}

/** Pays the cart on /cart with a new test card (the page must be hydrated). */
export async function payWithTestCard(page: Page, number: string): Promise<void> {
  await fillTestCard(page, number);
  await page.getByRole("button", { name: /^Pay / }).click();
}

/** A JSON post from the page's context, as the site's own scripts send it (CSRF, origin). */
export async function postJson(
  page: Page,
  url: string,
  data: unknown,
  headers: Record<string, string> = {},
) {
  const token = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  return page.request.post(url, {
    data,
    headers: {
      accept: "application/json",
      "x-csrftoken": token,
      origin: new URL(page.url()).origin,
      ...headers,
    },
  });
}
