import type { APIRequestContext } from "@playwright/test";
import { expect, PASSWORD, test } from "./fixtures";

// The pages' fuzz sweep (the "Trust" issue): every page route of app/routes.ts with real and odd
// params and query strings, and every page action with odd form fields, over real HTTP against
// the built app, as a visitor and as the signed-in buyer, urlencoded and multipart, on the page's
// URL and its single-fetch `.data` URL. Whatever the input, the answer is never a 5xx (the API's
// twin is tests/api/fuzz.test.ts).
//
// Nothing here may change demo data other specs rely on: odd values are refused, and a body that
// is otherwise valid only ever carries a NUL byte (PostgreSQL text cannot store one, so it is
// either refused or, before its fix, a 500). Logins and sign-ups stay under their throttles.

type Who = "anon" | "buyer";
type Failure = string;

const LONG = "x".repeat(5000);

/** Odd path segments, as they appear in the URL (already encoded). */
const ODD_SEGMENTS = [
  "%00",
  "99999999999",
  "-1",
  "abc",
  LONG,
  "..%2f..%2fetc%2fpasswd",
  "%E2%98%83%F0%9F%92%A9%E2%80%AE",
  "%ff%fe",
];

/** Odd query values, as they appear in the URL; `a=1&a=2` and `a[b]=c` shapes are added per name. */
const ODD_QUERY = [
  "%00",
  "99999999999",
  "-1",
  "abc",
  "1e308",
  LONG,
  "%E2%98%83%F0%9F%92%A9",
  "%ff",
];

/** Odd form values; NUL-bearing ones are also sent in an otherwise valid body. */
const NUL_VALUES = ["\u0000", "a\u0000b"];
const ODD_FIELDS = ["\u0000", "", "-1", "99999999999", "1e308", LONG, "☃💩\u202e"];
const ODD_INTENTS = ["bogus", "\u0000", LONG];

type PageRoute = { path: string; query?: string[] };

/** Every page route (app/routes.ts), its params named as there; values come from `realParams`. */
const DISCUSSION_LIST_QUERY = [
  "sort",
  "rating",
  "taco_rating",
  "search",
  "search_after",
  "page",
  "filter",
  "deleted",
  "submitted",
];
const PAGES: PageRoute[] = [
  { path: "/", query: ["page"] },
  { path: "/products/:slug", query: ["ref", "page"] },
  { path: "/products/:slug/videos", query: ["video"] },
  { path: "/products/:slug/reviews", query: DISCUSSION_LIST_QUERY },
  { path: "/products/:slug/reviews/new", query: ["rating"] },
  { path: "/products/:slug/reviews/:id/edit" },
  { path: "/products/:slug/reviews/:item", query: ["submitted"] },
  { path: "/products/:slug/questions", query: DISCUSSION_LIST_QUERY },
  { path: "/products/:slug/questions/new" },
  { path: "/products/:slug/questions/:qid/edit" },
  { path: "/products/:slug/questions/:qitem", query: ["submitted"] },
  { path: "/accounts/login", query: ["next", "notice"] },
  { path: "/accounts/signup", query: ["next"] },
  { path: "/accounts/logout" },
  { path: "/accounts/password/reset", query: ["sent"] },
  { path: "/accounts/password/reset/:token" },
  { path: "/account/profile", query: ["notice"] },
  { path: "/account/email", query: ["notice"] },
  { path: "/account/email/verify/:token" },
  { path: "/account/password/update" },
  { path: "/account/billing", query: ["notice"] },
  { path: "/account/tax", query: ["notice"] },
  { path: "/account/cards", query: ["notice"] },
  { path: "/account/plus", query: ["notice"] },
  { path: "/account/products", query: ["page", "f", "q", "notice"] },
  { path: "/staff/outbox" },
  { path: "/plus/offer" },
  { path: "/email/unsubscribe/:token" },
  { path: "/cart", query: ["checkout_error", "payment_intent"] },
  { path: "/payments/test-gateway/challenge", query: ["payment_intent", "return_to"] },
  { path: "/orders/:order" },
  { path: "/plus", query: ["ref"] },
  {
    path: "/browse",
    query: [
      "query",
      "page",
      "sort",
      "group",
      "category",
      "subcategory",
      "plan_type",
      "min_price",
      "max_price",
    ],
  },
  { path: "/collections/best-for/:bestFor", query: ["page"] },
  { path: "/collections/:collection", query: ["page"] },
  { path: "/:group", query: ["page"] },
  { path: "/:group/:category", query: ["page"] },
  { path: "/:group/:category/:subcategory", query: ["page"] },
  { path: "/no-such/page/at/all/here" },
];

