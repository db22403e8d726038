import { describe, expect, it } from "vitest";
import { phoneTopLayer } from "./blocks";

describe("phoneTopLayer (one sticky layer at a time on phones)", () => {
  it("keeps the header near the top whatever the direction", () => {
    expect(phoneTopLayer(150, 100, "header")).toBe("header");
    expect(phoneTopLayer(200, 100, "sections")).toBe("header");
  });
  it("swaps the header for the section tabs scrolling down past 200 px", () => {
    expect(phoneTopLayer(400, 300, "header")).toBe("sections");
  });
  it("brings the header back (and hides the tabs) scrolling up", () => {
    expect(phoneTopLayer(700, 900, "sections")).toBe("header");
  });
  it("keeps the current layer when the position does not change", () => {
    expect(phoneTopLayer(700, 700, "sections")).toBe("sections");
    expect(phoneTopLayer(700, 700, "header")).toBe("header");
  });
});
