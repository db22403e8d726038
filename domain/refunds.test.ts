import { describe, expect, it } from "vitest";
import { allocateCents, orderLineRefunds, refundDestinationText } from "./refunds";

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