/** An action's form: per intent, the fields it reads and a body the action would accept. */
type ActionRoute = {
  path: string;
  /** The form field naming the intent ("" when the action has one form). */
  intentField: string;
  intents: Record<string, { fields: string[]; valid?: Record<string, string> }>;
  /** Sends only bodies that stop before the service (login and sign-up throttles). */
  guarded?: boolean;
  /** Joining Plus would put the Plus deal in the buyer's cart: a visitor's only. */
  anonOnly?: boolean;
};

const REVIEW_FIELDS = ["title", "comment", "rating"];
// Voting first: the odd-path posts send the first intent's valid body (an unknown item).
const threadIntents = (realId: string) => ({
  vote: { fields: ["id"], valid: { id: "2147483647" } },
  reply: {
    fields: ["id", "comment"],
    valid: { id: realId, comment: "A reply from the fuzz run." },
  },
  approve: { fields: ["id", "approved"], valid: { id: realId, approved: "true" } },
  resolve: { fields: ["id", "resolved"], valid: { id: realId, resolved: "true" } },
  author: {
    fields: ["id", "list", "userId"],
    valid: { id: realId, list: "whitelist", userId: "1" },
  },
  delete: { fields: ["id", "label"] },
});

function actionRoutes(real: Record<string, string>): ActionRoute[] {
  const review = { title: "Fuzz title", comment: "A comment long enough to pass.", rating: "5" };
  return [
    {
      path: "/cart",
      intentField: "intent",
      intents: {
        remove: { fields: ["item"] },
        quantity: { fields: ["item", "quantity"], valid: { item: "2147483647", quantity: "1" } },
        coupon: { fields: ["code"], valid: { code: "NOPE" } },
        remove_coupon: { fields: [] },
        credits: { fields: ["use_credit"] },
        giftcard: { fields: ["giftcard"], valid: { giftcard: "NOPE-NOPE" } },
      },
    },
    { path: "/plus", intentField: "", anonOnly: true, intents: { "": { fields: ["ref"] } } },
    {
      path: "/products/:slug/reviews",
      intentField: "intent",
      intents: threadIntents(real.reviewId ?? "1"),
    },
    {
      path: "/products/:slug/reviews/:item",
      intentField: "intent",
      intents: threadIntents(real.reviewId ?? "1"),
    },
    {
      path: "/products/:slug/questions",
      intentField: "intent",
      intents: threadIntents(real.questionId ?? "1"),
    },
    {
      path: "/products/:slug/questions/:qitem",
      intentField: "intent",
      intents: threadIntents(real.questionId ?? "1"),
    },
    {
      path: "/products/:slug/reviews/new",
      intentField: "",
      intents: { "": { fields: REVIEW_FIELDS, valid: review } },
    },
    {
      path: "/products/:slug/reviews/:id/edit",
      intentField: "",
      intents: { "": { fields: REVIEW_FIELDS, valid: review } },
    },
    {
      path: "/products/:slug/questions/new",
      intentField: "",
      intents: { "": { fields: ["title", "comment"], valid: review } },
    },
    {
      path: "/products/:slug/questions/:qid/edit",
      intentField: "",
      intents: { "": { fields: ["title", "comment"], valid: review } },
    },
    {
      path: "/accounts/login",
      intentField: "",
      guarded: true,
      intents: {
        "": {
          fields: ["email", "password", "next"],
          valid: { email: "nobody-fuzz@example.test", password: "not the password" },
        },
      },
    },
    {
      path: "/accounts/signup",
      intentField: "",
      guarded: true,
      intents: { "": { fields: ["email", "password", "password_confirm", "recaptcha_token"] } },
    },
    {
      path: "/accounts/password/reset",
      intentField: "",
      guarded: true,
      intents: { "": { fields: ["email"] } },
    },
    {
      path: "/accounts/password/reset/:token",
      intentField: "",
      intents: {
        "": {
          fields: ["password", "password_confirm"],
          valid: { password: "fuzz password 1", password_confirm: "fuzz password 1" },
        },
      },
    },
    {
      path: "/account/email",
      intentField: "action",
      intents: {
        add: {
          fields: ["email", "password"],
          valid: { email: "fuzz-add@example.test", password: PASSWORD },
        },
        remove: { fields: ["email"], valid: { email: "nobody-fuzz@example.test" } },
        verify: { fields: ["email"] },
        primary: { fields: ["email"], valid: { email: "nobody-fuzz@example.test" } },
      },
    },
    {
      path: "/account/password/update",
      intentField: "",
      intents: {
        "": {
          fields: ["password", "password_confirm"],
          valid: { password: "fuzz password 1", password_confirm: "fuzz password 1" },
        },
      },
    },
    {
      path: "/account/billing",
      intentField: "intent",
      intents: {
        delete: { fields: ["entry_id"] },
        default: { fields: ["entry_id"] },
        save: {
          fields: [
            "country",
            "postal_code",
            "billing_name",
            "billing_address1",
            "billing_address2",
            "billing_city",
            "billing_state",
            "tax_id",
            "tax_business_name",
            "save_billing_info",
            "set_billing_default",
            "set_tax_default",
          ],
          valid: { country: "US", postal_code: "94105", billing_name: "Fuzz LLC" },
        },
      },
    },
    {
      path: "/account/tax",
      intentField: "intent",
      intents: {
        delete: { fields: ["entry_id"] },
        save: {
          fields: ["country", "tax_id", "tax_business_name", "set_tax_default"],
          valid: { country: "DE", tax_id: "DE123456789", tax_business_name: "Fuzz GmbH" },
        },
      },
    },
    {
      path: "/account/cards",
      intentField: "intent",
      intents: {
        create: {
          fields: ["payment_method_id", "country", "postal_code", "set_default"],
          valid: { payment_method_id: "pm_card_visa", country: "US", postal_code: "94105" },
        },
        remove: { fields: ["fingerprint_id"] },
        default: { fields: ["card"] },
      },
    },
    {
      path: "/account/plus",
      intentField: "intent",
      intents: {
        cancel: {
          fields: ["subscription", "reason", "feedback"],
          valid: { subscription: "2147483647", reason: "too_expensive", feedback: "fuzz" },
        },
        reactivate: { fields: ["stripe_subscription_id"] },
        update_payment_method: {
          fields: ["payment_method_id"],
          valid: { payment_method_id: "pm_card_nope" },
        },
      },
    },
    {
      path: "/account/products",
      intentField: "intent",
      intents: {
        refund: { fields: ["invoice_item"] },
        transfer: {
          fields: ["invoice_item", "email", "plan", "action"],
          valid: { invoice_item: "2147483647", email: "fuzz@example.test", action: "transfer" },
        },
      },
    },
    { path: "/email/unsubscribe/:token", intentField: "", intents: { "": { fields: [] } } },
    {
      path: "/payments/test-gateway/challenge",
      intentField: "outcome",
      intents: {
        approve: {
          fields: ["payment_intent", "return_to"],
          valid: { payment_intent: "pi_nope", return_to: "/cart" },
        },
        fail: { fields: ["payment_intent", "return_to"] },
      },
    },
    // Logging out ends the session the rest of the sweep uses: sent last (see below).
  ];
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? name);

