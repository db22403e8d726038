/**
 * What a receipt says (issue 30, "Receipts"; decision 014): built from an order's facts, in the
 * currency it was charged in. The PDF writer only lays these lines out, so the wording is tested
 * here without a PDF. Also the two bits of wording the order e-mail shares with it: how many
 * units an add-on line is, and the currency the money was charged in.
 */
import { chargedIn } from "./messages";
import { type Cents, formatMoney } from "./money";

export const RECEIPT_SELLER = ["Payonce", "Lifetime software deals"];

/** The billing details written on the order at the moment of purchase (orders.billing). */
export type ReceiptBilling = {
  email?: string;
  billing_name?: string;
  billing_address1?: string;
  billing_address2?: string;
  billing_city?: string;
  billing_state?: string;
  country?: string;
  postal_code?: string;
  tax_id?: string;
  tax_business_name?: string;
};

export type ReceiptLineInput = {
  id: number;
  dealName: string;
  planName: string | null;
  /** An add-on line hangs off its primary line. */
  isAddon: boolean;
  unitQuantity: number | null;
  /** The add-on range's unit ("seats"), when it has one. */
  unitName: string | null;
  /** What the line cost after campaign and Plus, before the coupon (invoice_items.price_cents). */
  priceCents: Cents;
  campaignDiscountCents: Cents;
  plusDiscountCents: Cents;
  /** The coupon's share of this line (invoice_items.discount_cents). */
  couponDiscountCents: Cents;
  refundedAt: Date | null;
  /** An upgrade's line: the plan it was upgraded from. */
  upgradedFromPlan: string | null;
};

export type ReceiptInput = {
  orderId: number;
  kind: "purchase" | "upgrade";
  status: string;
  date: Date;
  currency: string;
  subtotalCents: Cents;
  couponCode: string | null;
  couponDiscountCents: Cents;
  creditCents: Cents;
  totalCents: Cents;
  card: { brand: string; last4: string | null } | null;
  billing: ReceiptBilling | null;
  lines: ReceiptLineInput[];
};

export type ReceiptRow = { label: string; amount: string; detail?: string[] };

export type Receipt = {
  title: string;
  number: string;
  date: string;
  seller: string[];
  billedTo: string[];
  lines: ReceiptRow[];
  totals: ReceiptRow[];
  notes: string[];
};

/**
 * How much of an add-on a line is: its unit quantity in the range's unit ("10 seats"), not the
 * name of the pack it is bought in (a 10-seat add-on is two of the "5 seats" plan).
 */
export function unitsLabel(
  planName: string | null,
  unitQuantity: number | null,
  unitName: string | null,
): string | null {
  if (unitQuantity == null || unitQuantity < 1) return planName;
  if (unitName) return `${unitQuantity} ${unitName}`;
  const named = planName?.match(/^\s*\d+\s+(\S.*)$/);
  if (named?.[1]) return `${unitQuantity} ${named[1]}`;
  return unitQuantity > 1 && planName ? `${planName} × ${unitQuantity}` : planName;
}

/** English plural names of the currencies Payonce shows prices in (domain/constants CURRENCIES). */
const CURRENCY_NAMES: Readonly<Record<string, string>> = {
  USD: "US dollars",
  EUR: "euros",
  GBP: "British pounds",
  AUD: "Australian dollars",
  INR: "Indian rupees",
};

export const currencyName = (code: string): string => CURRENCY_NAMES[code] ?? code;

/**
 * The sentence naming the charged currency, and the shown one when the buyer's pages showed
 * another: "Charged in US dollars (USD); prices were shown to you in euros."
 */
export function chargedInText(charged: string, shown: string | null | undefined): string {
  return chargedIn(
    currencyName(charged),
    charged,
    shown && shown !== charged ? currencyName(shown) : null,
  );
}

const dateText = (date: Date) =>
  date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/** The buyer's block: business name, name, address lines, postal code and country, tax id. */
