import { describe, expect, it } from "vitest";
import { itemsBeforeLoad, repeatToMinimum, slideLabel } from "./carousel";
import { CAROUSEL_ITEMS_BEFORE_LOAD, SPOTLIGHT_MIN_ITEMS } from "./constants";

describe("repeatToMinimum", () => {
  it("repeats the whole list until there are at least `min` items", () => {
    expect(repeatToMinimum(["a", "b", "c"], 10)).toEqual([
      "a",
      "b",
      "c",
      "a",
      "b",
      "c",
      "a",
      "b",
      "c",
      "a",
      "b",
      "c",
    ]);
    expect(repeatToMinimum([1, 2], 10)).toHaveLength(10);
    expect(repeatToMinimum([1], SPOTLIGHT_MIN_ITEMS)).toEqual(Array(10).fill(1));
    expect(repeatToMinimum([1, 2, 3, 4, 5, 6, 7], 10)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it("leaves a list that is already long enough as it is", () => {
    const ten = Array.from({ length: 10 }, (_, i) => i);
    expect(repeatToMinimum(ten, 10)).toEqual(ten);
    expect(repeatToMinimum([...ten, 10, 11], 10)).toHaveLength(12);
  });

  it("keeps an empty list empty", () => {
    expect(repeatToMinimum([], 10)).toEqual([]);
  });

  it("treats a minimum of zero, a negative one or a non-number as no repeat", () => {
    expect(repeatToMinimum(["a"], 0)).toEqual(["a"]);
    expect(repeatToMinimum(["a"], -3)).toEqual(["a"]);
    expect(repeatToMinimum(["a"], Number.NaN)).toEqual(["a"]);
    expect(repeatToMinimum(["a"], Number.POSITIVE_INFINITY)).toEqual(["a"]);
  });

  it("returns a new array and keeps the input untouched", () => {
    const input = ["a", "b"] as const;
    const out = repeatToMinimum(input, 2);
    expect(out).toEqual(["a", "b"]);
    expect(out).not.toBe(input);
    repeatToMinimum(input, 10);
    expect(input).toEqual(["a", "b"]);
  });
});

describe("itemsBeforeLoad", () => {
  it("keeps the first 5 items", () => {
    expect(CAROUSEL_ITEMS_BEFORE_LOAD).toBe(5);
    expect(itemsBeforeLoad([1, 2, 3, 4, 5, 6, 7])).toEqual([1, 2, 3, 4, 5]);
    expect(itemsBeforeLoad([1, 2])).toEqual([1, 2]);
    expect(itemsBeforeLoad([])).toEqual([]);
  });
});

describe("slideLabel", () => {
  it("labels slides N of M from 1", () => {
    expect(slideLabel(0, 10)).toBe("1 of 10");
    expect(slideLabel(9, 10)).toBe("10 of 10");
  });
});
