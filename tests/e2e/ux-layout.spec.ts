import { AA_NORMAL, contrastRatio } from "../../domain/contrast";
import { expect, type Page, pageSettled, test } from "./fixtures";

// Layout and looks (issue 15): the desktop purchase panel keeps Buy now in view, data-given
// colours keep text readable, phones never scroll sideways and show one sticky layer at a time,
// and the product page sells without JavaScript.

/** The document's width beyond the window (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("desktop: Buy now in the sticky purchase panel stays in the window at 1440x900 and 1366x768", {
  tag: "@desktop-only",
}, async ({ page, gotoHydrated }) => {
  test.slow();
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await gotoHydrated("/products/taskflow/");
    const buy = page.getByTestId("purchase-panel").getByTestId("buy-button");
    for (const y of [0, 700, 2500]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect(buy).toBeInViewport({ ratio: 1 });
    }
  }
});

test("the collection header's text reads on the campaign's colour (WCAG AA)", async ({ page }) => {
  await page.goto("/collections/lifetime-fest/");
  const header = page.getByTestId("collection-header");
  const colours = await header.evaluate((el) => {
    const bg = getComputedStyle(el).backgroundColor;
    return [...el.querySelectorAll("h1, p, a, span")].map((t) => ({
      bg,
      fg: getComputedStyle(t).color,
    }));
  });
  expect(colours.length).toBeGreaterThan(2);
  for (const { bg, fg } of colours) {
    expect(contrastRatio(bg, fg) ?? 0).toBeGreaterThanOrEqual(AA_NORMAL);
  }
});

test("phones: no page scrolls sideways at 390 px, and the top sellers rows fit", {
  tag: "@phone-only",
}, async ({ page }) => {
  test.slow();
  for (const path of [
    "/?page=10",
    "/browse/",
    "/collections/lifetime-fest/",
    "/products/taskflow/",
    "/products/pixelforge/",
    "/cart",
    "/accounts/login/",
  ]) {
    await page.goto(path);
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
  }
  await page.goto("/?page=10");
  const rows = page
    .getByRole("heading", { name: "Top sellers this week" })
    .locator("xpath=ancestor::section[1]")
    .locator("ol > li:visible a");
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    const box = await row.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  }
});

test("phones: the account products filter pills wrap in view, with no scroller of their own", {
  tag: "@phone-only",
}, async ({ page, logIn }) => {
  await logIn("buyer@payonce.test");
  await page.goto("/account/products/");
  const nav = page.getByRole("navigation", { name: "Filter products" });
  const pills = nav.getByRole("link");
  await expect(pills).toHaveCount(5);
  const width = await page.evaluate(() => window.visualViewport?.width ?? window.innerWidth);
  expect(width).toBe(390);
  for (const pill of await pills.all()) {
    const box = await pill.boundingBox();
    const name = (await pill.textContent()) ?? "";
    expect(box?.x, name).toBeGreaterThanOrEqual(0);
    expect(box && box.x + box.width, name).toBeLessThanOrEqual(width);
  }
  // Neither the row nor its list scrolls sideways (before, the last two pills sat off screen).
  for (const row of [nav, nav.getByRole("list")]) {
    const { scrollWidth, clientWidth } = await row.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  }
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test("phones: the back office's wide tables scroll in their box, not the page", {
  tag: "@phone-only",
}, async ({ page, logIn }) => {
  await logIn("staff@payonce.test");
  for (const path of ["/staff/collections/", "/staff/campaigns/", "/staff/deals/"]) {
    await page.goto(path);
    // Against the screen's width: a phone widens its layout viewport (innerWidth) to the page.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - (window.visualViewport?.width ?? 0),
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("phone product page: the section tabs replace the header scrolling down, never overlap it", {
  tag: "@phone-only",
}, async ({ page, gotoHydrated }) => {
  await gotoHydrated("/products/taskflow/");
  const header = page.locator("header").first();
  const tabs = page.getByTestId("section-nav");
  await page.evaluate(() => window.scrollTo(0, 1200));
  await page.evaluate(() => window.scrollTo(0, 1600));
  await expect(page.locator("html")).toHaveAttribute("data-phone-top", "sections");
  await expect(tabs).toBeVisible();
  await expect(header).not.toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 1000));
  await expect(page.locator("html")).toHaveAttribute("data-phone-top", "header");
  await expect(header).toBeInViewport();
  await expect(tabs).toBeHidden();
});

test("phone product page: the marked tab follows the section in view (scroll-spy)", {
  tag: "@phone-only",
}, async ({ page, gotoHydrated }) => {
  // Eight scroll positions on the longest page, each waiting for the tabs to follow.
  test.slow();
  await gotoHydrated("/products/taskflow/");
  const tabs = page.getByTestId("section-nav");
  const current = tabs.locator('a[aria-current="location"]');
  /** Scrolls so the section's top sits just under the tabs (the 68 px reading line). */
  const over = (id: string) =>
    page.evaluate((id) => {
      const el = document.getElementById(id);
      if (!el) throw new Error(`no #${id}`);
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 68 + 24);
    }, id);
  // Top to bottom, in page order: taskflow's pricing card comes before its overview block.
  const walk: [string, string | null][] = [
    ["pricing", "Pricing"], // the purchase panel
    ["modular-pricing-card", "Pricing"],
    ["overview", "Overview"],
    ["videos", null], // no tab of its own: not "Pricing" (or any other)
    ["use-cases", null],
    ["from-the-founders", "From the founders"],
    ["community", "Reviews"], // the section's head: its open tab
    ["reviews", "Reviews"],
  ];
  for (const [id, label] of walk) {
    await over(id);
    if (label) await expect(current).toHaveText(label);
    else await expect(current).toHaveCount(0);
  }
  await expect(tabs).toBeVisible();
  // Back up: the marked tab follows on the way up too.
  await over("overview");
  await expect(current).toHaveText("Overview");
  await over("modular-pricing-card");
  await expect(current).toHaveText("Pricing");
});

