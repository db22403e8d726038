import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SpotlightCustom } from "./spotlight";

// Issue 15: one first-order figure wherever the offer is made. The spotlight custom callout's
// e-mail capture names the page's figure (the live percent campaign's), "Get 10% Off" without one.

const render = (discount?: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SpotlightCustom
        data={{ slug: "recommended-for-you", title: "Recommended for you", deals: [] } as never}
        now={new Date()}
        signedIn={false}
        discount={discount}
      />
    </MemoryRouter>,
  );

describe("spotlight custom: the e-mail offer", () => {
  it("names the page's first-order figure", () => {
    expect(render("15%")).toContain("Get 15% Off");
    expect(render("15%")).not.toContain("10%");
  });

  it("is the spec's Get 10% Off without a campaign", () => {
    expect(render()).toContain("Get 10% Off");
  });
});
