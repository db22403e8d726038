import { describe, expect, it } from "vitest";
import {
  afterPlusClawback,
  allocateCents,
  orderLineRefunds,
  plusClawbackText,
  refundDestinationText,
} from "./refunds";

describe("orderLineRefunds", () => {
  it("gives back each line's net, credits shared in proportion, adding up to what the order took", () => {
    const lines = [
      { id: 2, priceCents: 5900, discountCents: 1000 },
      { id: 1, priceCents: 2900, discountCents: 0 },
    ];
    const back = orderLineRefunds(lines, { creditCents: 2500, totalCents: 5300 });
    expect(back.map((l) => l.id)).toEqual([1, 2]);
    expect(back.reduce((s, l) => s + l.netCents, 0)).toBe(7800);
    expect(back.reduce((s, l) => s + l.creditCents, 0)).toBe(2500);
    for (const l of back) expect(l.cardCents + l.creditCents).toBe(l.netCents);
  });
  it("gives nothing for an order a coupon paid in full", () => {
    const back = orderLineRefunds([{ id: 1, priceCents: 1710, discountCents: 1710 }], {
      creditCents: 0,
      totalCents: 0,
    });
    expect(back).toEqual([{ id: 1, netCents: 0, creditCents: 0, cardCents: 0 }]);
    expect(refundDestinationText({ cardCents: 0, creditCents: 0 }, null)[0]).not.toMatch(/card/);
  });
  it("allocates to the cent", () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(0, [5, 5])).toEqual([0, 0]);
  });
});

describe("afterPlusClawback", () => {
  it("takes the kept discounts off in proportion, floored at 0, never more than was paid", () => {
    expect(afterPlusClawback({ cardCents: 9900, creditCents: 0 }, 1500)).toEqual({
      cardCents: 8400,
      creditCents: 0,
      deductedCents: 1500,
    });
    expect(afterPlusClawback({ cardCents: 6000, creditCents: 3900 }, 990)).toEqual({
      cardCents: 5400,
      creditCents: 3510,
      deductedCents: 990,
    });
    expect(afterPlusClawback({ cardCents: 9900, creditCents: 0 }, 50_000)).toEqual({
      cardCents: 0,
      creditCents: 0,
      deductedCents: 9900,
    });
    expect(afterPlusClawback({ cardCents: 100, creditCents: 50 }, -5)).toEqual({
      cardCents: 100,
      creditCents: 50,
      deductedCents: 0,
    });
    for (let kept = 0; kept < 400; kept += 7) {
      const back = afterPlusClawback({ cardCents: 211, creditCents: 97 }, kept);
      expect(back.cardCents + back.creditCents + back.deductedCents).toBe(308);
      expect(back.cardCents).toBeGreaterThanOrEqual(0);
      expect(back.creditCents).toBeGreaterThanOrEqual(0);
    }
  });

  it("names the deduction and the purchases kept", () => {
    expect(plusClawbackText(1290, ["TaskFlow", "PlusVault"])).toBe(
      "We kept $12.90 of the Plus price: the member discounts on 2 purchases you keep (TaskFlow, PlusVault).",
    );
    expect(plusClawbackText(500, ["TaskFlow"])).toContain("on 1 purchase you keep (TaskFlow)");
  });
});
