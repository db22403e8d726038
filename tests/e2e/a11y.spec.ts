import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { expect, PASSWORD, pageSettled, test } from "./fixtures";

// Issue 15, accessibility: axe-core with the WCAG 2.2 AA rule set on every page type, at both
// widths (the desktop and phone projects), failing on any violation. One page load per page type
// per width keeps it fast. To cover a new page, add a row to PAGES; `{name}` placeholders are
// filled from real seeded data (see `resolveValues`).

// axe's best-practice rules too: landmark-unique, region, heading-order and empty-heading
// (named in issue 15) are tagged only "best-practice".
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

type Who = "buyer" | "reviewer" | "staff" | "partner";
const EMAILS: Record<Who, string> = {
  buyer: "buyer@payonce.test",
  partner: "partner@payonce.test",
  reviewer: "reviewer@payonce.test",
  staff: "staff@payonce.test",
};

type PageRow = {
  /** The test's name. */
  name: string;
  /** The URL, with `{placeholder}`s from `resolveValues`. */
  path: string;
  /** Who is signed in (a visitor when absent). */
  as?: Who;
  /** The status the page answers with (200 when absent). */
  status?: number;
  /**
   * Parts axe leaves out: a framed page is a document of its own (its landmarks repeat the
   * page's, which axe's landmark-unique counts across frames) and has its own row.
   */
  exclude?: string;
};

export const PAGES: PageRow[] = [
  { name: "home", path: "/" },
  { name: "home (signed in)", path: "/", as: "buyer" },
  { name: "browse", path: "/browse/" },
  { name: "search", path: "/browse/?query=task" },
  { name: "taxonomy group", path: "/software/" },
  { name: "taxonomy category", path: "/software/productivity/" },
  { name: "taxonomy subcategory", path: "/software/productivity/project-management/" },
  { name: "collection", path: "/collections/new-arrivals/" },
  { name: "campaign collection", path: "/collections/lifetime-fest/" },
  { name: "best-for collection", path: "/collections/best-for/marketers/" },
  { name: "product page", path: "/products/taskflow/" },
  { name: "product page (signed in)", path: "/products/taskflow/", as: "buyer" },
  { name: "product videos", path: "/products/taskflow/videos/" },
  { name: "reviews list", path: "/products/taskflow/reviews/" },
  { name: "single review", path: "{review}" },
  { name: "new review", path: "/products/taskflow/reviews/new/?rating=5", as: "buyer" },
  { name: "edit review", path: "/products/taskflow/reviews/{ownReviewId}/edit/", as: "reviewer" },
  { name: "questions list", path: "/products/taskflow/questions/" },
  { name: "single question", path: "{question}" },
  { name: "new question", path: "/products/taskflow/questions/new/", as: "buyer" },
  { name: "cart", path: "/cart/" },
  { name: "cart (with items)", path: "/cart/", as: "buyer" },
  { name: "login", path: "/accounts/login/" },
  { name: "sign-up", path: "/accounts/signup/" },
  { name: "password reset", path: "/accounts/password/reset/" },
  { name: "password reset sent", path: "/accounts/password/reset/?sent=1" },
  { name: "password reset confirm", path: "/accounts/password/reset/not-a-real-token/" },
  { name: "account profile", path: "/account/profile/", as: "buyer" },
  { name: "account e-mail", path: "/account/email/", as: "buyer" },
  { name: "account password", path: "/account/password/update/", as: "buyer" },
  { name: "account billing", path: "/account/billing/", as: "buyer" },
  { name: "account tax", path: "/account/tax/", as: "buyer" },
  { name: "account cards", path: "/account/cards/", as: "buyer" },
  { name: "account Plus", path: "/account/plus/", as: "buyer" },
  { name: "account products", path: "/account/products/", as: "buyer" },
  { name: "order page", path: "/orders/{order}/", as: "buyer" },
  { name: "plus page", path: "/plus/" },
  { name: "public profile", path: "/profile/{author}/" },
  { name: "community guidelines", path: "/community-guidelines/" },
  { name: "about", path: "/about/" },
  { name: "help center", path: "/help/" },
  { name: "terms & privacy", path: "/legal/" },
  { name: "sell on Payonce", path: "/partners/" },
  { name: "staff outbox", path: "/staff/outbox/", as: "staff" },
  { name: "staff pages", path: "/staff/pages/", as: "staff" },
  { name: "staff page editor", path: "/staff/pages/home/", as: "staff" },
  { name: "staff collections", path: "/staff/collections/", as: "staff" },
  { name: "staff collection", path: "/staff/collections/1/", as: "staff" },
  { name: "staff campaigns", path: "/staff/campaigns/", as: "staff" },
  { name: "staff campaign", path: "/staff/campaigns/1/", as: "staff" },
  { name: "staff partner changes", path: "/staff/changes/?status=", as: "staff" },
  { name: "staff dashboard", path: "/staff/", as: "staff" },
  { name: "staff deals", path: "/staff/deals/", as: "staff" },
  { name: "staff moderation", path: "/staff/moderation/", as: "staff" },
  { name: "staff reports", path: "/staff/flags/", as: "staff" },
  { name: "staff author lists", path: "/staff/authors/", as: "staff" },
  { name: "staff orders", path: "/staff/orders/", as: "staff" },
  { name: "staff users", path: "/staff/users/", as: "staff" },
  { name: "staff coupons", path: "/staff/coupons/", as: "staff" },
  { name: "staff gift cards", path: "/staff/giftcards/", as: "staff" },
  { name: "staff audit log", path: "/staff/audit/", as: "staff" },
  { name: "partner portal", path: "/partners/", as: "partner" },
  // The block editor, with its live preview (the product page at 390 px) in an iframe.
  {
    name: "staff deal (block editor)",
    path: "/staff/deals/{taskflowId}/",
    as: "staff",
    exclude: '[data-testid="block-preview"]',
  },
  { name: "404", path: "/no-such/page/at/all/here/", status: 404 },
  { name: "404 (one segment)", path: "/no-such-group/", status: 404 },
];

