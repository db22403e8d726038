import { describe, expect, it } from "vitest";
import { isMobileWidth, nextPage, pageCount, pageWindow } from "./pagination";

const MOBILE = 375;
const DESKTOP = 1280;

describe("pagination", () => {
  it("counts pages at 10 per page by default", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(45, 20)).toBe(3);
  });

  it("treats widths up to 768 as mobile", () => {
    expect(isMobileWidth(768)).toBe(true);
    expect(isMobileWidth(769)).toBe(false);
  });

  it("shows every page when they fit", () => {
    expect(pageWindow(1, 5, MOBILE)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10, DESKTOP)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(1, 1, DESKTOP)).toEqual([1]);
  });

  it("keeps 5 page numbers on mobile with an edge window of 3", () => {
    expect(pageWindow(1, 20, MOBILE)).toEqual([1, 2, 3, 4, "end-ellipsis", 20]);
    expect(pageWindow(3, 20, MOBILE)).toEqual([1, 2, 3, 4, "end-ellipsis", 20]);
    expect(pageWindow(4, 20, MOBILE)).toEqual([1, "start-ellipsis", 3, 4, 5, "end-ellipsis", 20]);
    expect(pageWindow(10, 20, MOBILE)).toEqual([
      1,
      "start-ellipsis",
      9,
      10,
      11,
      "end-ellipsis",
      20,
    ]);
    expect(pageWindow(17, 20, MOBILE)).toEqual([
      1,
      "start-ellipsis",
      16,
      17,
      18,
      "end-ellipsis",
      20,
    ]);
    expect(pageWindow(18, 20, MOBILE)).toEqual([1, "start-ellipsis", 17, 18, 19, 20]);
    expect(pageWindow(20, 20, MOBILE)).toEqual([1, "start-ellipsis", 17, 18, 19, 20]);
  });

  it("keeps 10 page numbers on desktop with an edge window of 8", () => {
    expect(pageWindow(8, 30, DESKTOP)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, "end-ellipsis", 30]);
    expect(pageWindow(9, 30, DESKTOP)).toEqual([
      1,
      "start-ellipsis",
      6,
      7,
      8,
      9,
      10,
      11,
      12,
      13,
      "end-ellipsis",
      30,
    ]);
    expect(pageWindow(25, 30, DESKTOP)).toEqual([
      1,
      "start-ellipsis",
      22,
      23,
      24,
      25,
      26,
      27,
      28,
      29,
      30,
    ]);
  });

  it("never shows more than the visible number of pages", () => {
    for (let current = 1; current <= 40; current++) {
      const pages = pageWindow(current, 40, MOBILE).filter((item) => typeof item === "number");
      expect(pages.length).toBe(5);
      expect(pages).toContain(current);
    }
    for (let current = 1; current <= 40; current++) {
      const pages = pageWindow(current, 40, DESKTOP).filter((item) => typeof item === "number");
      expect(pages.length).toBe(10);
      expect(pages).toContain(current);
    }
  });

  it("ignores clicks on the ellipsis, the current page, or while disabled", () => {
    expect(nextPage(4, "start-ellipsis")).toBe(4);
    expect(nextPage(4, "end-ellipsis")).toBe(4);
    expect(nextPage(4, 4)).toBe(4);
    expect(nextPage(4, 7, true)).toBe(4);
    expect(nextPage(4, 7)).toBe(7);
  });
});