/** The single-fetch URL of a page path (React Router: /cart.data, /_root.data for the index). */
const dataUrl = (url: string) => {
  const [path = "/", query] = url.split("?");
  const bare = path.replace(/\/+$/, "");
  return `${bare === "" ? "/_root" : bare}.data${query ? `?${query}` : ""}`;
};

/** Path variants: the real values, then each param in turn set to each odd segment. */
function pathVariants(path: string, real: Record<string, string>): string[] {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const out = [fill(path, real)];
  for (const name of names)
    for (const odd of ODD_SEGMENTS) out.push(fill(path, { ...real, [name]: odd }));
  return out;
}

function queryVariants(path: string, names: string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    for (const odd of ODD_QUERY) out.push(`${path}?${name}=${odd}`);
    out.push(`${path}?${name}=1&${name}=2`, `${path}?${name}[b]=c`);
  }
  return out;
}

type Body = {
  pairs: [string, string][];
  label: string;
  /** A file part (multipart only). */
  file?: { name: string; type: string; bytes: string };
};

/** Bodies that are no form at all, or do not parse as the form their content type names. */
const NOT_FORMS: { type: string; body: string }[] = [
  {
    // The last part never ends.
    type: "multipart/form-data; boundary=fuzz",
    body: '--fuzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nremove',
  },
  { type: "multipart/form-data", body: "intent=remove" },
  { type: "application/json", body: '{"intent":"remove","id":1}' },
  { type: "text/plain", body: "intent=remove" },
];