export function billedToLines(billing: ReceiptBilling | null): string[] {
  if (!billing) return [];
  const cityLine = [billing.billing_city, billing.billing_state, billing.postal_code]
    .filter(Boolean)
    .join(", ");
  return [
    billing.tax_business_name,
    billing.billing_name,
    billing.billing_address1,
    billing.billing_address2,
    cityLine,
    billing.country,
    billing.tax_id ? `Tax ID: ${billing.tax_id}` : undefined,
    billing.email,
  ].filter((line): line is string => Boolean(line));
}

export function buildReceipt(order: ReceiptInput): Receipt {
  const money = (cents: Cents) => formatMoney(cents, order.currency);
  const upgrade = order.kind === "upgrade";
  const lines: ReceiptRow[] = order.lines.map((l) => {
    const plan = l.isAddon ? unitsLabel(l.planName, l.unitQuantity, l.unitName) : l.planName;
    const name = [l.dealName, plan].filter(Boolean).join(", ");
    const label = upgrade
      ? `Upgrade: ${l.dealName}${l.upgradedFromPlan ? `, ${l.upgradedFromPlan} to ${l.planName}` : `, to ${l.planName}`}`
      : `${l.isAddon ? "Add-on: " : ""}${name}`;
    const detail: string[] = [];
    const listCents = l.priceCents + l.campaignDiscountCents + l.plusDiscountCents;
    if (!upgrade && (l.campaignDiscountCents > 0 || l.plusDiscountCents > 0)) {
      detail.push(`Price ${money(listCents)}`);
    }
    if (l.campaignDiscountCents > 0) {
      detail.push(`Campaign discount -${money(l.campaignDiscountCents)}`);
    }
    if (l.plusDiscountCents > 0) detail.push(`Plus member discount -${money(l.plusDiscountCents)}`);
    if (l.couponDiscountCents > 0) {
      detail.push(`Coupon's share of this line -${money(l.couponDiscountCents)}`);
    }
    if (l.refundedAt) detail.push(`REFUNDED on ${dateText(l.refundedAt)}`);
    // An upgrade order charges the difference: its one line is what was paid for it.
    const amount = upgrade && order.lines.length === 1 ? order.subtotalCents : l.priceCents;
    return { label, amount: money(amount), detail };
  });
  const totals: ReceiptRow[] = [{ label: "Subtotal", amount: money(order.subtotalCents) }];
  if (order.couponDiscountCents > 0) {
    totals.push({
      label: order.couponCode ? `Coupon ${order.couponCode}` : "Coupon",
      amount: `-${money(order.couponDiscountCents)}`,
    });
  }
  if (order.creditCents > 0) {
    totals.push({ label: "Credits", amount: `-${money(order.creditCents)}` });
  }
  totals.push({ label: `Total paid (${order.currency})`, amount: money(order.totalCents) });
  const notes = [chargedInText(order.currency, null)];
  if (order.card) {
    notes.push(
      `Paid by ${order.card.brand}${order.card.last4 ? ` ending ${order.card.last4}` : ""}.`,
    );
  }
  if (order.lines.some((l) => l.refundedAt)) {
    notes.push("Lines marked REFUNDED were paid back after this purchase.");
  }
  if (order.status === "refunded") notes.push("This order was refunded.");
  return {
    title: upgrade ? "Receipt for an upgrade" : "Receipt",
    number: `Receipt #${order.orderId} (order #${order.orderId})`,
    date: dateText(order.date),
    seller: RECEIPT_SELLER,
    billedTo: billedToLines(order.billing),
    lines,
    totals,
    notes,
  };
}

/** The receipt as plain text, one line each: what the PDF shows, in reading order. */
export function receiptText(r: Receipt): string[] {
  return [
    r.title,
    r.number,
    `Date: ${r.date}`,
    ...r.seller,
    ...(r.billedTo.length ? ["Billed to", ...r.billedTo] : []),
    ...r.lines.flatMap((l) => [`${l.label}  ${l.amount}`, ...(l.detail ?? [])]),
    ...r.totals.map((t) => `${t.label}  ${t.amount}`),
    ...r.notes,
  ];
}
