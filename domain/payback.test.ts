import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  joinNames,
  paybackFor,
  paybackJson,
  paybackMonths,
  paybackShortText,
  paybackText,
} from "./payback";

const asana = { name: "Asana", monthlyPriceCents: 1099 };
const trello = { name: "Trello", monthlyPriceCents: 500 };

describe("paybackFor (issue 34)", () => {
  it("sums the priced alternatives and rounds the months up", () => {
    expect(paybackFor(4900, [asana, trello])).toEqual({
      months: 4,
      monthlyTotalCents: 1599,
      against: [asana, trello],
    });
    expect(paybackFor(1599, [asana, trello])?.months).toBe(1);
    expect(paybackFor(1600, [asana, trello])?.months).toBe(2);
  });

  it("leaves out alternatives without a price", () => {
    const p = paybackFor(4900, [asana, { name: "monday.com", monthlyPriceCents: null }]);
    expect(p?.against).toEqual([asana]);
    expect(p?.months).toBe(5);
  });

  it("is null with no priced alternative, or a free plan", () => {
    expect(paybackFor(4900, [])).toBeNull();
    expect(paybackFor(4900, null)).toBeNull();
    expect(paybackFor(4900, [{ name: "Asana", monthlyPriceCents: 0 }])).toBeNull();
    expect(paybackFor(0, [asana])).toBeNull();
  });

  it("brackets the price between months and months - 1 of the monthly total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
        (price, monthly) => {
          const p = paybackFor(
            price,
            monthly.map((m, i) => ({ name: `Tool ${i}`, monthlyPriceCents: m })),
          );
          expect(p).not.toBeNull();
          const { months, monthlyTotalCents } = p as NonNullable<typeof p>;
          expect(monthlyTotalCents).toBe(monthly.reduce((a, b) => a + b, 0));
          expect(months * monthlyTotalCents).toBeGreaterThanOrEqual(price);
          expect(price).toBeGreaterThan((months - 1) * monthlyTotalCents);
        },
      ),
    );
  });

  it("writes the lines and the API shape", () => {
    const p = paybackFor(4900, [asana, trello]);
    expect(paybackText(p as NonNullable<typeof p>)).toBe(
      "Pays for itself in 4 months against Asana and Trello",
    );
    expect(paybackShortText({ months: 1 })).toBe("Pays for itself in 1 month");
    expect(joinNames(["Asana", "Trello", "monday.com"])).toBe("Asana, Trello and monday.com");
    expect(joinNames(["Asana"])).toBe("Asana");
    expect(paybackJson(p)).toEqual({
      months: 4,
      monthly_total: 15.99,
      against: [
        { name: "Asana", monthly_price: 10.99 },
        { name: "Trello", monthly_price: 5 },
      ],
    });
    expect(paybackJson(null)).toBeNull();
  });

  it("recomputes the months for another price (a Plus member's) from the JSON", () => {
    const json = paybackJson(paybackFor(4900, [asana, trello]));
    expect(paybackMonths(49, json)).toBe(4);
    expect(paybackMonths(44.1, json)).toBe(3);
    expect(paybackMonths(0, json)).toBeNull();
    expect(paybackMonths(49, null)).toBeNull();
  });
});
