import * as Popover from "@radix-ui/react-popover";
import { useMemo, useRef, useState } from "react";
import { BILLING_COUNTRY_DROPDOWN_MAX_HEIGHT_PX } from "../../domain/constants";
import { cx } from "../ui/format";
import { COUNTRIES, countryName } from "./countries";
import { inputStyles } from "./shell";

/**
 * The billing country dropdown (spec 000: its list is at most 200 px high). Before hydration, and
 * without JavaScript, it is a native select (whose popup the browser sizes); once live, a Radix
 * popover with a type-to-filter box and a 200 px scrolling list. Both post `country`.
 */
export function CountrySelect({
  value,
  onChange,
  live,
  invalid,
  describedBy,
}: {
  value: string;
  onChange(code: string): void;
  live: boolean;
  invalid: boolean;
  describedBy?: string;
}) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f
      ? COUNTRIES.filter(
          ([code, name]) => name.toLowerCase().includes(f) || code.toLowerCase() === f,
        )
      : COUNTRIES;
  }, [filter]);

  if (!live) {
    return (
      <select
        id="field-country"
        name="country"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={inputStyles(invalid)}
      >
        <option value="">Select a country</option>
        {COUNTRIES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    );
  }

  const choose = (code: string) => {
    onChange(code);
    setOpen(false);
    setFilter("");
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <input type="hidden" name="country" value={value} />
      <Popover.Trigger asChild>
        <button
          type="button"
          id="field-country"
          aria-haspopup="listbox"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cx(inputStyles(invalid), "flex items-center justify-between text-left")}
        >
          <span className={value ? "" : "text-ink-soft"}>
            {value ? countryName(value) : "Select a country"}
          </span>
          <span aria-hidden="true" className="ml-2 text-ink-soft">
            ▾
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-[var(--radix-popover-trigger-width)] rounded-lg border border-black/10 bg-white p-1.5 shadow-card-hover"
        >
          <input
            aria-label="Filter countries"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                const first = shown[0];
                if (first) choose(first[0]);
              }
              if (e.key === "ArrowDown") {
                e.preventDefault();
                listRef.current?.querySelector<HTMLButtonElement>("[role=option]")?.focus();
              }
            }}
            placeholder="Type to filter"
            className="mb-1 block w-full rounded-md border border-black/10 px-2.5 py-1.5 text-sm outline-none focus:border-brand-500"
          />
          <div
            ref={listRef}
            role="listbox"
            aria-label="Countries"
            style={{ maxHeight: BILLING_COUNTRY_DROPDOWN_MAX_HEIGHT_PX }}
            className="overflow-y-auto"
          >
            {shown.map(([code, name]) => (
              <div key={code}>
                <button
                  type="button"
                  role="option"
                  aria-selected={code === value}
                  onClick={() => choose(code)}
                  className={cx(
                    "block w-full rounded-md px-2.5 py-1.5 text-left text-sm hover:bg-stone-100 focus:bg-stone-100 focus:outline-none",
                    code === value && "font-semibold",
                  )}
                >
                  {name}
                </button>
              </div>
            ))}
            {shown.length === 0 ? (
              <p className="px-2.5 py-1.5 text-sm text-ink-soft">No match</p>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
