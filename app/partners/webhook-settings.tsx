import { useState } from "react";
import { when } from "../staff/api";
import { buttonStyles, cell, DataTable, Field, formValues, useWrite } from "../staff/ui";
import { cx } from "../ui/format";

export type WebhookDelivery = {
  id: number;
  event_id: string;
  type: string;
  licence_code: string | null;
  created: string;
  status: string;
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
};

export type WebhookSettingsData = {
  url: string | null;
  secret: string | null;
  api_key: { prefix: string } | null;
  deliveries: WebhookDelivery[];
};

const STATUS_STYLE: Record<string, string> = {
  delivered: "bg-emerald-50 text-emerald-800",
  pending: "bg-amber-50 text-amber-900",
  failed: "bg-red-50 text-red-800",
};

/** The partner's product's answer in a line: its status and the start of its body, or our error. */
function answerOf(d: WebhookDelivery) {
  if (d.response_status != null) {
    const body = (d.response_body ?? "").trim();
    return `${d.response_status}${body ? ` · ${body.slice(0, 120)}` : ""}`;
  }
  return d.error ?? "—";
}

function WebhookForm({ data }: { data: WebhookSettingsData }) {
  const { run, errors, busy } = useWrite();
  return (
    <form
      aria-label="Webhook"
      className="mt-3 grid gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const url = (formValues(e.currentTarget).url ?? "").trim();
        await run("PUT", "/api/partners/webhook/", { url }, "Webhook saved.");
      }}
    >
      <Field
        label="Webhook URL"
        name="url"
        type="url"
        defaultValue={data.url ?? ""}
        errors={errors}
        hint="We POST licence.activated, .upgraded, .deactivated and .held events here, as JSON."
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          Save webhook
        </button>
        {data.url ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={busy}
            onClick={() =>
              run("PUT", "/api/partners/webhook/", { url: null }, "Webhook turned off.")
            }
          >
            Turn off
          </button>
        ) : null}
      </div>
      {data.secret ? (
        <div className="rounded-xl bg-stone-50 p-3 text-sm">
          <p className="font-semibold">Signing secret</p>
          <p className="mt-1 text-ink-soft">
            Each request carries <code>Payonce-Signature: t=…,v1=…</code>: the hex HMAC-SHA256 of
            <code> "t.body"</code> keyed with this secret. Check it before trusting an event.
          </p>
          <details className="mt-2">
            <summary className="cursor-pointer font-semibold text-brand-700">Show secret</summary>
            <code
              className="mt-1 block select-all break-all font-mono text-xs"
              data-testid="webhook-secret"
            >
              {data.secret}
            </code>
          </details>
          <button
            type="button"
            className={cx(buttonStyles.secondary, "mt-2")}
            disabled={busy}
            onClick={() =>
              run(
                "PUT",
                "/api/partners/webhook/",
                { url: data.url, rotate_secret: true },
                "New secret made: update your product.",
              )
            }
          >
            Rotate secret
          </button>
        </div>
      ) : null}
    </form>
  );
}

function ApiKey({ data }: { data: WebhookSettingsData }) {
  const { run, busy } = useWrite();
  const [shown, setShown] = useState<string | null>(null);
  return (
    <div className="mt-6">
      <h3 className="font-bold">API key</h3>
      <p className="mt-1 text-sm text-ink-soft">
        Your product redeems a buyer's code with <code>POST /api/partners/licences/redeem/</code>{" "}
        and <code>Authorization: Bearer &lt;key&gt;</code>.{" "}
        {data.api_key ? (
          <>
            The live key starts with <code>{data.api_key.prefix}</code>.
          </>
        ) : (
          "No key yet."
        )}
      </p>
      {shown ? (
        <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm" role="status">
          Copy it now: it is not shown again.{" "}
          <code className="block select-all break-all font-mono" data-testid="api-key">
            {shown}
          </code>
        </p>
      ) : null}
      <button
        type="button"
        className={cx(buttonStyles.secondary, "mt-2")}
        disabled={busy}
        onClick={async () => {
          const result = await run<{ key: string }>(
            "POST",
            "/api/partners/api_key/",
            {},
            data.api_key ? "New key made; the old one no longer works." : "API key made.",
          );
          if (result.ok) setShown(result.data.key);
        }}
      >
        {data.api_key ? "Replace key" : "Create key"}
      </button>
    </div>
  );
}

/** The partner portal's link to their own product: webhook, secret, API key, deliveries. */
export function WebhookSettings({ data }: { data: WebhookSettingsData }) {
  return (
    <section aria-labelledby="your-product" className="mt-8">
      <h2 id="your-product" className="text-xl font-bold">
        Your product: licence webhooks
      </h2>
      <div className="mt-3 rounded-2xl bg-white p-4 shadow-card">
        <WebhookForm data={data} />
        <ApiKey data={data} />
      </div>
      <DataTable
        caption="Recent webhook deliveries"
        headers={["Event", "Code", "Sent", "Status", "Attempts", "Answer"]}
        count={data.deliveries.length}
        empty="No deliveries yet: they appear with the next sale, upgrade or refund."
      >
        {data.deliveries.map((d) => (
          <tr key={d.id} data-testid="webhook-delivery">
            <th scope="row" className={cx(cell, "font-semibold")}>
              {d.type}
              <span className="block font-mono text-xs font-normal text-ink-soft">
                {d.event_id}
              </span>
            </th>
            <td className={cx(cell, "whitespace-nowrap font-mono text-xs")}>
              {d.licence_code ?? "—"}
            </td>
            <td className={cell}>{when(d.created)}</td>
            <td className={cell}>
              <span
                className={cx(
                  "rounded-full px-2 py-0.5 text-xs font-bold",
                  STATUS_STYLE[d.status] ?? "",
                )}
              >
                {d.status}
              </span>
            </td>
            <td className={cell}>{d.attempts}</td>
            <td className={cx(cell, "max-w-xs break-words text-xs")}>{answerOf(d)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
