import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ADDONS_UPDATED_EVENT,
  announceAddonsUpdated,
  CART_ADDED_EVENT,
  registerAddonHandler,
  runAddonHandlersThenAnnounce,
} from "./cart-events";

// The event bus runs in the browser; an EventTarget stands in for window here.
const globals = globalThis as unknown as { window?: EventTarget };

describe("add-on handlers and cart:added (spec 001 section 4 Add-ons)", () => {
  const log: string[] = [];
  beforeEach(() => {
    log.length = 0;
    globals.window = new EventTarget();
    globals.window.addEventListener(CART_ADDED_EVENT, () => log.push("cart:added"));
  });
  afterEach(() => {
    globals.window = undefined;
  });

  const added = { dealId: 1, planId: 2, cartItem: { id: 7 } };

  it("runs every registered handler before cart:added fires", async () => {
    const off1 = registerAddonHandler(async (a) => {
      await new Promise((r) => setTimeout(r, 5));
      log.push(`first ${a.planId}`);
    });
    const off2 = registerAddonHandler(async () => {
      log.push("second");
    });
    const failures = await runAddonHandlersThenAnnounce(added);
    off1();
    off2();
    expect(failures).toEqual([]);
    expect(log.at(-1)).toBe("cart:added");
    expect(log).toContain("first 2");
    expect(log).toContain("second");
  });

  it("still fires cart:added when a handler fails, and reports the failure", async () => {
    const off1 = registerAddonHandler(async () => {
      throw new Error("Failed to add add-ons to cart.");
    });
    const off2 = registerAddonHandler(async () => {
      log.push("other handler");
    });
    const failures = await runAddonHandlersThenAnnounce(added);
    off1();
    off2();
    expect(log).toEqual(["other handler", "cart:added"]);
    expect(failures.map((f) => (f as Error).message)).toEqual(["Failed to add add-ons to cart."]);
  });

  it("forgets an unregistered handler", async () => {
    const off = registerAddonHandler(async () => {
      log.push("gone");
    });
    off();
    await runAddonHandlersThenAnnounce(added);
    expect(log).toEqual(["cart:added"]);
  });

  it("carries the selected add-ons on addons:updated", () => {
    let detail: unknown = null;
    globals.window?.addEventListener(ADDONS_UPDATED_EVENT, (e) => {
      detail = (e as CustomEvent).detail;
    });
    announceAddonsUpdated({ dealId: 1, addons: [] });
    expect(detail).toEqual({ dealId: 1, addons: [] });
  });
});
