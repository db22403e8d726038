import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { CURRENCY_SELECT_MIN_WIDTH_PX } from "../../domain/constants";
import { currencyOptions } from "../../domain/growth";
import { SET_CURRENCY_FAILED } from "../../domain/messages";
import { cx } from "../ui/format";
import { postJson } from "./api";

/**
 * The header's currency selector (spec 000 sections 7-9): USD, EUR, GBP, AUD, INR with the
 * visitor's local currency second. A choice is POSTed to /api/sessions/set-currency/, then the
 * session is refreshed (the root loader revalidates, so every price re-renders). A visitor without
 * a session learns their local currency from GET /api/sessions/ when they first open the list.
 */
export function CurrencySelector({
  currency,
  className,
}: {
  currency: string;
  className?: string;
}) {
  const revalidator = useRevalidator();
  const [local, setLocal] = useState<string | null>(null);
  const asked = useRef(false);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = currencyOptions(local);
  const value = pending ?? currency;
  if (!options.includes(value)) options.push(value);

  async function learnLocal() {
    if (asked.current) return;
    asked.current = true;
    try {
      // Offered only when the site holds a rate for it (the server refuses it otherwise).
      const [session, rates] = await Promise.all([
        fetch("/api/sessions/", { credentials: "same-origin" }).then((r) => r.json()),
        fetch("/api/currency-rates/").then((r) => r.json()),
      ]);
      const code = (session as { country_currency?: string }).country_currency;
      const known = (rates as { results?: { currency: string }[] }).results ?? [];
      if (code && known.some((r) => r.currency === code)) setLocal(code);
    } catch {
      // The defaults are still offered.
    }
  }

  async function choose(next: string) {
    if (next === value) return;
    setPending(next);
    setError(null);
    try {
      const res = await postJson("/api/sessions/set-currency/", { currency: next });
      if (!res.ok) throw new Error(String(res.status));
      await revalidator.revalidate();
    } catch {
      setError(SET_CURRENCY_FAILED);
    } finally {
      setPending(null);
    }
  }

  return (
    <div className={cx("relative", className)}>
      <label>
        <span className="sr-only">Currency</span>
        <select
          value={value}
          onFocus={learnLocal}
          onPointerDown={learnLocal}
          onChange={(e) => choose(e.target.value)}
          disabled={pending !== null}
          style={{ minWidth: CURRENCY_SELECT_MIN_WIDTH_PX }}
          className="currency-select"
        >
          {options.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p
          role="alert"
          className="absolute right-0 top-full mt-1 whitespace-nowrap rounded-lg bg-red-700 px-3 py-1.5 text-xs font-semibold text-white shadow-card"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