/** The bodies for one intent: each field odd on an empty form, NUL on an otherwise valid one. */
function bodiesFor(
  route: ActionRoute,
  intent: string,
  spec: { fields: string[]; valid?: Record<string, string> },
): Body[] {
  const head: [string, string][] = route.intentField ? [[route.intentField, intent]] : [];
  const out: Body[] = [];
  const all = (value: string, label: string) =>
    out.push({
      pairs: [...head, ...spec.fields.map((f) => [f, value] as [string, string])],
      label,
    });
  for (const field of spec.fields) {
    for (const value of ODD_FIELDS) out.push({ pairs: [...head, [field, value]], label: field });
    out.push({ pairs: [...head, [field, "1"], [field, "abc"]], label: `${field}[]` });
    if (spec.valid)
      for (const value of NUL_VALUES) {
        const valid = Object.entries({ ...spec.valid, [field]: value });
        out.push({ pairs: [...head, ...valid], label: `valid+${field}` });
      }
  }
  // Every field at once, odd in a way no schema accepts (a guarded action stops there).
  all("\u0000", "all NUL");
  if (!route.guarded) all(LONG, "all long");
  return out;
}

function allBodies(route: ActionRoute): Body[] {
  const out: Body[] = [];
  for (const [intent, spec] of Object.entries(route.intents))
    out.push(...bodiesFor(route, intent, spec));
  if (route.intentField) {
    for (const intent of ODD_INTENTS)
      out.push({ pairs: [[route.intentField, intent]], label: "intent" });
    const [first = "", second = ""] = Object.keys(route.intents);
    out.push({
      pairs: [
        [route.intentField, first],
        [route.intentField, second],
      ],
      label: "intent[]",
    });
  }
  return out;
}

async function csrfOf(request: APIRequestContext) {
  const { cookies } = await request.storageState();
  return cookies.find((c) => c.name === "csrftoken")?.value ?? "";
}

const printable = (s: string) =>
  (s.length > 80 ? `${s.slice(0, 40)}…(${s.length})` : s).replaceAll("\u0000", "\\0");

/** Runs `jobs` a few at a time: the server is one process, the machine shared. */
async function pool(jobs: (() => Promise<void>)[], size = 6) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < jobs.length) await jobs[next++]?.();
    }),
  );
}

test.describe.configure({ timeout: 240_000 });

