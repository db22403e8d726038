import type { BrowserContext, Page } from "@playwright/test";
import { csrfToken, expect, test } from "./fixtures";

// Issue 16's back-office sections beyond deals: pages and collections ordered by drag or by the
// Up/Down buttons, campaigns, a deal's roles and partners' proposed changes; and the partner
// portal's chart, reviews and proposals (at both widths). Every write toasts; removing and
// declining ask first; forms show the API's field map.

type Json = Record<string, unknown>;

/** A JSON call as the given signed-in context (CSRF double submit). */
async function api(
  context: BrowserContext,
  method: "GET" | "POST" | "PATCH",
  url: string,
  data?: Json,
) {
  if (!(await csrfToken(context))) await context.request.get("/");
  const res = await context.request.fetch(url, {
    method,
    data,
    headers: { "x-csrftoken": await csrfToken(context) },
  });
  return { status: res.status(), body: (await res.json()) as Json & { items: Json[] } };
}

const tag = () => `${test.info().project.name}-${Date.now().toString(36)}`;

async function dealId(context: BrowserContext, slug: string): Promise<number> {
  const res = await api(context, "GET", `/api/staff/deals/?query=${slug}`);
  const deal = res.body.items.find((d) => d.slug === slug);
  expect(deal, slug).toBeDefined();
  return deal?.id as number;
}

/** The toast saying `text` (dnd-kit has a status region of its own for its announcements). */
const expectToast = (page: Page, text: string) =>
  expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();

