import { useEffect, useState } from "react";
import type { z } from "zod";
import { EMAIL_INPUT_DEBOUNCE_MS } from "../../domain/constants";

/**
 * An e-mail input's value and its validation error, checked EMAIL_INPUT_DEBOUNCE_MS (500 ms)
 * after typing stops (spec 000 section 9) so the message does not flash on every keystroke.
 * `valid` is immediate, so a submit button can be disabled right away; `error` is the debounced
 * message to show (empty input shows none).
 */
export function useDebouncedEmail(schema: z.ZodType, initial = "") {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const result = schema.safeParse(email);
  const valid = result.success;
  const message = result.success ? null : (result.error.issues[0]?.message ?? null);
  useEffect(() => {
    if (email.trim() === "" || message === null) {
      setError(null);
      return;
    }
    const timer = window.setTimeout(() => setError(message), EMAIL_INPUT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [email, message]);
  return { email, setEmail, valid, error, showError: setError };
}