test("no page loader or action answers a 5xx, whatever the params, query or form", async ({
  request: buyer,
  playwright,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const anon = await playwright.request.newContext({ baseURL });
  const login = await buyer.post("/api/users/login/", {
    data: { email: "buyer@payonce.test", password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const clients: Record<Who, APIRequestContext> = { anon, buyer };

  // Real values from the API: a review and a question of taskflow, an order of the buyer.
  const firstPath = async (kind: string) => {
    const res = await anon.get(`/api/v2/deals/taskflow/${kind}/`);
    expect(res.status(), `list ${kind}`).toBe(200);
    const body = (await res.json()) as { comments?: { id: number; display_path: string }[] };
    const item = body.comments?.[0];
    expect(item, `a seeded ${kind} of taskflow`).toBeTruthy();
    return { id: String(item?.id), segment: item?.display_path.split("/").at(-2) ?? "" };
  };
  const review = await firstPath("reviews");
  const question = await firstPath("questions");
  const products = (await (await buyer.get("/api/users/products/")).json()) as {
    results?: { order_id: number }[];
  };
  const order = String(products.results?.[0]?.order_id ?? "");
  expect(order, "an order of the buyer").not.toBe("");
  const real: Record<string, string> = {
    slug: "taskflow",
    id: review.id,
    item: review.segment,
    qid: question.id,
    qitem: question.segment,
    token: "not-a-real-token",
    order,
    bestFor: "marketers",
    collection: "new-arrivals",
    group: "software",
    category: "productivity",
    subcategory: "project-management",
    reviewId: review.id,
    questionId: question.id,
  };

  const failures: Failure[] = [];
  let sent = 0;
  const check = async (
    who: Who,
    method: string,
    url: string,
    body: string,
    send: () => Promise<{ status(): number; text(): Promise<string> }>,
  ) => {
    sent++;
    let status: number;
    let detail = "";
    try {
      const res = await send();
      status = res.status();
      if (status >= 500) detail = (await res.text()).slice(0, 200);
      // A CSRF refusal never reaches the action: the sweep would prove nothing.
      if (status === 403 && (await res.text()).includes("CSRF")) {
        status = 0;
        detail = "refused by the CSRF check";
      }
    } catch (err) {
      status = 0;
      detail = String(err).slice(0, 200);
    }
    if (status >= 500 || status === 0)
      failures.push(`${who} ${method} ${printable(url)} ${body} -> ${status} ${printable(detail)}`);
  };

  // Loaders: real params on every client and both URLs; odd variants spread across them.
  const gets: (() => Promise<void>)[] = [];
  const variants: ["anon" | "buyer", boolean][] = [
    ["buyer", false],
    ["anon", false],
    ["buyer", true],
    ["anon", true],
  ];
  let turn = 0;
  for (const page of PAGES) {
    const realUrl = `${fill(page.path, real)}/`.replace(/^\/\/$/, "/");
    const urls = [
      ...pathVariants(page.path, real).slice(1),
      ...queryVariants(realUrl, page.query ?? []),
    ];
    for (const [who, data] of variants) {
      const url = data ? dataUrl(realUrl) : realUrl;
      gets.push(() => check(who, "GET", url, "", () => clients[who].get(url, { maxRedirects: 0 })));
    }
    // Single fetch's own parameter: which route loaders to run.
    for (const routes of ["routes/nope", "root,routes/cart,%00", LONG]) {
      const url = `${dataUrl(realUrl)}?_routes=${routes}`;
      gets.push(() => check("buyer", "GET", url, "", () => buyer.get(url, { maxRedirects: 0 })));
    }
    for (const u of urls) {
      const [who, data] = variants[turn++ % variants.length] as ["anon" | "buyer", boolean];
      const url = data ? dataUrl(u) : u.includes("?") ? u : `${u}/`;
      gets.push(() => check(who, "GET", url, "", () => clients[who].get(url, { maxRedirects: 0 })));
    }
  }

  // Actions: every body as the buyer, alternating urlencoded/multipart and page/.data; the
  // all-NUL bodies also as a visitor; posts to odd path params with the all-NUL body.
  const posts: (() => Promise<void>)[] = [];
  const post = (who: Who, url: string, body: Body, multipart: boolean) => {
    const form = new FormData();
    for (const [k, v] of body.pairs) form.append(k, v);
    if (body.file)
      form.append(
        "video_file",
        new File([body.file.bytes], body.file.name, { type: body.file.type }),
      );
    const shown = `[${multipart ? "multipart" : "form"} ${body.label}] ${printable(new URLSearchParams(body.pairs).toString())}`;
    posts.push(() =>
      check(who, "POST", url, shown, async () =>
        clients[who].post(url, {
          ...(multipart ? { multipart: form } : { form }),
          headers: { "x-csrftoken": await csrfOf(clients[who]), origin: baseURL ?? "" },
          maxRedirects: 0,
        }),
      ),
    );
  };
  let n = 0;
  for (const route of actionRoutes(real)) {
    const realUrl = `${fill(route.path, real)}/`;
    for (const body of allBodies(route)) {
      const i = n++;
      const who = route.anonOnly ? "anon" : "buyer";
      post(who, i % 4 >= 2 ? dataUrl(realUrl) : realUrl, body, i % 2 === 1);
      // A visitor: every field NUL (multipart, which the input guard does not read) or long.
      if (body.label === "all NUL") post("anon", dataUrl(realUrl), body, true);
      if (body.label === "all long") post("anon", realUrl, body, false);
    }
    // Odd path params with a body the action would otherwise take.
    const [intent = "", spec] = Object.entries(route.intents)[0] ?? [];
    const head: [string, string][] = route.intentField ? [[route.intentField, intent]] : [];
    const valid = { pairs: [...head, ...Object.entries(spec?.valid ?? {})], label: "valid" };
    pathVariants(route.path, real)
      .slice(1)
      .forEach((odd, i) => {
        post("buyer", i % 2 ? dataUrl(`${odd}/`) : `${odd}/`, valid, i % 2 === 1);
      });
  }
  // A page without an action; a "video" that is none on the review forms (the title missing,
  // so nothing is stored); and a multipart body that does not parse, to every action.
  post("buyer", "/browse/", { pairs: [["intent", "x"]], label: "no action" }, false);
  for (const path of ["/products/:slug/reviews/new", "/products/:slug/reviews/:id/edit"])
    for (const data of [false, true]) {
      const url = `${fill(path, real)}/`;
      const file = { name: "a\u0000.mp4", type: "video/mp4", bytes: "\u0000not a video" };
      post(
        "buyer",
        data ? dataUrl(url) : url,
        { pairs: [["rating", "5"]], label: "video", file },
        true,
      );
    }
  for (const route of actionRoutes(real))
    NOT_FORMS.forEach(({ type, body }, i) => {
      const who: Who = route.anonOnly || i % 2 ? "anon" : "buyer";
      const page = `${fill(route.path, real)}/`;
      const url = i >= 2 ? dataUrl(page) : page;
      posts.push(() =>
        check(who, "POST", url, `[${type}] ${body}`, async () =>
          clients[who].post(url, {
            data: body,
            headers: { "content-type": type, "x-csrftoken": await csrfOf(clients[who]) },
            maxRedirects: 0,
          }),
        ),
      );
    });

  const started = Date.now();
  await pool(gets);
  const loaded = Date.now();
  await pool(posts);
  // Logging out last: a visitor, then the buyer (whose session the sweep no longer needs).
  for (const who of ["anon", "buyer"] as const)
    for (const url of ["/accounts/logout/", "/accounts/logout.data"])
      await check(who, "POST", url, "", async () =>
        clients[who].post(url, {
          form: { intent: "\u0000" },
          headers: { "x-csrftoken": await csrfOf(clients[who]) },
          maxRedirects: 0,
        }),
      );
  const seconds = (from: number, to: number) => Math.round((to - from) / 1000);
  console.log(
    `page fuzz: ${gets.length} loader requests in ${seconds(started, loaded)} s, ` +
      `${sent - gets.length} action requests in ${seconds(loaded, Date.now())} s`,
  );
  await anon.dispose();
  if (failures.length) console.log(failures.join("\n"));
  expect(failures, failures.join("\n")).toEqual([]);
});
