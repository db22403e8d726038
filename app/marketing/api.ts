import { readCookie } from "../ui/cookies";

/** A same-origin JSON call with the CSRF header (double submit) the API expects. */
export function postJson(path: string, body: unknown): Promise<Response> {
  const csrf = readCookie(document.cookie, "csrftoken");
  return fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", ...(csrf ? { "x-csrftoken": csrf } : {}) },
    body: JSON.stringify(body),
  });
}
