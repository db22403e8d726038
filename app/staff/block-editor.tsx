import { useEffect, useId, useRef, useState } from "react";
import { inputStyles } from "../account/shell";
import { cx } from "../ui/format";
import { useToast } from "../ui/toast";
import { callApi, type FieldMap } from "./api";
import {
  blockTypeLabel,
  type FieldSpec,
  fieldsOf,
  fromLocalInput,
  KNOWN_BLOCK_TYPES,
  otherData,
  splitErrors,
  toLocalInput,
} from "./block-fields";
import { OrderedList } from "./sortable";
import { buttonStyles, Confirm } from "./ui";

// The product page's block editor (issue 16): the deal's blocks in page order, added, edited in a
// form, reordered (drag, the keyboard through the drag handle, or the move buttons) and deleted,
// saved in one PUT /api/staff/deals/{id}/blocks/; beside it the product page itself, framed at
// phone and desktop width through the staff preview (drafts included).

type Data = Record<string, unknown>;
export type ApiBlock = { id?: number; type: string; data: Data | null };
/** `savedId`: the stored block it was loaded from, if any (the preview keeps that block's videos). */
type Item = { key: string; savedId?: number; type: string; data: Data };

// List keys (React keys and dnd-kit ids, never in the markup): the loaded blocks by position,
// blocks added later from a counter.
let nextKey = 1;
const toItems = (blocks: readonly ApiBlock[], initial = false): Item[] =>
  blocks.map((b, i) => ({
    key: initial ? `i${i}` : `n${nextKey++}`,
    savedId: b.id,
    type: b.type,
    data: { ...(b.data ?? {}) },
  }));

const blockName = (item: Item, index: number) =>
  `block ${index + 1} (${blockTypeLabel(item.type)})`;

/** A short line that tells blocks of one type apart in the list. */
function summaryOf(data: Data): string {
  for (const k of ["title", "headline", "text", "label", "name", "url"]) {
    const v = data[k];
    if (typeof v === "string" && v.trim()) return v.trim().slice(0, 60);
  }
  return "";
}

