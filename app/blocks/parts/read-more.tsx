import { type ReactNode, useEffect, useId, useState } from "react";
import {
  READ_LESS_DEFAULT,
  READ_MORE_DEFAULT,
  readMoreMaxHeight,
  readMoreToggleText,
} from "../../../domain/blocks";
import { useNearViewport } from "../../ui/use-near-viewport";

/**
 * Founder and story read-more (spec 001 "Block behaviours"): text taller than 200 px (under
 * 768 px wide) or 400 px (wider) is cut to that height behind a fade, with a toggle whose text is
 * at most 100 characters. Before JavaScript runs everything shows (nothing is hidden without a way
 * to open it); once mounted, only a box that overflows gets the cut and the toggle. The box is
 * measured when it comes within a screen of the window (measuring reads layout; ten boxes measured
 * right after hydration were a long task), so the cut is made before the shopper reaches it.
 */
export function ReadMore({
  children,
  moreText,
  lessText,
  className,
}: {
  children: ReactNode;
  moreText?: unknown;
  lessText?: unknown;
  className?: string;
}) {
  const { ref, near } = useNearViewport<HTMLDivElement>("100% 0px");
  const id = useId();
  const [maxHeight, setMaxHeight] = useState<number | null>(null);
  const [overflows, setOverflows] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!near || !el) return;
    const measure = () => {
      const max = readMoreMaxHeight(window.innerWidth);
      setMaxHeight(max);
      setOverflows(el.scrollHeight > max + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, ref]);

  const cut = overflows && !open && maxHeight != null;
  return (
    <div className={className} data-read-more={cut ? "collapsed" : open ? "open" : "full"}>
      <div
        ref={ref}
        id={id}
        className="relative overflow-hidden"
        style={cut ? { maxHeight } : undefined}
      >
        {children}
        {cut ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-white to-transparent"
          />
        ) : null}
      </div>
      {overflows ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="mt-2 min-h-11 text-sm font-bold underline underline-offset-4 hover:text-brand-700"
        >
          {open
            ? readMoreToggleText(lessText, READ_LESS_DEFAULT)
            : readMoreToggleText(moreText, READ_MORE_DEFAULT)}
        </button>
      ) : null}
    </div>
  );
}