/**
 * The blocks below the first screen render only near the window (content-visibility), held at a
 * placeholder height until then: a section link must still land its section under the sticky bar,
 * after the blocks passed on the way have taken their real heights.
 */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((id) => document.getElementById(id)?.getBoundingClientRect().top ?? null, id);
const expectLandedOn = async (page: Page, id: string, line: number) => {
  await expect
    .poll(async () => Math.round((await sectionTop(page, id)) ?? Number.NaN), {
      message: `#${id} under the sticky bar`,
    })
    .toBe(line);
};

test("phone product page: each section tab lands on its section, down and back up", {
  tag: "@phone-only",
}, async ({ page, gotoHydrated }) => {
  test.slow();
  await gotoHydrated("/products/taskflow/");
  // After the load each block is rendered once and keeps its real height: from then on a jump
  // lands without the window being moved back up (which would bring the header back).
  await pageSettled(page);
  const tabs = page.getByTestId("section-nav");
  await page.evaluate(() => window.scrollTo(0, 1200));
  await page.evaluate(() => window.scrollTo(0, 1600));
  await expect(tabs).toBeVisible();
  // Every section lands on the 68 px reading line, the community section too (its tabs scroll
  // it themselves), so the scroll-spy marks the tab just used.
  const walk: [string, string, number][] = [
    ["From the founders", "from-the-founders", 68],
    ["Reviews", "community", 68],
    // Up the page: the header comes back over the tabs once there (scrolling up shows it).
    ["Overview", "overview", 68],
  ];
  for (const [label, id, line] of walk) {
    await tabs.getByRole("link", { name: label, exact: true }).click();
    await expectLandedOn(page, id, line);
    // The scroll-spy agrees, now that the page has stopped moving.
    await expect(tabs.locator('a[aria-current="location"]')).toHaveText(label);
  }
});

test("phone product page: right after the load, a link far down leaves the tabs up, not the header", {
  tag: "@phone-only",
}, async ({ page, gotoHydrated }) => {
  await gotoHydrated("/products/taskflow/");
  // No wait for the blocks to be rendered once: the scroll corrects itself on the way, and the
  // page moving back up by itself is not the shopper scrolling up.
  await page.evaluate(() => {
    window.location.hash = "#reviews";
  });
  await expectLandedOn(page, "community", 68);
  await expect(page.locator("html")).toHaveAttribute("data-phone-top", "sections");
  await expect(page.getByTestId("section-nav")).toBeVisible();
  await expect(page.locator("header").first()).not.toBeInViewport();
});

test("a link to a section deep in the product page lands on it, on load and in the page", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated("/products/taskflow/#from-the-founders");
  await expectLandedOn(page, "from-the-founders", 68);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => {
    window.location.hash = "#reviews";
  });
  await expectLandedOn(page, "community", 68);
  // And back up: the router answers each hash change by restoring a scroll position it saved,
  // which stops a smooth scroll where it stands; the aiming carries on from there.
  await page.evaluate(() => {
    window.location.hash = "#from-the-founders";
  });
  await expectLandedOn(page, "from-the-founders", 68);
});

test("wide screens: the buy bar owns the top; no section tabs show or mark", {
  tag: "@desktop-only",
}, async ({ page, gotoHydrated }) => {
  await gotoHydrated("/products/taskflow/");
  for (const id of ["modular-pricing-card", "videos", "from-the-founders"]) {
    await page.evaluate((id) => document.getElementById(id)?.scrollIntoView(), id);
    await expect(page.getByTestId("section-nav")).toBeHidden();
  }
  await expect(page.locator('[data-testid="section-nav"] a[aria-current]')).toHaveCount(0);
});

