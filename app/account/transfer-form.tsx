import { useState } from "react";
import { Form } from "react-router";
import { buttonStyles, inputStyles } from "./shell";

/**
 * Transfer one product to another account. With JavaScript the address is checked as it is left
 * (GET /license/validate/email/{email}/), so a typo shows before submitting; the server checks
 * again on submit either way.
 */
export function TransferForm({
  invoiceItem,
  planId,
  busy,
  errors,
}: {
  invoiceItem: number;
  planId: number | null;
  busy: boolean;
  errors?: string[];
}) {
  const [checkMessage, setCheckMessage] = useState<string | null>(null);
  const id = `transfer-email-${invoiceItem}`;
  const shown = checkMessage ? [checkMessage] : (errors ?? []);
  async function check(email: string) {
    setCheckMessage(null);
    if (!email.includes("@")) return;
    const res = await fetch(`/license/validate/email/${encodeURIComponent(email.trim())}/`, {
      headers: { accept: "application/json" },
    }).catch(() => null);
    if (res && res.status === 404) {
      const body = (await res.json().catch(() => ({}))) as { detail?: string };
      setCheckMessage(body.detail ?? null);
    }
  }
  return (
    <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
      <input type="hidden" name="intent" value="transfer" />
      <input type="hidden" name="action" value="transfer" />
      <input type="hidden" name="invoice_item" value={invoiceItem} />
      {planId ? <input type="hidden" name="plan" value={planId} /> : null}
      <div className="flex-1 space-y-1">
        <label htmlFor={id} className="sr-only">
          Recipient's email
        </label>
        <input
          id={id}
          name="email"
          type="email"
          required
          placeholder="Recipient's Payonce email"
          onBlur={(e) => void check(e.currentTarget.value)}
          aria-invalid={shown.length ? true : undefined}
          className={inputStyles(shown.length > 0)}
        />
        {shown.length ? <p className="text-sm text-red-700">{shown.join(" ")}</p> : null}
      </div>
      <button type="submit" className={buttonStyles.secondary} disabled={busy}>
        Transfer
      </button>
    </Form>
  );
}