export function BlockEditor({
  dealId,
  slug,
  source,
  blocks,
}: {
  dealId: number;
  slug: string;
  source: "deal" | "template";
  blocks: readonly ApiBlock[];
}) {
  const toast = useToast();
  const [items, setItems] = useState<Item[]>(() => toItems(blocks, true));
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [ownBlocks, setOwnBlocks] = useState(source === "deal");
  const [errors, setErrors] = useState<{ byKey: Record<string, FieldMap>; general: string[] }>({
    byKey: {},
    general: [],
  });
  const [announcement, setAnnouncement] = useState("");
  const [newType, setNewType] = useState<string>("hero");

  // Leaving with unsaved changes asks first (the browser's own prompt).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const change = (next: Item[]) => {
    setItems(next);
    setDirty(true);
  };

  /** A new order from the list (drag, keyboard or Up/Down), by key. */
  const reorder = (keys: string[]) => {
    const byKey = new Map(items.map((i) => [i.key, i]));
    change(keys.flatMap((k) => byKey.get(k) ?? []));
    return { ok: true };
  };

  const add = () => {
    const [item] = toItems([{ type: newType, data: {} }]);
    if (!item) return;
    change([...items, item]);
    setSelected(item.key);
    setAnnouncement(`${blockTypeLabel(newType)} added at position ${items.length + 1}.`);
  };

  const remove = (key: string) => {
    const index = items.findIndex((i) => i.key === key);
    const item = items[index];
    change(items.filter((i) => i.key !== key));
    if (selected === key) setSelected(null);
    if (item) setAnnouncement(`${blockTypeLabel(item.type)} deleted. Save to apply.`);
  };

  const updateData = (key: string, data: Data) =>
    change(items.map((i) => (i.key === key ? { ...i, data } : i)));

  async function save() {
    setBusy(true);
    const sent = items;
    const result = await callApi<{ source: "deal"; blocks: ApiBlock[] }>(
      "PUT",
      `/api/staff/deals/${dealId}/blocks/`,
      { blocks: sent.map((i) => ({ type: i.type, data: i.data })) },
    );
    setBusy(false);
    if (result.ok) {
      // The saved blocks under the same keys (a save keeps the order): the open form stays put.
      const fresh = toItems(result.data.blocks).map((b, i) => ({
        ...b,
        key: sent[i]?.key ?? b.key,
      }));
      setItems(fresh);
      setErrors({ byKey: {}, general: [] });
      setDirty(false);
      setOwnBlocks(true);
      toast("Blocks saved.");
    } else {
      setErrors(splitErrors(result.errors, sent));
      toast(result.message, "error");
    }
  }

  const current = items.find((i) => i.key === selected) ?? null;
  const currentIndex = current ? items.indexOf(current) : -1;
  const problems = items.flatMap((item, index) =>
    Object.entries(errors.byKey[item.key] ?? {}).map(
      ([field, messages]) =>
        `${blockName(item, index)}, ${fieldLabel(item.type, field)}: ${messages.join(" ")}`,
    ),
  );

  return (
    <section aria-labelledby="blocks-heading" className="mt-6 rounded-2xl bg-white p-5 shadow-card">
      <h2 id="blocks-heading" className="text-lg font-bold">
        Product page blocks
      </h2>
      <p className="mt-1 text-sm text-ink-soft" data-testid="blocks-source">
        {ownBlocks
          ? "This deal's own blocks, in page order."
          : "The shared product template's blocks that apply to this deal. Saving gives the deal its own blocks."}
      </p>
      <div className="mt-4 grid gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          {problems.length || errors.general.length ? (
            <ul
              role="alert"
              aria-label="Problems with the blocks"
              className="mb-4 space-y-1 rounded-lg bg-red-50 p-3 text-sm text-red-800"
            >
              {[...errors.general, ...problems].map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          <OrderedList
            label="Blocks in page order"
            items={items.map((i) => ({ ...i, id: i.key }))}
            onReorder={reorder}
            empty={null}
            nameOf={blockName}
            content={(item) => (
              <>
                <span className="block text-sm font-semibold">
                  {blockTypeLabel(item.type)}
                  {errors.byKey[item.key] ? (
                    <span className="ml-2 text-red-700">(has problems)</span>
                  ) : null}
                </span>
                {summaryOf(item.data) ? (
                  <span className="block truncate text-xs text-ink-soft">
                    {summaryOf(item.data)}
                  </span>
                ) : null}
              </>
            )}
            rowProps={(item) => ({
              "data-testid": "block-row",
              "data-block-type": item.type,
              className: cx(
                item.key === selected
                  ? "border-brand-500 ring-2 ring-brand-400/40"
                  : "border-black/10",
                errors.byKey[item.key] && "border-red-500",
              ),
            })}
            extra={(item, index) => (
              <>
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  aria-expanded={item.key === selected}
                  aria-label={`Edit ${blockName(item, index)}`}
                  onClick={() => setSelected(item.key === selected ? null : item.key)}
                >
                  Edit
                </button>
                <Confirm
                  trigger="Delete"
                  triggerLabel={`Delete ${blockName(item, index)}`}
                  title="Delete this block?"
                  description={`The ${blockTypeLabel(item.type)} block leaves the page when you save.`}
                  confirm="Delete block"
                  onConfirm={() => remove(item.key)}
                />
              </>
            )}
          />
          {items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-black/20 p-4 text-sm text-ink-soft">
              No blocks: the page shows the deal's own sections only.
            </p>
          ) : null}
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
          <div className="mt-4 flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor="new-block-type" className="block text-sm font-semibold">
                Block type
              </label>
              <select
                id="new-block-type"
                value={newType}
                onChange={(e) => setNewType(e.target.value)}
                className={cx("mt-1", inputStyles(false))}
              >
                {KNOWN_BLOCK_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {blockTypeLabel(t)}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className={buttonStyles.secondary} onClick={add}>
              Add block
            </button>
            {items.length > 0 ? (
              <Confirm
                trigger="Remove all"
                triggerLabel="Remove all blocks"
                title="Remove every block?"
                description="Start this page from scratch. Nothing changes on the page until you save."
                confirm="Remove all blocks"
                onConfirm={() => {
                  change([]);
                  setSelected(null);
                  setAnnouncement("All blocks removed. Save to apply.");
                }}
              />
            ) : null}
          </div>
          {current ? (
            <BlockForm
              key={current.key}
              item={current}
              index={currentIndex}
              errors={errors.byKey[current.key]}
              onChange={(data) => updateData(current.key, data)}
              onClose={() => setSelected(null)}
            />
          ) : null}
          <div className="mt-5 flex items-center gap-3">
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={busy}
              onClick={() => void save()}
            >
              Save blocks
            </button>
            <span className="text-sm text-ink-soft" data-testid="blocks-dirty">
              {dirty ? "Unsaved changes (the preview shows them)." : "All changes saved."}
            </span>
          </div>
        </div>
        <Preview
          slug={slug}
          blocks={items.map((i) => ({ id: i.savedId, type: i.type, data: i.data }))}
        />
      </div>
    </section>
  );
}

