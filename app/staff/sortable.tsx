import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
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
import { type ReactNode, useEffect, useId, useState } from "react";
import { buttonStyles } from "../account/shell";
import { cx } from "../ui/format";

export type OrderedItem = { id: number; label: string; detail?: string };

/** Moves one id a step up (-1) or down (+1); the same list when it is already at that end. */
export function moveBy(ids: number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  return arrayMove(ids, from, to);
}

function Row({
  item,
  index,
  count,
  busy,
  onMove,
  extra,
}: {
  item: OrderedItem;
  index: number;
  count: number;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  extra?: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cx(
        "flex flex-wrap items-center gap-3 rounded-xl border border-black/10 bg-white px-3 py-2",
        isDragging && "relative z-10 shadow-card-hover",
      )}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${item.label}`}
        className="cursor-grab rounded-md px-2 py-1 text-lg leading-none text-ink-soft hover:bg-stone-100"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="w-6 text-right text-sm tabular-nums text-ink-soft">{index + 1}.</span>
      <span className="min-w-0 flex-1">
        <span className="font-semibold">{item.label}</span>
        {item.detail ? <span className="ml-2 text-sm text-ink-soft">{item.detail}</span> : null}
      </span>
      <span className="flex gap-1">
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-label={`Move ${item.label} up`}
          disabled={busy || index === 0}
          onClick={() => onMove(-1)}
        >
          Up
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-label={`Move ${item.label} down`}
          disabled={busy || index === count - 1}
          onClick={() => onMove(1)}
        >
          Down
        </button>
        {extra}
      </span>
    </li>
  );
}

/**
 * An ordered list staff rearrange by dragging (pointer or keyboard: Space, arrows, Space) or
 * with each row's Up and Down buttons; every change is saved at once through `onReorder`
 * (which toasts), and the list goes back to the server's order when the save fails.
 */
export function OrderedList({
  label,
  items,
  onReorder,
  busy = false,
  empty,
  extra,
}: {
  label: string;
  items: OrderedItem[];
  onReorder: (ids: number[]) => Promise<{ ok: boolean }>;
  busy?: boolean;
  empty: string;
  /** More buttons for a row (a remove button). */
  extra?: (item: OrderedItem) => ReactNode;
}) {
  const [ids, setIds] = useState(() => items.map((i) => i.id));
  const serverOrder = items.map((i) => i.id).join(",");
  useEffect(() => setIds(serverOrder ? serverOrder.split(",").map(Number) : []), [serverOrder]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const dndId = useId();
  async function save(next: number[]) {
    if (next.join(",") === ids.join(",")) return;
    const previous = ids;
    setIds(next);
    const result = await onReorder(next);
    if (!result.ok) setIds(previous);
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    save(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  if (ids.length === 0) return <p className="mt-2 text-sm text-ink-soft">{empty}</p>;
  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
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
                    onMove={(step) => save(moveBy(ids, id, step))}
                    extra={extra?.(item)}
                  />,
                ]
              : [];
          })}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
