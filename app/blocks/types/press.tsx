import { useEffect, useState } from "react";
import { dataList, dataNumber, nextIndex } from "../../../domain/blocks";
import { PRESS_ROTATION_MS } from "../../../domain/constants";
import { cx } from "../../ui/format";
import type { BlockProps } from "../block-props";
import { BlockSection, blockTitle } from "../shell";

type PressItem = { quote: string; source: string; logo?: string; url?: string };

/** Press: quotes from the press, rotating every 10 s (json_data.rotation_ms overrides). */
export function PressBlock(props: BlockProps) {
  const items = dataList<PressItem>(props.block.data, "items").filter((i) => i.quote && i.source);
  const rotation = dataNumber(props.block.data, "rotation_ms") ?? PRESS_ROTATION_MS;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (items.length < 2 || paused) return;
    const t = setInterval(() => setIndex((i) => nextIndex(i, items.length)), rotation);
    return () => clearInterval(t);
  }, [items.length, rotation, paused]);
  if (items.length === 0) return null;
  const current = items[index] ?? items[0];
  if (!current) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "In the press")}>
      <div
        className="rounded-3xl bg-white p-6 text-center shadow-card"
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
      >
        <blockquote aria-live="polite" className="text-xl font-semibold leading-snug">
          “{current.quote}”
        </blockquote>
        <p className="mt-3 text-sm font-bold uppercase tracking-wide text-ink-soft">
          {current.source}
        </p>
        {items.length > 1 ? (
          <ul className="mt-5 flex flex-wrap items-center justify-center gap-3">
            {items.map((p, i) => (
              <li key={p.source}>
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-pressed={i === index}
                  className={cx(
                    "rounded-full px-3 py-1 text-sm font-semibold",
                    i === index
                      ? "bg-ink text-white"
                      : "bg-stone-100 text-ink-soft hover:bg-stone-200",
                  )}
                >
                  {p.logo ? (
                    <img src={p.logo} alt={p.source} loading="lazy" className="h-5" />
                  ) : (
                    p.source
                  )}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </BlockSection>
  );
}
