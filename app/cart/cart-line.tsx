import { Form, Link } from "react-router";
import { CART_LINE_MAX_QUANTITY } from "../../domain/constants";
import type { CartJson } from "../../server/web/commerce-presenters";
import { money } from "./money";

type Line = CartJson["cart_items"][number];
type Addon = Line["addons"][number];

function Logo({ src, name }: { src: string | null; name: string }) {
  return src ? (
    <img
      src={src}
      alt=""
      width={56}
      height={56}
      className="h-14 w-14 shrink-0 rounded-xl border border-black/5 bg-white object-contain p-1.5"
    />
  ) : (
    <span className="grid h-14 w-14 shrink-0 place-items-center rounded-xl bg-brand-100 text-lg font-black text-brand-700">
      {name.slice(0, 1)}
    </span>
  );
}

function Price({ price, original }: { price: number; original: number }) {
  return (
    <div className="text-right">
      <p className="font-bold tabular-nums" data-testid="line-price">
        {money(price)}
      </p>
      {original > price ? (
        <p className="text-xs text-ink-soft line-through tabular-nums">{money(original)}</p>
      ) : null}
    </div>
  );
}

function AddonRow({ addon }: { addon: Addon }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="cart-addon">
      <span className="min-w-0">
        <span className="mr-1.5 font-bold text-brand-600" aria-hidden="true">
          +
        </span>
        <span className="font-medium">{addon.deal.public_name}</span>
        <span className="text-ink-soft">
          {" "}
          · {addon.plan.public_name}
          {addon.unit_quantity && addon.unit_quantity > 1 ? ` · ${addon.unit_quantity} units` : ""}
        </span>
      </span>
      <span className="shrink-0 font-semibold tabular-nums">
        {addon.price === 0 ? "Included" : money(addon.price)}
      </span>
    </li>
  );
}

/** One plan in the cart, with its add-ons under it, a quantity control (licensing) and Remove. */
export function CartLine({ line }: { line: Line }) {
  const stackable = line.deal.use_licensing;
  return (
    <li className="py-5" data-testid="cart-line">
      <div className="flex gap-4">
        <Logo src={line.deal.product_logo} name={line.deal.public_name} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link
                to={line.is_plus ? "/plus" : line.deal.get_absolute_url}
                className="font-bold leading-tight hover:underline"
              >
                {line.deal.public_name}
              </Link>
              <p className="text-sm text-ink-soft">
                {line.plan.public_name}
                {line.plan.access === "annual" ? " · 1-year access" : " · Lifetime access"}
              </p>
            </div>
            <Price price={line.price} original={line.original_price} />
          </div>
          {line.discounts.length ? (
            <ul className="mt-1 text-xs font-semibold text-emerald-700" aria-label="Discounts">
              {line.discounts.map((d) => (
                <li key={d.kind} data-testid="line-discount">
                  {d.text}
                </li>
              ))}
            </ul>
          ) : null}
          {line.error ? (
            <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
              {line.error}
            </p>
          ) : null}
          {line.addons.length ? (
            <ul
              className="mt-2 divide-y divide-black/5 rounded-xl bg-stone-50 px-3"
              aria-label="Add-ons"
            >
              {line.addons.map((a) => (
                <AddonRow key={a.id} addon={a} />
              ))}
            </ul>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            {stackable ? (
              <Form method="post" className="flex items-center gap-2" preventScrollReset>
                <input type="hidden" name="intent" value="quantity" />
                <input type="hidden" name="item" value={line.id} />
                <label className="text-ink-soft" htmlFor={`qty-${line.id}`}>
                  Quantity
                </label>
                <select
                  id={`qty-${line.id}`}
                  name="quantity"
                  defaultValue={line.quantity}
                  onChange={(e) => e.currentTarget.form?.requestSubmit()}
                  className="rounded-lg border border-black/10 bg-white px-2 py-1"
                >
                  {Array.from({ length: CART_LINE_MAX_QUANTITY }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <noscript>
                  <button type="submit" className="font-semibold underline">
                    Update
                  </button>
                </noscript>
              </Form>
            ) : (
              <span className="text-ink-soft">Quantity {line.quantity}</span>
            )}
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="item" value={line.id} />
              <button
                type="submit"
                className="font-semibold text-ink-soft underline decoration-black/20 underline-offset-4 hover:text-ink"
                aria-label={`Remove ${line.deal.public_name}`}
              >
                Remove
              </button>
            </Form>
          </div>
        </div>
      </div>
    </li>
  );
}
