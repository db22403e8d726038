import { describe, expect, it } from "vitest";
import {
  AA_NORMAL,
  contrastRatio,
  INK,
  isDarkBackground,
  parseColor,
  readableTextColor,
  WHITE,
} from "./contrast";

describe("parseColor", () => {
  it("reads hex in three, six and eight digits and rgb()", () => {
    expect(parseColor("#fff")).toEqual([255, 255, 255]);
    expect(parseColor("#2D1B69")).toEqual([45, 27, 105]);
    expect(parseColor("#2d1b6980")).toEqual([45, 27, 105]);
    expect(parseColor("rgb(10, 20, 30)")).toEqual([10, 20, 30]);
    expect(parseColor("rgba(10 20 30 / 50%)")).toEqual([10, 20, 30]);
  });
  it("refuses what it cannot read", () => {
    expect(parseColor("purple")).toBeNull();
    expect(parseColor("#12")).toBeNull();
    expect(parseColor(null)).toBeNull();
  });
});

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#4a4a5e", "#4a4a5e")).toBeCloseTo(1, 5);
  });
  it("matches the issue's measurement: #4a4a5e on the campaign purple is about 1.7:1", () => {
    expect(contrastRatio("#4a4a5e", "#2d1b69")).toBeLessThan(2);
  });
});

describe("readableTextColor", () => {
  it("puts white on dark and ink on light backgrounds", () => {
    expect(readableTextColor("#2d1b69")).toBe(WHITE);
    expect(readableTextColor("#1d1d2c")).toBe(WHITE);
    expect(readableTextColor("#fff8e6")).toBe(INK);
    expect(readableTextColor("#ffc629")).toBe(INK);
  });
  it("keeps the data's text colour when it passes AA, replaces it when it does not", () => {
    expect(readableTextColor("#2d1b69", "#ffe08a")).toBe("#ffe08a");
    expect(readableTextColor("#2d1b69", "#4a4a5e")).toBe(WHITE);
    expect(readableTextColor("#ffffff", "#ffc629")).toBe(INK);
  });
  it("always reaches AA for any parseable background", () => {
    for (let v = 0; v < 256; v += 5) {
      const hex = `#${v.toString(16).padStart(2, "0").repeat(3)}`;
      const text = readableTextColor(hex);
      expect(contrastRatio(hex, text)).toBeGreaterThanOrEqual(AA_NORMAL);
    }
  });
  it("leaves an unreadable background to the preferred colour", () => {
    expect(readableTextColor("var(--x)", "#123456")).toBe("#123456");
    expect(isDarkBackground("nonsense")).toBe(true);
  });
});
