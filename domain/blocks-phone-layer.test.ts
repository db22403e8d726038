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
  it("follows the way the page scrolled itself to a section, not its corrections on the way", () => {
    // Down to a section, then a correction back up: the tabs stay.
    expect(phoneTopLayer(6000, 6400, "sections", "down")).toBe("sections");
    // Up to a section, with a correction down: the header stays.
    expect(phoneTopLayer(1200, 1000, "header", "up")).toBe("header");
    // Near the top the header shows whichever way the page went.
    expect(phoneTopLayer(150, 100, "sections", "down")).toBe("header");
  });
});
