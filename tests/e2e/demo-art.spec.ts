import { expect, test } from "./fixtures";

// Issue 15: the demo looks like a store. On the pages a shopper sees first, every image (lazy ones
// brought into view) loads: art drawn for each deal, not broken images. What each picture is, is
// tests/api/demo-art.test.ts's.

const PAGES = [
  "/",
  "/browse/",
  "/collections/lifetime-fest/",
  "/products/taskflow/",
  "/products/plusvault/",
];

for (const path of PAGES) {
  test(`every image on ${path} loads`, async ({ page }) => {
    // Every picture of the page is fetched and decoded (home has dozens).
    test.slow();
    await page.goto(path);
    const results = await page.evaluate(async () => {
      // Hidden ones (other breakpoints' art, closed dialogs) are not asked for by the browser.
      const shown = Array.from(document.images).filter((img) => img.getClientRects().length > 0);
      for (const img of shown) img.loading = "eager";
      await Promise.all(shown.map((img) => img.decode().catch(() => undefined)));
      return shown.map((img) => ({ src: img.currentSrc || img.src, width: img.naturalWidth }));
    });
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.width === 0)).toEqual([]);
    expect(results.filter((r) => r.src.includes("/media/demo/")).length).toBeGreaterThan(2);
  });
}
