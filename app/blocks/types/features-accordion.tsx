import { useEffect, useRef, useState } from "react";
import {
  ACCORDION_ROTATION_MS,
  accordionMayRotate,
  dataList,
  nextIndex,
} from "../../../domain/blocks";
import { cx } from "../../ui/format";
import type { BlockProps } from "../block-props";
import { BlockSection, blockTitle } from "../shell";

type AccordionItem = { title: string; description?: string; image?: string };

/** Whether the element is on screen (rotation runs only while it is). */
function useVisible<T extends Element>() {
  const ref = useRef<T>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(([entry]) => setVisible(Boolean(entry?.isIntersecting)));
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return [ref, visible] as const;
}

/**
 * Features accordion: one item open at a time; it moves to the next every 8 s while on screen,
 * and a visitor's own choice pauses that for 30 s. Every item works as a native disclosure
 * before hydration.
 */
export function FeaturesAccordionBlock(props: BlockProps) {
  const items = dataList<AccordionItem>(props.block.data, "items").filter((i) => i.title);
  const [open, setOpen] = useState(0);
  const lastManual = useRef<number | null>(null);
  const [ref, visible] = useVisible<HTMLDivElement>();
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => {
      if (accordionMayRotate(Date.now(), lastManual.current, visible && !document.hidden)) {
        setOpen((i) => nextIndex(i, items.length));
      }
    }, ACCORDION_ROTATION_MS);
    return () => clearInterval(timer);
  }, [items.length, visible]);
  if (items.length === 0) return null;
  const current = items[open];
  return (
    <BlockSection props={props} title={blockTitle(props, "Features")}>
      <div ref={ref} className="grid gap-6 md:grid-cols-2">
        <ul className="space-y-2">
          {items.map((item, i) => (
            <li key={item.title}>
              <button
                type="button"
                aria-expanded={i === open}
                onClick={() => {
                  lastManual.current = Date.now();
                  setOpen(i);
                }}
                className={i === open ? "feature-tab-on" : "feature-tab"}
              >
                <span className="font-semibold">{item.title}</span>
                {item.description ? (
                  <span className={cx("mt-1 block text-sm text-ink-soft", i !== open && "hidden")}>
                    {item.description}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        {current?.image ? (
          <img
            src={current.image}
            alt={current.title}
            loading="lazy"
            className="aspect-video w-full self-center rounded-2xl bg-brand-50 object-cover shadow-card"
          />
        ) : null}
      </div>
    </BlockSection>
  );
}
