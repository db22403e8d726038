import { chargedInUsd } from "../../domain/messages";
import { formatMoney, toCents } from "../../domain/money";
import { useDisplayCurrency } from "../marketing/display-currency";

/**
 * The charge is in US dollars whatever currency the prices are shown in (issue 30): when the
 * reader chose another display currency, this names the USD amount the payment will take. Nothing
 * when prices are already shown in USD.
 */
export function ChargedInUsd({
  major,
  className,
}: {
  /** The USD amount charged, in major units (the API's). */
  major: number | null | undefined;
  className?: string;
}) {
  const display = useDisplayCurrency();
  if (!display || display.currency.toUpperCase() === "USD" || major == null || major <= 0)
    return null;
  return (
    <p className={className ?? "mt-1 text-xs text-ink-soft"} data-testid="charged-in-usd">
      {chargedInUsd(formatMoney(toCents(major)))}
    </p>
  );
}
