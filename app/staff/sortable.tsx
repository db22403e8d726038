import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { buttonStyles } from "../account/shell";
import { cx } from "../ui/format";

export type OrderedItem = { id: number; label: string; detail?: string };
type Id = UniqueIdentifier;

/** Moves one id a step up (-1) or down (+1); the same list when it is already at that end. */
export function moveBy<T extends Id>(ids: T[], id: T, step: -1 | 1): T[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  return arrayMove(ids, from, to);
}

/** A row's <li>: its classes and data attributes (test hooks, a selected or invalid look). */
export type RowProps = { className?: string } & { [data: `data-${string}`]: string | undefined };

type RowParts<T> = {
  /** The row's name in its buttons and announcements: "Drag {name}", "Move {name} up". */
  nameOf: (item: T, index: number) => string;
  /** What the row shows between its number and its Up/Down buttons. */
  content: (item: T, index: number) => ReactNode;
  /** More buttons after Up and Down (edit, remove). */
  extra?: (item: T, index: number) => ReactNode;
  rowProps?: (item: T, index: number) => RowProps;
};

function Row<T extends { id: Id }>({
  item,
  index,
  count,
  busy,
  onMove,
  parts,
}: {
  item: T;
  index: number;
  count: number;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  parts: RowParts<T>;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  const name = parts.nameOf(item, index);
  const { className, ...data } = parts.rowProps?.(item, index) ?? {};
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  return (
    <li
      ref={setNodeRef}
      {...data}
      data-dragging={isDragging ? "true" : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cx(
        "flex flex-wrap items-center gap-3 rounded-xl border bg-white px-3 py-2",
        className ?? "border-black/10",
        isDragging && "relative z-10 shadow-card-hover",
      )}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${name}`}
        className="cursor-grab touch-none rounded-md px-2 py-1 text-lg leading-none text-ink-soft hover:bg-stone-100"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="w-6 text-right text-sm tabular-nums text-ink-soft">{index + 1}.</span>
      <span className="min-w-[7rem] flex-1">{parts.content(item, index)}</span>
      <span className="flex flex-wrap gap-1">
        <button
          ref={upRef}
          type="button"
          className={buttonStyles.secondary}
          aria-label={`Move ${name} up`}
          disabled={busy || index === 0}
          onClick={() => {
            onMove(-1);
            // At the top the button turns off: keep the keyboard on the row.
            if (index - 1 === 0) requestAnimationFrame(() => downRef.current?.focus());
          }}
        >
          Up
        </button>
        <button
          ref={downRef}
          type="button"
          className={buttonStyles.secondary}
          aria-label={`Move ${name} down`}
          disabled={busy || index === count - 1}
          onClick={() => {
            onMove(1);
            if (index + 1 === count - 1) requestAnimationFrame(() => upRef.current?.focus());
          }}
        >
          Down
        </button>
        {parts.extra?.(item, index)}
      </span>
    </li>
  );
}

const labelOf = (item: { id: Id }) =>
  "label" in item && typeof item.label === "string" ? item.label : `#${item.id}`;

/** The label in bold and the detail beside it: the default row content. */
function defaultContent(item: { id: Id }) {
  const detail = "detail" in item && typeof item.detail === "string" ? item.detail : "";
  return (
    <>
      <span className="font-semibold">{labelOf(item)}</span>
      {detail ? <span className="ml-2 text-sm text-ink-soft">{detail}</span> : null}
    </>
  );
}

/**
 * An ordered list staff rearrange by dragging (pointer or keyboard: Space, arrows, Space) or
 * with each row's Up and Down buttons; each new order goes to `onReorder`. Lists saved at once
 * (collections, pages) return the save's result: the list goes back to the order it had when the
 * save fails. A list edited in memory (the block editor) just takes the new order. Rows show the
 * item's label and detail unless `content` draws them; moves are announced by the row's name.
 */
export function OrderedList<T extends { id: Id } = OrderedItem>({
  label,
  items,
  onReorder,
  busy = false,
  empty,
  nameOf = labelOf,
  content = defaultContent,
  extra,
  rowProps,
}: {
  label: string;
  items: T[];
  onReorder: (ids: T["id"][]) => Promise<{ ok: boolean }> | { ok: boolean };
  busy?: boolean;
  empty: ReactNode;
  nameOf?: (item: T, index: number) => string;
  content?: (item: T, index: number) => ReactNode;
  extra?: (item: T, index: number) => ReactNode;
  rowProps?: (item: T, index: number) => RowProps;
}) {
  const [ids, setIds] = useState<T["id"][]>(() => items.map((i) => i.id));
  const [announcement, setAnnouncement] = useState("");
  // The order as given: a new one (a save, an add, a remove) replaces what is shown.
  const givenOrder = items.map((i) => String(i.id)).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the order's text stands for the items
  useEffect(() => setIds(items.map((i) => i.id)), [givenOrder]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const dndId = useId();
  const parts: RowParts<T> = { nameOf, content, extra, rowProps };
  const nameAt = (id: Id) => {
    const item = byId.get(id as T["id"]);
    return item ? nameOf(item, ids.indexOf(item.id)) : "the item";
  };
  const positionOf = (id: Id) => ids.indexOf(id as T["id"]) + 1;

  async function save(next: T["id"][]) {
    if (next.join(",") === ids.join(",")) return;
    const previous = ids;
    setIds(next);
    const result = await onReorder(next);
    if (!result.ok) setIds(previous);
  }
  const move = (id: T["id"], step: -1 | 1) => {
    const next = moveBy(ids, id, step);
    setAnnouncement(`${nameAt(id)} moved to position ${next.indexOf(id) + 1} of ${ids.length}.`);
    void save(next);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    void save(arrayMove(ids, ids.indexOf(active.id as T["id"]), ids.indexOf(over.id as T["id"])));
  };
  if (ids.length === 0) return <p className="mt-2 text-sm text-ink-soft">{empty}</p>;
  return (
    <>
      <DndContext
        id={dndId}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${nameAt(active.id)}.`,
            onDragOver: ({ active, over }) =>
              over ? `${nameAt(active.id)} is over position ${positionOf(over.id)}.` : "",
            onDragEnd: ({ active, over }) =>
              over
                ? `${nameAt(active.id)} dropped at position ${positionOf(over.id)}.`
                : `${nameAt(active.id)} dropped.`,
            onDragCancel: ({ active }) => `Moving ${nameAt(active.id)} was cancelled.`,
          },
          screenReaderInstructions: {
            draggable:
              "To move an item, press Space, move it with the arrow keys and press Space again; Escape cancels. The Up and Down buttons move it one place.",
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol aria-label={label} className="mt-3 space-y-2">
            {ids.flatMap((id, index) => {
              const item = byId.get(id);
              return item
                ? [
                    <Row
                      key={id}
                      item={item}
                      index={index}
                      count={ids.length}
                      busy={busy}
                      onMove={(step) => move(id, step)}
                      parts={parts}
                    />,
                  ]
                : [];
            })}
          </ol>
        </SortableContext>
      </DndContext>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