// axe reads every node of a page (contrast on long home pages): far more than a click test.
test.describe.configure({ timeout: 120_000 });

type Values = Record<string, string>;
let values: Values | undefined;

/** Real ids and paths from the API (seeded data), looked up once per worker. */
async function resolveValues(
  request: APIRequestContext,
  buyer: APIRequestContext,
): Promise<Values> {
  if (values) return values;
  type Item = {
    id: number;
    display_path: string;
    reply_count?: number;
    user: { username: string };
  };
  const list = async (kind: string) => {
    const res = await request.get(`/api/v2/deals/taskflow/${kind}/?items_per_page=100`);
    expect(res.status(), `list ${kind}`).toBe(200);
    return ((await res.json()) as { comments: Item[] }).comments;
  };
  const reviews = await list("reviews");
  const questions = await list("questions");
  // Items with replies show the most markup (reply sections, nested headings).
  const withReplies = (items: Item[]) => items.find((i) => (i.reply_count ?? 0) > 0) ?? items[0];
  const own = reviews.find((r) => r.user.username === "demo-reviewer");
  expect(own, "the reviewer's own review of taskflow").toBeTruthy();
  const login = await buyer.post("/api/users/login/", {
    data: { email: EMAILS.buyer, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const products = (await (await buyer.get("/api/users/products/")).json()) as {
    results?: { order_id: number }[];
  };
  const order = String(products.results?.[0]?.order_id ?? "");
  const taskflow = (await (await request.get("/api/v2/deals/taskflow/details/")).json()) as {
    deal: { id: number };
  };
  expect(order, "an order of the buyer").not.toBe("");
  values = {
    review: withReplies(reviews)?.display_path ?? "",
    question: withReplies(questions)?.display_path ?? "",
    ownReviewId: String(own?.id),
    author: reviews[0]?.user.username ?? "",
    order,
    taskflowId: String(taskflow.deal.id),
  };
  return values;
}

for (const row of PAGES) {
  test(`axe: ${row.name} has no WCAG 2.2 AA (and best-practice) violations, and no page error`, async ({
    page,
    playwright,
    baseURL,
    gotoHydrated,
  }) => {
    const anon = await playwright.request.newContext({ baseURL });
    const buyer = await playwright.request.newContext({ baseURL });
    const filled = await resolveValues(anon, buyer);
    await anon.dispose();
    await buyer.dispose();
    const url = row.path.replace(/\{(\w+)\}/g, (_, key: string) => filled[key] ?? "");
    if (row.as) {
      const res = await page.context().request.post("/api/users/login/", {
        data: { email: EMAILS[row.as], password: PASSWORD },
        headers: { origin: new URL(baseURL ?? "http://127.0.0.1").origin },
      });
      expect(res.status(), `log in ${row.as}`).toBe(200);
    }
    // Uncaught errors, hydration mismatches (React #418) included, fail the page too.
    const pageErrors: string[] = [];
    page.on("pageerror", (err) => pageErrors.push(err.message));
    // Axe reads the hydrated page: client-only parts (live widgets) are in the DOM by then.
    const response = await gotoHydrated(url);
    expect(response?.status(), url).toBe(row.status ?? 200);
    // target-size compares each link with its neighbours' boxes: measured while blocks above
    // still take their real heights, the two move apart between readings.
    await pageSettled(page);
    const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS);
    const results = await (row.exclude ? axe.exclude(row.exclude) : axe).analyze();
    const report = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1] ?? ""}`)
          .join("\n"),
    );
    expect(report, `axe violations on ${url}`).toEqual([]);
    expect(pageErrors, `page errors on ${url}`).toEqual([]);
  });
}
