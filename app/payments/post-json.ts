import { readCookie } from "../ui/cookies";

export type JsonAnswer = { status: number; body: Record<string, unknown> | null };

export const NETWORK_FAILED = "The network failed; try again.";

/**
 * One JSON POST from the browser to our API, as app/staff/api.ts does it: the session cookie
 * and the CSRF header (double submit), plus any headers the call needs (Idempotency-Key).
 * Status 0 when the request never got an answer.
 */
export async function postJson(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const csrf = readCookie(document.cookie, "csrftoken");
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...(csrf ? { "X-CSRFToken": csrf } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 0, body: null };
  }
  const json = await res.json().catch(() => null);
  return {
    status: res.status,
    body: json && typeof json === "object" && !Array.isArray(json) ? json : null,
  };
}

/** The fields' messages of a 400 (or a 402's payment_method), as {field: [messages]}. */
export function fieldMessages(body: JsonAnswer["body"]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body ?? {})) {
    if (Array.isArray(value)) {
      const messages = value.filter((m): m is string => typeof m === "string");
      if (messages.length) out[field] = messages;
    }
  }
  return out;
}

/** What to tell the buyer about a failed call: its detail, else its first field message. */
export function firstMessage(answer: JsonAnswer, fallback: string): string {
  if (answer.status === 0) return NETWORK_FAILED;
  const detail = answer.body?.detail;
  if (typeof detail === "string" && detail) return detail;
  const fields = fieldMessages(answer.body);
  const first = fields.payment_method?.[0] ?? Object.values(fields)[0]?.[0];
  return first ?? fallback;
}