test("phone product page: the bottom buy bar never covers the page, nor shows out of view", {
  tag: "@phone-only",
}, async ({ page, gotoHydrated }) => {
  await gotoHydrated("/products/plusvault/");
  const bar = page.getByTestId("bottom-buy-bar");
  // While the purchase panel (with its Plus-only note) is on screen the bar is away, and not
  // just moved below the window: a full-page capture showed it over the note.
  await expect(page.getByTestId("purchase-panel").getByTestId("plus-gated-note")).toBeInViewport();
  await expect(bar).toBeHidden();
  // At the very end of the page the bar is up, and the page's last line sits above it: the
  // page keeps the bar's height free below its content.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar).toBeVisible();
  const gap = await page.evaluate(() => {
    const barTop = document
      .querySelector('[data-testid="bottom-buy-bar"]')
      ?.getBoundingClientRect().top;
    const last = [...document.querySelectorAll("footer p, footer a")].at(-1);
    return (barTop ?? 0) - (last?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY);
  });
  expect(gap, "the footer's last line clears the bar").toBeGreaterThanOrEqual(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shopper chooses a plan, sees its price and adds it to the cart from the product page", async ({
    page,
  }) => {
    await page.goto("/products/taskflow/");
    const form = page.getByTestId("purchase-form");
    await expect(form).toHaveAttribute("method", "post");
    const price = form.locator("[data-plan-price]:visible");
    await expect(price).toHaveCount(1);
    await form.getByRole("radio", { name: /Tier 3/ }).check();
    await expect(price).toHaveCount(1);
    await expect(price.getByText("$177", { exact: true })).toBeVisible();
    await form.getByTestId("buy-button").click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { name: "Your cart" })).toBeVisible();
    await expect(page.getByText("TaskFlow").first()).toBeVisible();
    await expect(page.getByText("Tier 3").first()).toBeVisible();
  });

  test("every Buy now on the product page buys without JavaScript: the pricing card's plans and the phone bar", async ({
    page,
  }, info) => {
    await page.goto("/products/taskflow/");
    // A plan card's (or the plan table's) own Buy now adds that plan.
    const tier2 = page
      .getByTestId("pricing-card")
      .locator("form:visible")
      .filter({ has: page.locator('input[name="plan"]') })
      .nth(1);
    await tier2.getByTestId("buy-button").click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("Tier 2").first()).toBeVisible();
    if (info.project.name !== "phone") return;
    // The phone's bottom bar: its Buy now adds the default plan, its chooser leads to the plans.
    await page.goto("/products/pixelforge/");
    const bar = page.getByTestId("bottom-buy-bar");
    await expect(bar.getByRole("link")).toHaveAttribute("href", "#pricePlans");
    await bar.getByTestId("buy-button").click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("PixelForge").first()).toBeVisible();
  });

  test("a Plus-only plan's Buy now adds Plus with it, as its note says", async ({ page }) => {
    await page.goto("/products/plusvault/");
    const form = page.getByTestId("purchase-form");
    await expect(form.getByTestId("plus-gated-note")).toContainText("Buy now adds");
    await form.getByTestId("buy-button").click();
    await expect(page).toHaveURL(/\/cart$/);
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: "PlusVault" })).toHaveCount(1);
    await expect(lines.filter({ hasText: /Payonce Plus/ })).toHaveCount(1);
  });

  test("the product page does not scroll sideways on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/products/taskflow/", "/products/pixelforge/", "/"]) {
      await page.goto(path);
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
    }
  });
});

test("deals that cannot be bought are not sold as such", async ({ page, gotoHydrated }) => {
  test.slow();
  // Inactive indefinitely: no normal card price in Browse, no Buy now in its buy-now bar.
  await page.goto("/browse/?query=DormantDB");
  const card = page.locator("article").filter({ hasText: "DormantDB" }).first();
  await expect(card.getByTestId("card-unavailable")).toBeVisible();
  await page.goto("/products/dormant-db/");
  await expect(page.locator("[data-position]")).toHaveCount(0);
  // A free deal's bar offers it for free.
  await page.goto("/products/freebie-kit/");
  const bar = page.locator("[data-position]");
  await expect(bar).toHaveCount(1);
  await expect(bar.getByRole("link")).toHaveText("Get now for FREE");
  // Coming soon: the timer counts to the start ("Starts in"), and B buys nothing.
  await gotoHydrated("/products/launchpad-x/");
  await expect(page.getByText("Deal ends in", { exact: false })).toHaveCount(0);
  await page.keyboard.press("b");
  await expect(page).toHaveURL(/\/products\/launchpad-x\/$/);
  const cart = await (await page.request.get("/api/cart/")).json();
  expect(cart.cart_items ?? []).toHaveLength(0);
});

test("no Continue with Google without Google sign-in configured", async ({ page }) => {
  await page.goto("/accounts/login/");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(page.getByText("Continue with Google")).toHaveCount(0);
});

test("a Plus member sees their own price, not the Plus upsell", async ({ page, logIn }) => {
  await logIn("plus@payonce.test");
  await page.goto("/products/taskflow/");
  const panel = page.getByTestId("purchase-panel");
  await expect(panel.getByText("Your Plus price").first()).toBeVisible();
  await expect(panel.getByText(/with\s+Plus/)).toHaveCount(0);
});
