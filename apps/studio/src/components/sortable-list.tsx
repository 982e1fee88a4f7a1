// A list put in order by dragging (mouse, touch) or from the keyboard: focus an item's handle,
// Space to pick it up, arrows to move it one place a press (Page Up and Down ten, Home and End to
// the ends), Space to drop, Escape to cancel. Dragging is dnd-kit's; the keyboard's moves are
// counted places, not positions measured on the screen, so a long run of presses never loses one.
import { closestCenter, DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';

const announcements = {
  onDragStart: ({ active }: { active: { id: string | number } }) => `Взят элемент ${String(active.id)}.`,
  onDragOver: ({ over }: { over: { id: string | number } | null }) =>
    over === null ? 'Вне списка.' : `Над позицией элемента ${String(over.id)}.`,
  onDragEnd: ({ over }: { over: { id: string | number } | null }) =>
    over === null ? 'Отпущен вне списка.' : `Поставлен на место элемента ${String(over.id)}.`,
  onDragCancel: () => 'Перестановка отменена.',
};

const instructions = {
  draggable:
    'Чтобы переставить, нажмите пробел, двигайте стрелками вверх и вниз (Page Up и Page Down — на десять мест, Home и End — в начало и в конец), снова пробел — поставить, Escape — отменить.',
};

/** How far a key moves a lifted item, from its place `at` in a list of `count`; null: not a move. */
function keyMove(key: string, at: number, count: number): number | null {
  const moves: Record<string, number> = {
    ArrowUp: at - 1,
    ArrowDown: at + 1,
    PageUp: at - 10,
    PageDown: at + 10,
    Home: 0,
    End: count - 1,
  };
  const to = moves[key];
  return to === undefined ? null : Math.max(0, Math.min(count - 1, to));
}

function Item(props: {
  id: number;
  label: string;
  lifted: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onBlur: (event: FocusEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}) {
  const { id, label, children } = props;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className="sortable__item"
      data-dragging={isDragging || props.lifted}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="icon-button sortable__handle"
        aria-label={`Переставить: ${label}`}
        {...attributes}
        {...listeners}
        aria-pressed={props.lifted}
        data-handle={id}
        onKeyDown={props.onKeyDown}
        onBlur={props.onBlur}
      >
        <GripVertical size={18} aria-hidden="true" />
      </button>
      {children}
    </li>
  );
}

interface ListProps<T> {
  items: T[];
  /** An item's name, as its handle (and a removable item's button) says it. */
  label: (item: T) => string;
  render: (item: T) => ReactNode;
  listLabel: string;
}

/** The list with the lifted item at its place: `to`, within the list as it is now. */
function withLifted<T extends { id: number }>(items: T[], lifted: Lifted | null): T[] {
  if (lifted === null) return items;
  const from = items.findIndex((item) => item.id === lifted.id);
  return from < 0 ? items : arrayMove(items, from, Math.min(lifted.to, items.length - 1));
}

/** An item picked up from the keyboard and the place it is carried to. */
interface Lifted {
  id: number;
  to: number;
}

export function SortableList<T extends { id: number }>(props: ListProps<T> & { onReorder: (items: T[]) => void }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  // The list shows a lifted item where it is carried; the new order is the owner's only once it is
  // put down, so a list that saves each order saves one, not one per press.
  const [lifted, setLifted] = useState<Lifted | null>(null);
  /** The lift as last pressed: presses may come faster than renders. */
  const carried = useRef<Lifted | null>(null);
  const [said, setSaid] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const shown = withLifted(props.items, lifted);
  /** The item a keyboard move is being drawn for: its handle is to keep the focus. */
  const moving = useRef<number | null>(null);
  // A moved item's handle keeps the focus, whichever rows the list's re-render moved.
  useLayoutEffect(() => {
    if (moving.current === null) return;
    const id = moving.current;
    moving.current = null;
    const handle = listRef.current?.querySelector<HTMLButtonElement>(`[data-handle="${String(id)}"]`);
    if (handle !== null && handle !== undefined && document.activeElement !== handle) handle.focus();
  });
  const count = String(props.items.length);
  const carry = (next: Lifted | null): void => {
    moving.current = next?.id ?? carried.current?.id ?? null;
    carried.current = next;
    setLifted(next);
  };
  const putDown = (): T[] => {
    const order = withLifted(props.items, carried.current);
    carry(null);
    if (order.some((item, index) => item.id !== props.items[index]?.id)) props.onReorder(order);
    return order;
  };
  const onKeyDown = (item: T) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const name = props.label(item);
    const mine = carried.current?.id === item.id;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (mine) {
        const order = putDown();
        setSaid(`«${name}» поставлено: место ${String(order.indexOf(item) + 1)} из ${count}.`);
      } else {
        const at = props.items.indexOf(item);
        carry({ id: item.id, to: at });
        setSaid(`«${name}» взято: место ${String(at + 1)} из ${count}.`);
      }
      return;
    }
    if (!mine || carried.current === null) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      carry(null);
      setSaid(`Перестановка отменена: «${name}» на прежнем месте.`);
      return;
    }
    const from = carried.current.to;
    const to = keyMove(event.key, from, props.items.length);
    if (to === null) return;
    event.preventDefault();
    if (to === from) return;
    carry({ id: item.id, to });
    setSaid(`«${name}»: место ${String(to + 1)} из ${count}.`);
  };
  const onDragEnd = (event: DragEndEvent): void => {
    const { active, over } = event;
    if (over === null || active.id === over.id) return;
    const from = props.items.findIndex((item) => item.id === active.id);
    const to = props.items.findIndex((item) => item.id === over.id);
    if (from < 0 || to < 0) return;
    props.onReorder(arrayMove(props.items, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={shown.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul ref={listRef} className="sortable" aria-label={props.listLabel}>
          {shown.map((item) => (
            <Item
              key={item.id}
              id={item.id}
              label={props.label(item)}
              lifted={lifted?.id === item.id}
              onKeyDown={onKeyDown(item)}
              onBlur={(event) => {
                // Focus taken elsewhere puts a lifted item down where it is (a re-render's move
                // of the row blurs it with nowhere to go, and is not that).
                if (carried.current?.id === item.id && event.relatedTarget !== null) putDown();
              }}
            >
              {props.render(item)}
            </Item>
          ))}
        </ul>
      </SortableContext>
      <p className="visually-hidden" aria-live="assertive">
        {said}
      </p>
    </DndContext>
  );
}

/** A sortable list of picks, each with a button that takes it out of the list. */
export function RemovableList<T extends { id: number }>(props: ListProps<T> & { onChange: (items: T[]) => void }) {
  const { items, label, onChange } = props;
  return (
    <SortableList
      listLabel={props.listLabel}
      items={items}
      label={label}
      onReorder={onChange}
      render={(item) => (
        <>
          {props.render(item)}
          <button
            type="button"
            className="button button--small"
            aria-label={`Убрать «${label(item)}»`}
            onClick={() => {
              onChange(items.filter((other) => other.id !== item.id));
            }}
          >
            Убрать
          </button>
        </>
      )}
    />
  );
}
