import { readCookie } from "../ui/cookies";

export type FieldMap = Record<string, string[]>;
export type ApiResult<T = unknown> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; errors: FieldMap; message: string };

/** One JSON call to the API from the browser, with the CSRF header (double submit). */
export async function callApi<T = unknown>(
  method: "POST" | "PATCH" | "PUT",
  path: string,
  body: unknown = {},
): Promise<ApiResult<T>> {
  const csrf = readCookie(document.cookie, "csrftoken");
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { "content-type": "application/json", ...(csrf ? { "x-csrftoken": csrf } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, errors: {}, message: "The network failed; try again." };
  }
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.ok) return { ok: true, status: res.status, data: json as T };
  // 400s carry a field map ({field: [messages]}); other errors a detail message.
  const errors: FieldMap = {};
  let message = `The request failed (${res.status}).`;
  if (json && typeof json === "object") {
    for (const [k, v] of Object.entries(json)) {
      if (Array.isArray(v) && v.every((m) => typeof m === "string")) errors[k] = v as string[];
    }
    if (typeof json.detail === "string") message = json.detail;
    else if (errors.non_field_errors?.[0]) message = errors.non_field_errors[0];
    else if (Object.keys(errors).length > 0) message = "Please correct the fields below.";
  }
  return { ok: false, status: res.status, errors, message };
}

/** Money in major units, as the API gives it. */
export const money = (n: number | null | undefined, currency = "USD") =>
  n == null
    ? "—"
    : new Intl.NumberFormat("en-US", { style: "currency", currency }).format(Number(n));

export const when = (iso: string | null | undefined) =>
  iso ? `${new Date(iso).toLocaleString("en-US", { timeZone: "UTC" })} UTC` : "—";
