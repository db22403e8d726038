import { useEffect, useRef, useState } from "react";
import { activeSection, sectionNavShown } from "../../domain/blocks";
import { onDebouncedScroll } from "../ui/debounced-scroll";
import { cx } from "../ui/format";

/**
 * A tab: its section's id (the link), and other boxes that are the same section while that one is
 * shown (`also`: the purchase panel is Pricing too; the community section's head is whichever of
 * its tabs is open).
 */
export type NavSection = { id: string; label: string; also?: readonly string[] };

/**
 * Sticky section navigation (phones and small tablets): past 200 px of scrolling it slides in over
 * the site header with
 * links to the page's sections, the current one marked; scroll handling is debounced by 10 ms.
 * The links are plain hashes, so the page's own anchor scrolling (68 px offset, community tabs)
 * does the rest.
 */
export function SectionNav({ sections }: { sections: NavSection[] }) {
  const [shown, setShown] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  // Only sections the page really has (a block with nothing to show leaves no anchor).
  const [present, setPresent] = useState<NavSection[]>(sections);
  useEffect(() => {
    const found = sections.filter((s) => document.getElementById(s.id));
    // Usually every section is there: keep the same list, and no re-render after hydration.
    if (found.length !== sections.length) setPresent(found);
  }, [sections]);
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const update = () => {
      setShown(sectionNavShown(window.scrollY));
      // Wide screens do not show the tabs (md:hidden): nothing to mark.
      if (nav.current && nav.current.getClientRects().length === 0) return;
      const boxOf = (id: string) => {
        const el = document.getElementById(id);
        // A hidden tab panel has no box.
        return el && el.getClientRects().length > 0 ? el.getBoundingClientRect() : null;
      };
      const boxes = sections.flatMap((s) => {
        if (!boxOf(s.id)) return [];
        return [s.id, ...(s.also ?? [])].flatMap((id) => {
          const box = boxOf(id);
          return box ? [{ id: s.id, top: box.top, bottom: box.bottom }] : [];
        });
      });
      setActive(activeSection(boxes));
    };
    // At the top of the page the tabs are hidden and nothing needs marking: no layout is read
    // until the shopper scrolls (reading it right after hydration forced a full layout).
    return onDebouncedScroll(update, window.scrollY > 0);
  }, [sections]);
  if (present.length < 2) return null;
  return (
    <nav
      ref={nav}
      aria-label="Sections"
      data-testid="section-nav"
      className={cx(
        // From md up the buy bar owns the top of the window; the sections are one scroll away.
        "fixed inset-x-0 top-0 z-30 border-b border-black/5 bg-white/95 backdrop-blur transition-transform duration-200 md:hidden",
        // One sticky layer at a time: the tabs show only while the header is away (scrolling
        // down, app/ui/use-phone-top-layer), never over it.
        shown
          ? "invisible -translate-y-full in-data-[phone-top=sections]:visible in-data-[phone-top=sections]:translate-y-0"
          : "invisible -translate-y-full",
      )}
    >
      <ol className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-2 [scrollbar-width:none] sm:px-6">
        {present.map((s) => (
          <li key={s.id} className="shrink-0">
            <a
              href={`#${s.id}`}
              aria-current={active === s.id ? "location" : undefined}
              className={active === s.id ? "section-link-on" : "section-link"}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
