import { useEffect, useState } from "react";
import { EMAIL_INPUT_DEBOUNCE_MS } from "../../domain/constants";
import { isValidEmail } from "../../domain/email";

/**
 * An e-mail input's value and its validation error, checked EMAIL_INPUT_DEBOUNCE_MS (500 ms)
 * after typing stops (spec 000 section 9) so the message does not flash on every keystroke.
 * `valid` is immediate, so a submit button can be disabled right away; `error` is the debounced
 * message to show (empty input shows none). The check is domain/email.ts's isValidEmail, the rule
 * the server's zod schemas use, so zod stays out of the browser bundle.
 */
export function useDebouncedEmail(invalidMessage: string, initial = "") {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const valid = isValidEmail(email);
  const message = valid ? null : invalidMessage;
  useEffect(() => {
    if (email.trim() === "" || message === null) {
      setError(null);
      return;
    }
    const timer = window.setTimeout(() => setError(message), EMAIL_INPUT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [email, message]);
  /**
   * For a form's onSubmit: stops the browser's own post and, when the address is invalid, shows
   * the message at once (no debounce) and answers false.
   */
  const readyToSubmit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!valid) setError(invalidMessage);
    return valid;
  };
  return { email, setEmail, valid, error, showError: setError, readyToSubmit };
}
