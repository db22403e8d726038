import { type ReactNode, useState } from "react";
import { marqueeTrack } from "../../domain/blocks";
import { cx } from "./format";

/**
 * A marquee (spec 001: repeat 4, 40 s a loop, 60 s for testimonials): one row scrolling sideways
 * forever. The items are drawn 4 times; only the first copy is read by screen readers and reached
 * by Tab. It pauses on hover and focus, has a pause button (WCAG 2.2.2), and stands still with
 * reduced motion, where the row scrolls by hand instead.
 */
export function Marquee<T>({
  items,
  itemKey,
  renderItem,
  label,
  kind = "default",
  itemClassName,
  dark = false,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
  kind?: "default" | "testimonials";
  itemClassName?: string;
  dark?: boolean;
}) {
  const [paused, setPaused] = useState(false);
  const { copies, durationS } = marqueeTrack(kind);
  if (items.length === 0) return null;
  return (
    <div
      className="marquee relative"
      data-paused={paused}
      data-marquee-copies={copies}
      data-marquee-duration={durationS}
    >
      <div className="overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_3%,black_97%,transparent)] motion-reduce:overflow-x-auto">
        <div
          className="marquee-track flex w-max"
          style={{ "--marquee-duration": `${durationS}s` } as React.CSSProperties}
        >
          {Array.from({ length: copies }, (_, copy) => (
            <ul
              // biome-ignore lint/suspicious/noArrayIndexKey: the copies are identical and fixed
              key={copy}
              aria-label={copy === 0 ? label : undefined}
              aria-hidden={copy === 0 ? undefined : true}
              inert={copy === 0 ? undefined : true}
              className="flex shrink-0 gap-4 pr-4"
            >
              {items.map((item) => (
                <li key={itemKey(item)} className={cx("shrink-0", itemClassName)}>
                  {renderItem(item)}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
      <button
        type="button"
        onClick={() => setPaused((p) => !p)}
        aria-pressed={paused}
        className={cx(
          "mt-3 mr-4 ml-auto block min-h-8 rounded-full px-3 py-1 text-xs font-semibold motion-reduce:hidden",
          dark ? "bg-white/10 text-white hover:bg-white/20" : "bg-stone-100 hover:bg-stone-200",
        )}
      >
        {paused ? "Play" : "Pause"} <span className="sr-only">{label}</span>
      </button>
    </div>
  );
}
