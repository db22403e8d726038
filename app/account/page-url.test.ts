import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url";

const post = (url: string) => new Request(url, { method: "POST" });

describe("pageUrl", () => {
  it("names the page a form was posted from, whether React Router posted to its data URL or not", () => {
    const cases: [string, string][] = [
      [
        "http://localhost/account/products/_.data?f=all&_routes=routes%2Fx",
        "/account/products/?f=all",
      ],
      ["http://localhost/account/products.data?index", "/account/products"],
      ["http://localhost/orders/12/_.data", "/orders/12/"],
      ["http://localhost/orders/12/", "/orders/12/"],
    ];
    for (const [posted, page] of cases) {
      const url = pageUrl(post(posted));
      expect(`${url.pathname}${url.search}`).toBe(page);
    }
  });
});