test("staff reorder the home page's collections by button and by keyboard drag", {
  tag: "@desktop-only",
}, async ({ page, logIn, gotoHydrated }) => {
  await logIn("staff@payonce.test");
  await gotoHydrated("/staff/");
  await page
    .getByRole("navigation", { name: "Staff sections" })
    .getByRole("link", { name: "Pages" })
    .click();
  const table = page.getByRole("table", { name: "Modular pages" });
  await expect(table).toBeVisible();
  // Sorting is the server's: the header link asks for it and says so.
  await table.getByRole("link", { name: /^Page/ }).click();
  await expect(page).toHaveURL(/sort=slug/);
  await expect(table.getByRole("columnheader", { name: /Page/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await table.getByRole("link", { name: /^Page/ }).click();
  await expect(page).toHaveURL(/sort=-slug/);
  await expect(table.getByRole("columnheader", { name: /Page/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await table.getByRole("link", { name: "home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Page: home" })).toBeVisible();

  const before = (await api(page.context(), "GET", "/api/staff/pages/home/")).body
    .collections as number[];
  expect(before.length).toBeGreaterThan(1);
  const list = page.getByRole("list", { name: "The page's collections in order" });
  const rows = list.getByRole("listitem");
  const first = (await rows.first().locator("span.font-semibold").textContent()) ?? "";

  await list.getByRole("button", { name: `Move ${first} down` }).click();
  await expectToast(page, "Collection order saved.");
  await expect(rows.nth(1)).toContainText(first);
  const moved = (await api(page.context(), "GET", "/api/staff/pages/home/")).body
    .collections as number[];
  expect(moved).toEqual([before[1], before[0], ...before.slice(2)]);

  // Back by keyboard drag: Space picks it up, the arrow moves it, Space drops it.
  const handle = list.getByRole("button", { name: `Drag ${first}` });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowUp");
  // The list says in its live region when the item is over the place above it (by name and
  // position); dropping before that would drop it where it was.
  await expect(
    page.getByRole("status").filter({ hasText: `${first} is over position 1.` }),
  ).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(handle).not.toHaveAttribute("aria-pressed", "true");
  await expect(rows.first()).toContainText(first);
  await expect
    .poll(async () => (await api(page.context(), "GET", "/api/staff/pages/home/")).body.collections)
    .toEqual(before);

  // The SEO fields show the API's field map; nothing is saved.
  const settings = page.getByRole("form", { name: "Page settings" });
  await settings.getByLabel("SEO title").fill("x".repeat(201));
  await settings.getByRole("button", { name: "Save page" }).click();
  const seo = settings.getByRole("group", { name: "Search engines and link previews" });
  await expect(seo.getByRole("alert")).toContainText(
    "Ensure this field has no more than 200 characters.",
  );
  await expectToast(page, "Please correct the fields below.");

  // Removing a collection asks first; cancelling keeps it.
  await list.getByRole("button", { name: `Remove ${first}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${first} from this page?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(before.length);
});

test("staff create a collection, fill it with deals in order and schedule it", {
  tag: "@desktop-only",
}, async ({ page, logIn, gotoHydrated }) => {
  await logIn("staff@payonce.test");
  const taskflow = await dealId(page.context(), "taskflow");
  const pixelforge = await dealId(page.context(), "pixelforge");
  const slug = `e2e-col-${tag()}`;
  await gotoHydrated("/staff/collections/");
  const form = page.getByRole("form", { name: "New collection" });
  await form.getByLabel("Title").fill("E2E picks");
  await form.getByLabel("Slug").fill(slug);
  await form.getByLabel("Background colour").fill("blue");
  await form.getByRole("button", { name: "Create collection" }).click();
  await expect(form.getByLabel("Background colour")).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("Enter a colour as #rgb or #rrggbb.");

  await form.getByLabel("Background colour").fill("#fef3c7");
  await form.getByLabel("Shown from (UTC)").fill("2026-01-01T00:00");
  await form.getByLabel("Shown until (UTC)").fill("2030-01-01T00:00");
  await form.getByRole("button", { name: "Create collection" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Collection: E2E picks" }),
  ).toBeVisible();
  await expectToast(page, "Collection created.");

  // Deals are found by name or slug in the picker (a combobox over GET /api/staff/deals/?query=).
  const picker = page.getByRole("combobox", { name: "Add a deal" });
  const matches = page.getByRole("listbox", { name: "Add a deal: matching deals" });
  await picker.fill("no-such-deal-anywhere");
  await expect(page.getByText("No deal matches.").first()).toBeAttached();
  await expect(matches).toBeHidden();
  const list = page.getByRole("list", { name: "The collection's deals in order" });
  for (const [i, [slug, id]] of [
    ["taskflow", taskflow],
    ["pixelforge", pixelforge],
  ].entries()) {
    await picker.fill(String(slug));
    const option = matches.getByRole("option", { name: new RegExp(`#${id} · ${slug}`) });
    await expect(option).toBeVisible();
    if (i === 0) {
      // By keyboard: the arrows highlight a match (in the combobox's aria-activedescendant),
      // Enter picks it.
      for (let n = 0; n < 25 && (await option.getAttribute("aria-selected")) !== "true"; n++) {
        await picker.press("ArrowDown");
      }
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(picker).toHaveAttribute(
        "aria-activedescendant",
        (await option.getAttribute("id")) ?? "",
      );
      await picker.press("Enter");
    } else {
      await option.click();
    }
    await expectToast(page, " added.");
    await expect(list.getByRole("listitem")).toHaveCount(i + 1);
    await expect(picker).toHaveValue("");
  }
  // A deal already in the collection is not offered again.
  await picker.fill("taskflow");
  await expect(page.getByText(/No deal matches\.|deals? found\./).first()).toBeAttached();
  await expect(matches.getByRole("option", { name: new RegExp(`#${taskflow} · `) })).toHaveCount(0);
  await picker.fill("");
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const second = list.getByRole("listitem").nth(1);
  const name = (await second.locator("span.font-semibold").textContent()) ?? "";
  await list.getByRole("button", { name: `Move ${name} up` }).click();
  await expectToast(page, "Deal order saved.");
  const id = Number(page.url().match(/collections\/(\d+)/)?.[1]);
  await expect
    .poll(
      async () => (await api(page.context(), "GET", `/api/staff/collections/${id}/`)).body.deals,
    )
    .toEqual([pixelforge, taskflow]);

  // Removing asks first.
  await list.getByRole("button", { name: `Remove ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove deal" }).click();
  await expectToast(page, "Deal removed from the collection.");
  await expect(list.getByRole("listitem")).toHaveCount(1);

  const saved = (await api(page.context(), "GET", `/api/staff/collections/${id}/`)).body;
  expect(saved.background_color).toBe("#fef3c7");
  expect(saved.start_date).toBe("2026-01-01T00:00:00.000Z");
  expect(saved.end_date).toBe("2030-01-01T00:00:00.000Z");
});

test("staff create and change a campaign; the list sorts on the server", {
  tag: "@desktop-only",
}, async ({ page, logIn, gotoHydrated }) => {
  await logIn("staff@payonce.test");
  const slug = `e2e-camp-${tag()}`;
  await gotoHydrated("/staff/campaigns/");
  const form = page.getByRole("form", { name: "New campaign" });
  await form.getByLabel("Internal name").fill(`E2E campaign ${slug}`);
  await form.getByLabel("Public name").fill("E2E sale");
  await form.getByLabel("Opt-in slug").fill(slug);
  await form.getByLabel("Discount value").fill("150");
  // Inactive: it must not reprice the store for the other tests.
  await form.getByLabel("Active").uncheck();
  await form.getByRole("button", { name: "Create campaign" }).click();
  await expect(form).toContainText("A percent is a whole number from 0 to 100.");
  await form.getByLabel("Discount value").fill("15");
  await form.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(slug);

  const edit = page.getByRole("form", { name: "Campaign settings" });
  await edit.getByLabel("Public name").fill("E2E sale, renamed");
  await edit.getByRole("button", { name: "Save campaign" }).click();
  await expectToast(page, "Campaign saved.");

  await gotoHydrated(`/staff/campaigns/?query=${slug}`);
  const table = page.getByRole("table", { name: "Campaigns" });
  await expect(table.getByRole("rowheader")).toHaveCount(1);
  await expect(table).toContainText("15%");
  await table.getByRole("link", { name: /^Campaign/ }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page).toHaveURL(/query=/);
  await expect(table.getByRole("columnheader", { name: /Campaign/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
});

test("staff give a deal a user moderator and take it away again", {
  tag: "@desktop-only",
}, async ({ page, logIn, gotoHydrated }) => {
  await logIn("staff@payonce.test");
  const slug = `e2e-roles-${tag()}`;
  const created = await api(page.context(), "POST", "/api/staff/deals/", {
    name: "E2E roles",
    slug,
    public_name: "E2E Roles Deal",
  });
  expect(created.status).toBe(201);
  await gotoHydrated(`/staff/deals/${created.body.id}/`);
  const addPartner = page.getByRole("form", { name: "Add to partners" });
  await addPartner.getByLabel("User e-mail").fill("nobody-here@example.test");
  await addPartner.getByRole("button", { name: "Add" }).click();
  await expect(addPartner).toContainText("No user with this e-mail.");

  const addModerator = page.getByRole("form", { name: "Add to user moderators" });
  await addModerator.getByLabel("User e-mail").fill("moderator@payonce.test");
  await addModerator.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "moderator@payonce.test added to user moderators.");
  const moderators = page.getByRole("list", { name: "User moderators" });
  await expect(moderators).toContainText("moderator@payonce.test");

  await moderators.getByRole("button", { name: /Remove moderator@payonce.test/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expectToast(page, "moderator@payonce.test removed.");
  await expect(page.getByRole("list", { name: "User moderators" })).toBeHidden();
  const deal = (await api(page.context(), "GET", `/api/staff/deals/${created.body.id}/`)).body;
  expect(deal.roles).toEqual({ partners: [], user_moderators: [] });
});

test("staff approve one partner's proposed change and decline another", {
  tag: "@desktop-only",
}, async ({ page, logIn, gotoHydrated, asUser }) => {
  const partner = await asUser("partner@payonce.test");
  const taskflow = (await api(partner.context, "GET", "/api/partners/deals/")).body.items.find(
    (d) => d.slug === "taskflow",
  ) as Json;
  await logIn("staff@payonce.test");
  const current = (await api(page.context(), "GET", `/api/staff/deals/${taskflow.id}/`)).body;
  // Approving applies it: the same copy as today, so the store stays as the other tests expect.
  const keep = await api(partner.context, "POST", `/api/partners/deals/${taskflow.id}/changes/`, {
    deal: { card_description: current.card_description as string },
    note: `keep ${tag()}`,
  });
  const drop = await api(partner.context, "POST", `/api/partners/deals/${taskflow.id}/changes/`, {
    deal: { public_name: "Not This Name" },
    note: `drop ${tag()}`,
  });
  expect([keep.status, drop.status]).toEqual([201, 201]);

  await gotoHydrated("/staff/changes/?query=taskflow");
  const table = page.getByRole("table", { name: "Proposed changes, oldest first" });
  await expect(table).toContainText("Not This Name");
  await table.getByRole("button", { name: `Approve change #${keep.body.id}` }).click();
  await expectToast(page, "Change approved and applied.");
  await table.getByRole("button", { name: `Decline change #${drop.body.id}` }).click();
  const dialog = page.getByRole("dialog", { name: `Decline change #${drop.body.id}?` });
  await dialog.getByRole("button", { name: "Decline change" }).click();
  await expectToast(page, "Change declined.");
  await expect(table.getByRole("button", { name: `Decline change #${drop.body.id}` })).toBeHidden();

  const states = (await api(partner.context, "GET", `/api/partners/deals/${taskflow.id}/changes/`))
    .body.items;
  expect(states.find((p) => p.id === keep.body.id)?.status).toBe("approved");
  expect(states.find((p) => p.id === drop.body.id)?.status).toBe("declined");
});

test("the partner reads sales as a chart or a table, sees reviews and proposes a change", async ({
  page,
  logIn,
  gotoHydrated,
  asUser,
}) => {
  await logIn("partner@payonce.test");
  await gotoHydrated("/partners/");
  const deal = page.getByTestId("partner-deal-taskflow");
  const chart = deal.getByRole("img", { name: /Taskflow.*last 30 days/i });
  await expect(chart).toBeVisible();
  await deal.getByText("Show as a table").click();
  const days = deal.getByRole("table", { name: /sales a day/ });
  await expect(days.getByRole("row")).toHaveCount(31);

  await expect(page.getByRole("heading", { level: 2, name: "Latest reviews" })).toBeVisible();
  const api2 = await api(page.context(), "GET", "/api/partners/deals/");
  const id = (api2.body.items.find((d) => d.slug === "taskflow") as Json).id as number;
  const reviews = await api(page.context(), "GET", `/api/partners/deals/${id}/reviews/`);
  expect(reviews.status).toBe(200);
  // Newest first, as the API lists them.
  expect(reviews.body.total).toBeGreaterThan(0);
  const newest = String(reviews.body.items[0]?.comment ?? "").slice(0, 20);
  await expect(page.getByRole("region", { name: "Latest reviews" })).toContainText(newest);

  await deal.getByText("Propose a change").click();
  const form = deal.getByRole("form", { name: /Propose a change to/ });
  await form.getByRole("button", { name: "Propose change" }).click();
  await expect(form).toContainText("Propose at least one change.");
  const note = `portal ${tag()}`;
  await form.getByLabel("Card description").fill(`Proposed copy ${note}`);
  await form.getByLabel("Note for staff").fill(note);
  await form.getByRole("button", { name: "Propose change" }).click();
  await expectToast(page, "Change proposed: staff will review it.");
  await expect(
    deal.getByTestId("proposal").filter({ hasText: "Waiting for staff" }).first(),
  ).toBeVisible();

  // Staff decline it, so the store's copy stays.
  const staff = await asUser("staff@payonce.test");
  const pending = await api(staff.context, "GET", "/api/staff/changes/?query=taskflow");
  const mine = pending.body.items.find((p) => p.note === note);
  expect(mine).toBeDefined();
  expect((await api(staff.context, "POST", `/api/staff/changes/${mine?.id}/decline/`)).status).toBe(
    200,
  );
});

test("staff create a coupon with a schedule and turn it off; create a gift card and expire it", {
  tag: "@desktop-only",
}, async ({ page, logIn, gotoHydrated }) => {
  await logIn("staff@payonce.test");
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await gotoHydrated("/staff/coupons/");
  const form = page.getByRole("form", { name: "New coupon" });
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Value").fill("10");
  await form.getByLabel("Starts (UTC)").fill("2030-01-01T00:00");
  await form.getByLabel("Ends (UTC)").fill("2029-01-01T00:00");
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expectToast(page, "Please correct the fields below.");
  await form.getByLabel("Ends (UTC)").fill("2031-01-01T00:00");
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expectToast(page, "Coupon created.");
  // Found on the server by its code.
  const search = page.getByRole("search");
  await search.getByLabel("Find a code").fill(code);
  await search.getByRole("button", { name: "Search" }).click();
  const table = page.getByRole("table", { name: "Coupons" });
  const row = table.getByRole("row").filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(table.getByRole("row")).toHaveCount(2);
  // Turning it off asks first; Cancel keeps it on.
  await row.getByRole("button", { name: `Turn off ${code}` }).click();
  const dialog = page.getByRole("dialog", { name: `Turn off ${code}?` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("Yes");
  await row.getByRole("button", { name: `Turn off ${code}` }).click();
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await expectToast(page, `${code} turned off.`);
  await expect(row.getByRole("button", { name: `Turn on ${code}` })).toBeVisible();
  const saved = await api(page.context(), "GET", `/api/staff/coupons/?query=${code}`);
  expect(saved.body.items[0]).toMatchObject({
    code,
    is_active: false,
    start_date: "2030-01-01T00:00:00.000Z",
    end_date: "2031-01-01T00:00:00.000Z",
  });

  await gotoHydrated("/staff/giftcards/");
  const card = page.getByRole("form", { name: "New gift card" });
  await card.getByLabel("Gift card code").fill(`G${code}`);
  await card.getByLabel("Amount (USD)").fill("25");
  await card.getByRole("button", { name: "Create gift card" }).click();
  await expectToast(page, "Gift card created.");
  const cards = page.getByRole("table", { name: "Gift cards" });
  const cardRow = cards.getByRole("row").filter({ hasText: `G${code}` });
  await expect(cardRow).toContainText("$25.00");
  await expect(cardRow).toContainText("Never");
  await cardRow.getByRole("button", { name: `Expire now: G${code}` }).click();
  await page
    .getByRole("dialog", { name: `Expire G${code} now?` })
    .getByRole("button", {
      name: "Expire now",
    })
    .click();
  await expectToast(page, `G${code} expired.`);
  await expect(cardRow.getByRole("button")).toHaveCount(0);
  // Sorted on the server: by amount, largest first.
  await cards.getByRole("link", { name: /Amount/ }).click();
  await cards.getByRole("link", { name: /Amount/ }).click();
  await expect(page).toHaveURL(/sort=-amount/);
});
