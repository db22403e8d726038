import { describe, expect, it } from "vitest";
import {
  assignExperiments,
  assignVariant,
  bucketHash,
  CODE_EXPERIMENTS,
  CURRENCY_EXPERIMENT,
  collectionVisible,
  convertsPrices,
  experimentsCacheKey,
  fnv1a,
  isExperimentEnabled,
} from "./experiments";

describe("experiment assignment", () => {
  it("puts the same session in the same variant every time, whatever the variants' order", () => {
    const a = assignVariant("session-1", "hero", ["a", "b", "c"]);
    expect(assignVariant("session-1", "hero", ["c", "a", "b"])).toBe(a);
    expect(assignVariant("session-1", "hero", ["a", "b", "c"])).toBe(a);
  });

  it("hashes with FNV-1a (pinned, so assignments never move between releases)", () => {
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
    expect(bucketHash("a")).toBe(bucketHash("a"));
    expect(bucketHash("a")).not.toBe(fnv1a("a"));
  });

  it("spreads sessions over the variants and splits experiments independently", () => {
    const counts = { control: 0, enabled: 0 };
    let differ = 0;
    for (let i = 0; i < 2000; i++) {
      const key = `s${i}`;
      const v = assignVariant(key, "currency_conversion", ["control", "enabled"]) as
        | "control"
        | "enabled";
      counts[v]++;
      if (v !== assignVariant(key, "campaign_discount", ["control", "enabled"])) differ++;
    }
    expect(counts.control).toBeGreaterThan(800);
    expect(counts.enabled).toBeGreaterThan(800);
    expect(differ).toBeGreaterThan(800);
  });

  it("assigns nothing without a session", () => {
    expect(assignVariant(null, "x", ["a"])).toBeNull();
    expect(assignExperiments(undefined)).toEqual({});
  });

  it("covers the code's experiments and those named by collections", () => {
    const all = assignExperiments("k", { home_hero: ["a", "b"] });
    expect(Object.keys(all).sort()).toEqual([...Object.keys(CODE_EXPERIMENTS), "home_hero"].sort());
    expect(["a", "b"]).toContain(all.home_hero);
  });

  it("turns a code experiment on only in its enabled variant", () => {
    expect(isExperimentEnabled({ [CURRENCY_EXPERIMENT]: "enabled" }, CURRENCY_EXPERIMENT)).toBe(
      true,
    );
    expect(isExperimentEnabled({ [CURRENCY_EXPERIMENT]: "control" }, CURRENCY_EXPERIMENT)).toBe(
      false,
    );
    expect(isExperimentEnabled({}, CURRENCY_EXPERIMENT)).toBe(false);
  });

  it("shows an experiment's collection only to its variant, the control to sessionless visitors", () => {
    const data = { experiment: "home_hero", variant: "b" };
    expect(collectionVisible(null, {})).toBe(true);
    expect(collectionVisible(data, { home_hero: "b" })).toBe(true);
    expect(collectionVisible(data, { home_hero: "a" })).toBe(false);
    expect(collectionVisible(data, {})).toBe(false);
    expect(collectionVisible({ experiment: "home_hero", variant: "control" }, {})).toBe(true);
  });

  it("keys cached pages on what the buckets change (converted prices), not on the buckets", () => {
    const keys = Array.from({ length: 40 }, (_, n) => `session-${n}`);
    const enabled = keys.find((k) => assignExperiments(k).currency_conversion === "enabled");
    const control = keys.find((k) => assignExperiments(k).currency_conversion === "control");
    expect(enabled && control).toBeTruthy();
    expect(experimentsCacheKey(null, "EUR")).toBe("");
    expect(convertsPrices(enabled, "EUR")).toBe(true);
    expect(experimentsCacheKey(enabled, "EUR")).toBe("fx");
    expect(experimentsCacheKey(control, "EUR")).toBe("");
    // USD is never converted: both buckets render alike and share one page.
    expect(experimentsCacheKey(enabled, "USD")).toBe("");
    expect(experimentsCacheKey(enabled, "usd")).toBe("");
  });
});