function fieldLabel(type: string, field: string): string {
  if (field === "type") return "Type";
  const key = field.replace(/^data\./, "");
  return fieldsOf(type).find((f) => f.key === key)?.label ?? key;
}

function BlockForm({
  item,
  index,
  errors,
  onChange,
  onClose,
}: {
  item: Item;
  index: number;
  errors?: FieldMap;
  onChange: (data: Data) => void;
  onClose: () => void;
}) {
  const fields = fieldsOf(item.type);
  const [json, setJson] = useState(() => JSON.stringify(otherData(item.type, item.data), null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const jsonId = useId();
  useEffect(() => headingRef.current?.focus(), []);

  const setField = (spec: FieldSpec, raw: string) => {
    const data = { ...item.data };
    const value =
      spec.kind === "number"
        ? raw === ""
          ? ""
          : Number(raw)
        : spec.kind === "datetime"
          ? fromLocalInput(raw)
          : raw;
    if (value === "") delete data[spec.key];
    else data[spec.key] = value;
    onChange(data);
  };

  const setOther = (text: string) => {
    setJson(text);
    let parsed: unknown;
    try {
      parsed = text.trim() ? JSON.parse(text) : {};
    } catch {
      setJsonError('Enter a JSON object, such as {"items": []}.');
      return;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      setJsonError('Enter a JSON object, such as {"items": []}.');
      return;
    }
    setJsonError(null);
    const own = Object.fromEntries(
      Object.entries(item.data).filter(([k]) => fields.some((f) => f.key === k)),
    );
    onChange({ ...(parsed as Data), ...own });
  };

  const otherErrors = Object.entries(errors ?? {})
    .filter(([k]) => k !== "type" && !fields.some((f) => `data.${f.key}` === k))
    .flatMap(([, m]) => m);

  return (
    <fieldset
      className="mt-5 rounded-xl border border-black/10 p-4"
      aria-labelledby="block-form-heading"
    >
      <h3 id="block-form-heading" ref={headingRef} tabIndex={-1} className="font-bold outline-none">
        Edit block {index + 1}: {blockTypeLabel(item.type)}
      </h3>
      {errors?.type ? <p className="mt-1 text-sm text-red-700">{errors.type.join(" ")}</p> : null}
      <div className="mt-3 grid gap-3">
        {fields.map((spec) => (
          <BlockInput
            key={spec.key}
            spec={spec}
            value={item.data[spec.key]}
            messages={errors?.[`data.${spec.key}`]}
            onChange={(raw) => setField(spec, raw)}
          />
        ))}
        <div>
          <label htmlFor={jsonId} className="block text-sm font-semibold">
            Other data (JSON)
          </label>
          <textarea
            id={jsonId}
            rows={5}
            value={json}
            spellCheck={false}
            onChange={(e) => setOther(e.target.value)}
            aria-invalid={jsonError || otherErrors.length ? true : undefined}
            aria-describedby={`${jsonId}-hint`}
            className={cx("mt-1 font-mono", inputStyles(Boolean(jsonError || otherErrors.length)))}
          />
          <p id={`${jsonId}-hint`} className="mt-1 text-xs text-ink-soft">
            {jsonError ??
              (otherErrors.length
                ? otherErrors.join(" ")
                : "Lists and settings without a field above (items, faqs, use_cases...).")}
          </p>
        </div>
      </div>
      <button type="button" className={cx(buttonStyles.secondary, "mt-4")} onClick={onClose}>
        Done
      </button>
    </fieldset>
  );
}

function BlockInput({
  spec,
  value,
  messages,
  onChange,
}: {
  spec: FieldSpec;
  value: unknown;
  messages?: string[];
  onChange: (raw: string) => void;
}) {
  const id = useId();
  const shown =
    spec.kind === "datetime"
      ? toLocalInput(value)
      : typeof value === "string" || typeof value === "number"
        ? String(value)
        : "";
  const common = {
    id,
    value: shown,
    "aria-invalid": messages ? true : undefined,
    "aria-describedby": messages ? `${id}-err` : undefined,
    className: cx("mt-1", inputStyles(Boolean(messages))),
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {spec.label}
      </label>
      {spec.kind === "textarea" ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : spec.kind === "select" ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          <option value="">Default</option>
          {(spec.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={
            spec.kind === "datetime"
              ? "datetime-local"
              : spec.kind === "number"
                ? "number"
                : spec.kind === "url"
                  ? "text"
                  : "text"
          }
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {messages ? (
        <p id={`${id}-err`} className="mt-1 text-sm text-red-700">
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

const WIDTHS = {
  phone: { label: "Phone (390 px)", width: 390, height: 844 },
  desktop: { label: "Desktop (1440 px)", width: 1440, height: 1600 },
} as const;
type Width = keyof typeof WIDTHS;

/** How long the preview waits after the last keystroke before it renders the page again. */
const PREVIEW_SETTLE_MS = 350;

/**
 * The product page framed at a real phone or desktop width, scaled down to fit the column, with
 * the blocks being edited: they are posted (unsaved) to the page, which renders them for staff
 * only and keeps nothing (app/blocks/edited-preview.server.ts). Drafts show too;
 * ?preview_start_date= shifts its time.
 */
function Preview({ slug, blocks }: { slug: string; blocks: ApiBlock[] }) {
  const [width, setWidth] = useState<Width>("phone");
  const [at, setAt] = useState("");
  const [reloads, setReloads] = useState(0);
  const [box, setBox] = useState(0);
  // The framed page loads once the preview comes into view (a whole product page per frame).
  const [inView, setInView] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const atId = useId();
  const frameName = `block-preview-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const payload = JSON.stringify({ blocks });
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setBox(entry?.contentRect.width ?? 0));
    observer.observe(el);
    const seen = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setInView(true);
          seen.disconnect();
        }
      },
      { rootMargin: "0px" },
    );
    seen.observe(el);
    return () => {
      observer.disconnect();
      seen.disconnect();
    };
  }, []);
  const size = WIDTHS[width];
  const scale = box > 0 ? Math.min(1, box / size.width) : 1;
  const query = at ? `?preview_start_date=${encodeURIComponent(fromLocalInput(at))}` : "";
  // A new width, moment or reload renders at once; typing settles first.
  const frameKey = `${width}-${reloads}-${query}`;
  const lastKey = useRef("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: payload and frameKey are what re-render the frame
  useEffect(() => {
    if (!inView) return;
    const immediate = lastKey.current !== frameKey;
    lastKey.current = frameKey;
    const timer = window.setTimeout(
      () => formRef.current?.submit(),
      immediate ? 0 : PREVIEW_SETTLE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [inView, payload, frameKey]);
  return (
    // Sticky beside the list and the form, so the page stays in view while a block is edited.
    <section aria-labelledby="preview-heading" className="min-w-0 self-start xl:sticky xl:top-20">
      <h3 id="preview-heading" className="font-bold">
        Live preview
      </h3>
      <p className="text-xs text-ink-soft">
        The page with the blocks as edited here, saved or not. Only staff can see it.
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <fieldset className="flex gap-1">
          <legend className="sr-only">Preview width</legend>
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
              className={cx(
                "rounded-full px-3 py-1.5 text-sm font-semibold",
                width === w ? "bg-ink text-white" : "bg-stone-100 text-ink hover:bg-stone-200",
              )}
            >
              {WIDTHS[w].label}
            </button>
          ))}
        </fieldset>
        <div>
          <label htmlFor={atId} className="block text-xs font-semibold">
            Preview at (UTC)
          </label>
          <input
            id={atId}
            type="datetime-local"
            value={at}
            onChange={(e) => setAt(e.target.value)}
            className="mt-1 rounded-lg border border-black/15 px-2 py-1 text-sm"
          />
        </div>
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => setReloads((n) => n + 1)}
        >
          Reload preview
        </button>
        <a
          href={`/products/${slug}/${query}`}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-semibold text-brand-700 underline"
        >
          Open the saved page
        </a>
      </div>
      {/* The unsaved blocks go to the framed page as a form post (the page's staff preview). */}
      <form
        ref={formRef}
        hidden
        method="post"
        action={`/products/${slug}/${query}`}
        target={frameName}
      >
        <input type="hidden" name="blocks" value={payload} />
      </form>
      <div ref={boxRef} className="mt-3 w-full">
        <div
          className="overflow-hidden rounded-xl border border-black/10 bg-stone-50"
          style={{ width: size.width * scale, height: size.height * scale }}
        >
          {inView ? (
            <iframe
              key={frameKey}
              name={frameName}
              title={`Product page preview, ${size.label}`}
              data-testid="block-preview"
              data-width={size.width}
              width={size.width}
              height={size.height}
              style={{ transform: `scale(${scale})`, transformOrigin: "top left" }}
              className="block border-0 bg-white"
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
