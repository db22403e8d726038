import AxeBuilder from "@axe-core/playwright";
import { BUY_NOW, ORDER_PAID } from "../../domain/messages";
import {
  type BrowserContext,
  expect,
  type Page,
  payWithTestCard,
  TEST_CARD,
  test,
} from "./fixtures";

// Issue 16's whole story in Chromium: staff list a deal with two plans, build its product page
// from blocks in the editor (with the live preview of the draft), publish it; a shopper buys it
// and asks a question; the deal's partner sees the sale in the portal and answers from there;
// staff refund the order; the audit log shows every step.
// Everything goes through the pages (the roles form gives the partner the deal); the API is only
// read back to check what was saved.

/** A JSON call from the page, as the back office makes it (CSRF double submit). */
async function apiFromPage(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/)?.[1] ?? "";
      const res = await fetch(path, {
        method,
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/json",
          "X-CSRFToken": decodeURIComponent(token),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe's WCAG 2.2 AA and best-practice violations (rule ids), the framed preview left out. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .exclude('[data-testid="block-preview"]')
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** The toast that reports a write (the drag and drop live region is a status region too). */
async function expectToast(page: Page, text: string) {
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}
const money = (n: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);

test(
  "staff build, publish and refund a deal that a shopper buys and its partner answers for",
  {
    tag: "@desktop-only",
  },
  async ({ page, browser, logIn, gotoHydrated, asUser, outboxEmail }, info) => {
    test.setTimeout(240_000);
    const run = Date.now().toString(36);
    const slug = `story-${run}`;
    const name = `Storydeal ${run}`;

    // --- Staff create the draft deal with two plans -------------------------------------------
    await logIn("staff@payonce.test");
    await gotoHydrated("/staff/deals/");
    await page.getByLabel("Internal name").fill(`Story deal ${run}`);
    await page.getByLabel("Public name").fill(name);
    await page.getByLabel("Slug").fill(slug);
    await page.getByRole("button", { name: "Create draft deal" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("deal-state")).toContainText("Draft");
    const dealId = Number(/\/staff\/deals\/(\d+)/.exec(page.url())?.[1]);
    expect(dealId).toBeGreaterThan(0);

    const plans: Array<[string, string, string]> = [
      ["Solo", "39", "149"],
      ["Team", "89", "349"],
    ];
    for (const [planName, price, original] of plans) {
      const form = page.getByRole("form", { name: "New plan" });
      await form.getByLabel("Plan name").fill(planName);
      await form.getByLabel("Price (USD)", { exact: true }).fill(price);
      await form.getByLabel("Original price (USD)").fill(original);
      await form.getByLabel("Features (one a line)").fill("Lifetime access\nAll future updates");
      await form.getByRole("button", { name: "Add plan" }).click();
      await expectToast(page, "Plan added.");
      await expect(
        page.getByRole("table", { name: "The deal's plans" }).getByRole("rowheader", {
          name: planName,
        }),
      ).toBeVisible();
    }

    // --- Staff build the page from blocks --------------------------------------------------------
    const editor = page.getByRole("region", { name: "Product page blocks" });
    await expect(editor.getByTestId("blocks-source")).toContainText("shared product template");
    const rows = editor.getByTestId("block-row");
    // Start from an empty page (asks first).
    await editor.getByRole("button", { name: "Remove all blocks" }).click();
    const clear = page.getByRole("dialog", { name: "Remove every block?" });
    await clear.getByRole("button", { name: "Remove all blocks" }).click();
    await expect(rows).toHaveCount(0);

    const addBlock = async (label: string) => {
      await editor.getByLabel("Block type").selectOption({ label });
      await editor.getByRole("button", { name: "Add block" }).click();
    };
    await addBlock("Hero");
    const form = editor.getByRole("group", { name: /Edit block 1: Hero/ });
    await expect(form).toBeVisible();
    await form.getByLabel("Title").fill(`${name}: ship faster`);
    await form.getByLabel("Description").fill("Built in the staff block editor.");
    await addBlock("Pricing card");
    await addBlock("FAQ");
    const faq = editor.getByRole("group", { name: /Edit block 3: FAQ/ });
    await faq.getByLabel("Section title").fill("Questions before you buy");
    // Lists are edited as JSON; a broken one is refused in place.
    const other = faq.getByLabel("Other data (JSON)");
    await other.fill('{"faqs": [');
    await expect(other).toHaveAttribute("aria-invalid", "true");
    await other.fill(
      JSON.stringify({
        faqs: [{ question: "Is there a refund?", answer: "Yes, within 60 days." }],
      }),
    );
    await expect(other).not.toHaveAttribute("aria-invalid");
    await faq.getByLabel("Anchor id").fill("bad anchor!");
    await addBlock("Horizontal divider");
    // The editor with a block's form open is axe clean too (the table's row sees it closed).
    expect(await axeViolations(page)).toEqual([]);
    await expect(rows).toHaveCount(4);

    // A refused save shows the API's field map on the block and its field.
    await editor.getByRole("button", { name: "Save blocks" }).click();
    await expectToast(page, "Please correct the fields below.");
    await expect(editor.getByRole("alert", { name: "Problems with the blocks" })).toContainText(
      "block 3 (FAQ), Anchor id: Use letters, digits, underscores and hyphens only.",
    );
    await editor.getByRole("button", { name: "Edit block 3 (FAQ)" }).click();
    const anchor = editor.getByRole("group", { name: /Edit block 3: FAQ/ }).getByLabel("Anchor id");
    await expect(anchor).toHaveAttribute("aria-invalid", "true");
    await anchor.fill("common-questions");

    // Delete the divider (asks first; Cancel keeps it).
    await editor.getByRole("button", { name: "Delete block 4 (Horizontal divider)" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this block?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(rows).toHaveCount(4);
    await editor.getByRole("button", { name: "Delete block 4 (Horizontal divider)" }).click();
    await confirm.getByRole("button", { name: "Delete block" }).click();
    await expect(rows).toHaveCount(3);

    // Reorder: the move buttons, then the drag handle by keyboard.
    await editor.getByRole("button", { name: "Move block 3 (FAQ) up" }).click();
    await expect(rows.nth(1)).toHaveAttribute("data-block-type", "faq");
    const handle = editor.getByRole("button", { name: "Drag block 3 (Pricing card)" });
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(rows.nth(2)).toHaveAttribute("data-dragging", "true");
    await page.keyboard.press("ArrowUp");
    await expect(page.getByText("block 3 (Pricing card) is over position 2.")).toBeAttached();
    await page.keyboard.press("Space");
    await expect(rows.nth(1)).toHaveAttribute("data-block-type", "pricing_card");
    await expect(rows.nth(2)).toHaveAttribute("data-block-type", "faq");

    await editor.getByRole("button", { name: "Save blocks" }).click();
    await expectToast(page, "Blocks saved.");
    await expect(editor.getByTestId("blocks-dirty")).toHaveText("All changes saved.");
    await expect(editor.getByTestId("blocks-source")).toContainText("This deal's own blocks");
    const saved = await apiFromPage(page, "GET", `/api/staff/deals/${dealId}/blocks/`);
    expect(saved.body.blocks.map((b: { type: string }) => b.type)).toEqual([
      "hero",
      "pricing_card",
      "faq",
    ]);
    expect(saved.body.blocks[2].data).toEqual({
      title: "Questions before you buy",
      faqs: [{ question: "Is there a refund?", answer: "Yes, within 60 days." }],
      anchor_tag_id: "common-questions",
    });

    // The live preview frames the draft (staff only) at phone width, then desktop width.
    // The frame loads once the preview is in view.
    await editor.getByRole("heading", { name: "Live preview" }).scrollIntoViewIfNeeded();
    const preview = editor.getByTestId("block-preview");
    await expect(preview).toHaveAttribute("data-width", "390");
    const frame = page.frameLocator('[data-testid="block-preview"]');
    await expect(frame.getByTestId("staff-draft-preview")).toBeVisible();
    await expect(frame.getByText(`${name}: ship faster`).first()).toBeVisible();
    await editor.getByRole("button", { name: "Desktop (1440 px)" }).click();
    await expect(preview).toHaveAttribute("data-width", "1440");
    await expect(frame.getByText(`${name}: ship faster`).first()).toBeVisible();
    await expect(frame.locator("#common-questions")).toContainText("Questions before you buy");
    await expect(frame.locator("#common-questions")).toContainText("Is there a refund?");
    await page.screenshot({ path: info.outputPath("staff-block-editor-1440.png"), fullPage: true });
    await editor.screenshot({ path: info.outputPath("staff-block-editor-desktop-preview.png") });
    await editor.getByRole("button", { name: "Phone (390 px)" }).click();
    await expect(preview).toHaveAttribute("data-width", "390");
    await expect(frame.getByText(`${name}: ship faster`).first()).toBeVisible();
    await editor.screenshot({ path: info.outputPath("staff-block-editor-phone-preview.png") });

    // The preview shows the blocks as edited, before any save (posted to the page, kept nowhere).
    await editor.getByRole("button", { name: "Edit block 1 (Hero)" }).click();
    const hero = editor.getByRole("group", { name: /Edit block 1: Hero/ });
    await hero.getByLabel("Title").fill(`${name}: not saved yet`);
    await expect(editor.getByTestId("blocks-dirty")).toHaveText(
      "Unsaved changes (the preview shows them).",
    );
    await expect(frame.getByTestId("staff-blocks-preview")).toContainText(
      "blocks being edited: not saved",
    );
    await expect(frame.getByText(`${name}: not saved yet`).first()).toBeVisible();
    await editor.getByRole("button", { name: "Desktop (1440 px)" }).click();
    await expect(frame.getByText(`${name}: not saved yet`).first()).toBeVisible();
    await editor.screenshot({ path: info.outputPath("staff-block-editor-unsaved-preview.png") });
    const stored = await apiFromPage(page, "GET", `/api/staff/deals/${dealId}/blocks/`);
    expect(stored.body.blocks[0].data.title).toBe(`${name}: ship faster`);
    // Blocks the save would refuse: the preview says why and shows the saved ones.
    await hero.getByLabel("Anchor id").fill("not ok!");
    await expect(frame.getByTestId("staff-blocks-preview")).toContainText(
      "blocks.0.data.anchor_tag_id: Use letters, digits, underscores and hyphens only.",
    );
    await expect(frame.getByText(`${name}: ship faster`).first()).toBeVisible();
    await hero.getByLabel("Anchor id").fill("");
    await hero.getByLabel("Title").fill(`${name}: ship faster`);
    await expect(frame.getByTestId("staff-blocks-preview")).toContainText(
      "blocks being edited: not saved",
    );
    await hero.getByRole("button", { name: "Done" }).click();
    await editor.getByRole("button", { name: "Save blocks" }).click();
    await expectToast(page, "Blocks saved.");
    await expect(editor.getByTestId("blocks-dirty")).toHaveText("All changes saved.");
    // The draft's own page, as staff see it (the preview banner), is axe clean.
    await gotoHydrated(`/products/${slug}/`);
    await expect(page.getByTestId("staff-draft-preview")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await gotoHydrated(`/staff/deals/${dealId}/`);
    // The public still gets a 404 for the draft.
    const anonymous = await browser.newContext({ baseURL: info.project.use.baseURL });
    expect((await anonymous.request.get(`/products/${slug}/`)).status()).toBe(404);

    // --- Publish; the partner gets the deal ------------------------------------------------------
    await page.getByRole("button", { name: "Publish" }).click();
    await expectToast(page, "Deal published.");
    await expect(page.getByTestId("deal-state")).toContainText("Published");
    expect((await anonymous.request.get(`/products/${slug}/`)).status()).toBe(200);
    await anonymous.close();

    // The deal's roles form (PUT /api/staff/deals/{id}/roles/): the partner by e-mail.
    const roles = page.getByRole("region", { name: "Partners and moderators" });
    const addPartner = roles.getByRole("form", { name: "Add to partners" });
    await addPartner.getByLabel("User e-mail").fill("nobody-here@example.test");
    await addPartner.getByRole("button", { name: "Add" }).click();
    await expect(addPartner.getByLabel("User e-mail")).toHaveAttribute("aria-invalid", "true");
    await expectToast(page, "No user with this e-mail.");
    await addPartner.getByLabel("User e-mail").fill("partner@payonce.test");
    await addPartner.getByRole("button", { name: "Add" }).click();
    await expectToast(page, "partner@payonce.test added to partners.");
    await expect(roles.getByRole("list", { name: "Partners" })).toContainText(
      "partner@payonce.test",
    );
    const savedDeal = await apiFromPage(page, "GET", `/api/staff/deals/${dealId}/`);
    expect((savedDeal.body.roles.partners as Array<{ email: string }>).map((p) => p.email)).toEqual(
      ["partner@payonce.test"],
    );
    expect(await axeViolations(page)).toEqual([]);

    // --- A shopper buys the Team plan and asks a question -----------------------------------------
    let shopperContext: BrowserContext | undefined;
    try {
      shopperContext = await browser.newContext({
        baseURL: info.project.use.baseURL,
        viewport: info.project.use.viewport ?? null,
      });
      const shopperEmail = `story-shopper-${run}@example.test`;
      const signup = await shopperContext.request.post("/api/users/signup/", {
        data: {
          email: shopperEmail,
          password: "story password 1",
          password_confirm: "story password 1",
        },
      });
      expect(signup.status()).toBe(201);
      // Asking questions takes a confirmed e-mail address: the link from the sign-up e-mail.
      const verifyLink = (await outboxEmail(shopperEmail, /Confirm your email/)).links[0] ?? "";
      expect(verifyLink).toMatch(/^\/account\/email\/verify\//);
      const shopper = await shopperContext.newPage();
      await shopper.goto(verifyLink);
      await expect(shopper.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
      await shopper.goto(`/products/${slug}/`);
      const panel = shopper.getByTestId("purchase-panel");
      await expect(panel).toHaveAttribute("data-hydrated", "true");
      await expect(shopper.getByRole("heading", { level: 1 })).toContainText(name);
      await expect(shopper.getByTestId("staff-draft-preview")).toHaveCount(0);
      await panel.getByRole("radio", { name: /Team/ }).check();
      await panel.getByRole("button", { name: BUY_NOW }).click();
      await shopper.waitForURL(/\/cart\/?$/);
      await expect(shopper.getByRole("button", { name: `Pay ${money(89)}` })).toBeEnabled();
      await payWithTestCard(shopper, TEST_CARD.pays);
      await expect(shopper).toHaveURL(/\/orders\/\d+\/$/);
      await expect(shopper.getByRole("heading", { name: ORDER_PAID })).toBeVisible();
      const orderId = Number(/\/orders\/(\d+)\//.exec(shopper.url())?.[1]);

      const question = `Does ${name} work offline? ${run}`;
      await gotoHydrated(`/products/${slug}/questions/new/`, shopper);
      await shopper.getByLabel("Your question").fill(question);
      await shopper.getByLabel("Details (optional)").fill("We travel a lot.");
      await shopper.getByRole("button", { name: "Post question" }).click();
      await expect(shopper).toHaveURL(/\?submitted=question$/);

      // --- The partner sees the sale and answers from the portal -------------------------------
      const partner = await asUser("partner@payonce.test");
      await gotoHydrated("/partners/", partner.page);
      const card = partner.page.getByTestId(`partner-deal-${slug}`);
      await expect(card).toBeVisible();
      const figure = (label: string) =>
        card.getByText(label, { exact: true }).locator("xpath=following-sibling::dd");
      await expect(figure("Units sold")).toHaveText("1");
      await expect(figure("Revenue")).toHaveText(money(89));
      const waiting = partner.page.getByRole("listitem").filter({ hasText: question });
      await expect(waiting).toBeVisible();
      await waiting
        .getByLabel("Your answer")
        .fill("Yes: everything syncs when you are back online.");
      await waiting.getByRole("button", { name: "Post answer" }).click();
      await expectToast(partner.page, "Post answer: done.");
      await expect(partner.page.getByRole("listitem").filter({ hasText: question })).toHaveCount(0);

      // --- Staff refund the order ---------------------------------------------------------------
      await gotoHydrated(`/staff/orders/?query=${orderId}`);
      await page.getByRole("button", { name: `Refund order #${orderId}` }).click();
      const refund = page.getByRole("dialog", { name: `Refund order #${orderId}?` });
      await expect(refund).toContainText(shopperEmail);
      await refund.getByRole("button", { name: "Refund order" }).click();
      await expectToast(page, "Order refunded.");
      const orders = page.getByRole("table", { name: "Orders, newest first" });
      await expect(orders.getByRole("row").filter({ hasText: `#${orderId}` })).toContainText(
        "refunded",
      );
      await gotoHydrated("/partners/", partner.page);
      await expect(figure("Refunds")).toHaveText(`1 (${money(89)})`);

      // --- The audit log shows each step --------------------------------------------------------
      await gotoHydrated("/staff/audit/");
      const audit = page.getByRole("table", { name: /Every staff and partner write/ });
      const entry = (action: string, who: string, what: RegExp) =>
        audit.getByRole("row").filter({ hasText: action }).filter({ hasText: who }).filter({
          hasText: what,
        });
      const dealRow = new RegExp(`deal #${dealId}\\b`);
      await expect(entry("deal.create", "staff@payonce.test", dealRow)).toHaveCount(1);
      await expect(entry("plan.create", "staff@payonce.test", /plan #\d+/)).not.toHaveCount(0);
      // Two saves of the blocks (before and after the unsaved preview); the previews left none.
      await expect(entry("deal.blocks", "staff@payonce.test", dealRow)).toHaveCount(2);
      await expect(entry("deal.publish", "staff@payonce.test", dealRow)).toHaveCount(1);
      await expect(entry("deal.roles", "staff@payonce.test", dealRow)).toHaveCount(1);
      await expect(entry("question.reply", "partner@payonce.test", /#\d+/).first()).toBeVisible();
      await expect(
        entry("order.refund", "staff@payonce.test", new RegExp(`order #${orderId}\\b`)),
      ).toHaveCount(1);
    } finally {
      await shopperContext?.close();
    }
  },
);
