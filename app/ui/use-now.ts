import { startTransition, useEffect, useState } from "react";
import { COUNTDOWN_TICK_MS } from "../../domain/constants";

/**
 * "Now", starting at the server's render time (so the first client render matches the HTML) and
 * ticking each second once hydrated. Pass active=false to stop ticking (a clock at zero).
 */
export function useNow(initial: Date | string, active = true): Date {
  const [now, setNow] = useState(() => new Date(initial));
  useEffect(() => {
    if (!active) return;
    // Catching up from the server's time is not urgent: a transition, time-sliced, so the many
    // clocks of a page do not add one long render right after hydration.
    startTransition(() => setNow(new Date()));
    const timer = setInterval(() => setNow(new Date()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
