// Enhancements that wait for their element to come near the window (issue 15, Lighthouse TBT).
// Right after hydration every carousel, gallery and read-more box used to start at once: each set
// state in an effect, re-rendered its subtree and read layout, all in one long main-thread task
// (about 600 ms at a phone's 4x CPU on the product page). Started one by one as the shopper nears
// them (or touches them), each is its own short task, and those below the fold cost nothing until
// scrolled to. The server-rendered markup is complete and usable meanwhile.
import { type RefObject, startTransition, useCallback, useEffect, useRef, useState } from "react";

type Waiter = () => void;

/** One IntersectionObserver per margin, shared by every element that waits with that margin. */
const observers = new Map<string, { io: IntersectionObserver; waiters: Map<Element, Waiter> }>();

function observe(el: Element, margin: string, waiter: Waiter): () => void {
  let entry = observers.get(margin);
  if (!entry) {
    const waiters = new Map<Element, Waiter>();
    const io = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          if (!record.isIntersecting) continue;
          const wake = waiters.get(record.target);
          waiters.delete(record.target);
          io.unobserve(record.target);
          wake?.();
        }
      },
      { rootMargin: margin },
    );
    entry = { io, waiters };
    observers.set(margin, entry);
  }
  const { io, waiters } = entry;
  waiters.set(el, waiter);
  io.observe(el);
  return () => {
    waiters.delete(el);
    io.unobserve(el);
  };
}

/**
 * Whether the element behind the returned ref has come within `margin` of the window (once true,
 * it stays true), or was woken early by `wake` (a pointer or focus on it). False on the server and
 * in the hydration render, so the first client render matches the HTML. The switch is a
 * transition: the render it causes is time-sliced, never a long task.
 */
export function useNearViewport<T extends Element>(
  margin = "200px",
): { ref: RefObject<T | null>; near: boolean; wake: () => void } {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  const wake = useCallback(() => startTransition(() => setNear(true)), []);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      wake();
      return;
    }
    return observe(el, margin, wake);
  }, [near, margin, wake]);
  return { ref, near, wake };
}
