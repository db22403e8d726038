import { useEffect, useId, useRef, useState } from "react";
import { inputStyles } from "../account/shell";
import { cx } from "../ui/format";
import type { FieldMap } from "./api";

export type PickedDeal = {
  id: number;
  name: string;
  public_name: string;
  slug: string;
  is_draft: boolean;
};

/** How long the picker waits after a keystroke before it asks the server. */
const SEARCH_SETTLE_MS = 200;

/** The first page of deals whose name, public name or slug matches (the staff deals list). */
async function searchDeals(query: string, signal: AbortSignal): Promise<PickedDeal[]> {
  const res = await fetch(`/api/staff/deals/?query=${encodeURIComponent(query)}`, {
    credentials: "same-origin",
    signal,
  });
  if (!res.ok) throw new Error(`deal search failed (${res.status})`);
  return ((await res.json()) as { items: PickedDeal[] }).items;
}

/**
 * Finds a deal by name and hands it to `onPick`: a combobox (ARIA 1.2, list autocomplete) over
 * GET /api/staff/deals/?query=. Arrow keys move through the matches, Enter picks, Escape closes
 * the list (or clears the text); a click picks too. Deals in `exclude` (already chosen) are left
 * out. `errors[name]` (the API's field map) shows under the field.
 */
export function DealPicker({
  label,
  name = "deals",
  exclude = [],
  errors,
  disabled = false,
  hint = "Type part of a deal's name or slug, then pick it from the list.",
  onPick,
}: {
  label: string;
  name?: string;
  exclude?: readonly number[];
  errors?: FieldMap;
  disabled?: boolean;
  hint?: string;
  /** Saves the pick; the text clears when it resolves true. */
  onPick: (deal: PickedDeal) => Promise<boolean>;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<PickedDeal[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const messages = errors?.[name];
  const excluded = exclude.join(",");
  const options = (results ?? []).filter((d) => !exclude.includes(d.id));

  // Ask the server once typing settles; a newer question cancels the older one.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchDeals(text.trim(), controller.signal)
        .then((items) => {
          setResults(items);
          setFailed(false);
          setActive(-1);
        })
        .catch(() => {
          // A cancelled search is superseded by the newer one.
          if (controller.signal.aborted) return;
          setFailed(true);
          setResults([]);
        });
    }, SEARCH_SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [open, text]);

  // The highlighted option stays in range when the list shrinks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new exclusion list shortens the options
  useEffect(() => setActive(-1), [excluded]);

  async function pick(deal: PickedDeal) {
    setOpen(false);
    setActive(-1);
    if (await onPick(deal)) {
      setText("");
      setResults(null);
    }
    inputRef.current?.focus();
  }

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === "Enter") {
      const deal = options[active];
      if (open && deal) {
        e.preventDefault();
        void pick(deal);
      }
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setText("");
    }
  };

  const status = !open
    ? ""
    : results === null
      ? "Searching…"
      : failed
        ? "The search failed; try again."
        : options.length === 0
          ? "No deal matches."
          : `${options.length} deal${options.length === 1 ? "" : "s"} found.`;
  const activeDeal = options[active];
  const describedBy = messages ? `${id}-err` : `${id}-hint`;

  return (
    <div className="relative min-w-[16rem] flex-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && activeDeal ? `${listId}-${activeDeal.id}` : undefined}
        aria-invalid={messages ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className={cx("mt-1", inputStyles(Boolean(messages)))}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={`${label}: matching deals`}
        hidden={!open || options.length === 0}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-black/10 bg-white py-1 shadow-card-hover"
      >
        {options.map((deal, index) => (
          // The keyboard stays in the combobox (aria-activedescendant names the option), as the
          // APG combobox pattern has it: options take no focus and no keys of their own.
          // biome-ignore lint/a11y/useKeyWithClickEvents: Arrow keys and Enter in the combobox pick
          // biome-ignore lint/a11y/useFocusableInteractive: options of an aria-activedescendant combobox
          <div
            key={deal.id}
            id={`${listId}-${deal.id}`}
            role="option"
            aria-selected={index === active}
            // Keep the focus in the field: the click still picks.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void pick(deal)}
            onMouseEnter={() => setActive(index)}
            className={cx(
              "cursor-pointer px-3 py-2 text-sm",
              index === active ? "bg-brand-100 text-ink" : "text-ink",
            )}
          >
            <span className="font-semibold">{deal.public_name}</span>{" "}
            <span className="text-ink-soft">
              #{deal.id} · {deal.slug}
              {deal.is_draft ? " · draft" : ""}
            </span>
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      {messages ? (
        <p id={`${id}-err`} className="mt-1 text-sm text-red-700">
          {messages.join(" ")}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
          {open && status && status !== "Searching…" && options.length === 0 ? status : hint}
        </p>
      )}
    </div>
  );
}
