// A list put in order by dragging (mouse, touch) or from the keyboard: focus an item's handle,
// Space to pick it up, arrows to move it one place a press (Page Up and Down ten, Home and End to
// the ends), Space to drop, Escape to cancel. Dragging is dnd-kit's; the keyboard's moves are
// counted places, not positions measured on the screen, so a long run of presses never loses one.
// A long list (a day of 300 programmes) is virtualised: only the rows near the screen are drawn,
// each at its place; the lifted or dragged row is always drawn, so it keeps the focus wherever it
// is carried, and the page scrolls to keep it in view.
import { closestCenter, DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { GripVertical } from 'lucide-react';
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

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

/** Where a virtualised list draws a row: its index, the list's length, its top within the list,
 * and the measuring of its height. */
interface Place {
  index: number;
  count: number;
  top: number;
  measure: (node: Element | null) => void;
}

function Item(props: {
  id: number;
  label: string;
  lifted: boolean;
  place: Place | null;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onBlur: (event: FocusEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}) {
  const { id, label, children, place } = props;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const measure = place?.measure;
  const ref = useCallback(
    (node: HTMLLIElement | null) => {
      setNodeRef(node);
      measure?.(node);
    },
    [setNodeRef, measure],
  );
  const drawn: CSSProperties = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={ref}
      className="sortable__item"
      data-dragging={isDragging || props.lifted}
      style={place === null ? drawn : { ...drawn, position: 'absolute', left: 0, right: 0, top: place.top }}
      {...(place === null
        ? {}
        : { 'data-index': place.index, 'aria-posinset': place.index + 1, 'aria-setsize': place.count })}
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
  /** Draw only the rows near the screen (the page is what scrolls). */
  virtual?: boolean;
}

/** A row's height before it is measured: more than a day's item with its marks takes, so rows
 * not measured yet leave a gap rather than overlap (text under another row is text a checker, or
 * a reader, cannot see). */
const estimatedRow = 140;

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
  const [dragged, setDragged] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = withLifted(props.items, lifted);
  /** The item a keyboard move is being drawn for: its handle is to keep the focus. */
  const moving = useRef<number | null>(null);
  const virtual = props.virtual === true;
  /** The list's top on the page and the space between its rows, as laid out: read again whenever
   * the page's height changes (what is above the list grows or shrinks without drawing it anew). */
  const [frame, setFrame] = useState({ top: 0, gap: 0 });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!virtual || list === null) return;
    const read = (): void => {
      const top = list.getBoundingClientRect().top + window.scrollY;
      const gap = Number.parseFloat(getComputedStyle(list).rowGap) || 0;
      setFrame((was) => (was.top === top && was.gap === gap ? was : { top, gap }));
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(document.body);
    return () => {
      observer.disconnect();
    };
  }, [virtual]);
  const keep = [lifted?.id, dragged].flatMap((id) =>
    id === undefined || id === null ? [] : [shown.findIndex((item) => item.id === id)],
  );
  const rows = useWindowVirtualizer({
    enabled: virtual,
    count: shown.length,
    estimateSize: () => estimatedRow,
    gap: frame.gap,
    overscan: 8,
    scrollMargin: frame.top,
    getItemKey: (index) => shown[index]?.id ?? index,
    rangeExtractor: (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const index of keep) if (index >= 0) indexes.add(index);
      return [...indexes].sort((a, b) => a - b);
    },
  });
  // A moved item's handle keeps the focus, whichever rows the list's re-render moved, and stays
  // in view.
  useLayoutEffect(() => {
    if (moving.current === null) return;
    const id = moving.current;
    moving.current = null;
    if (virtual) {
      const index = shown.findIndex((item) => item.id === id);
      if (index >= 0) rows.scrollToIndex(index, { align: 'auto' });
    }
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
    setDragged(null);
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
      onDragStart={(event) => {
        setDragged(Number(event.active.id));
      }}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragged(null);
      }}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={shown.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul
          ref={listRef}
          className="sortable"
          aria-label={props.listLabel}
          style={virtual ? { display: 'block', position: 'relative', height: rows.getTotalSize() } : undefined}
        >
          {drawnRows(shown, virtual ? rows.getVirtualItems() : null).map(({ item, index, start }) => (
            <Item
              key={item.id}
              id={item.id}
              label={props.label(item)}
              lifted={lifted?.id === item.id}
              place={
                start === null
                  ? null
                  : { index, count: shown.length, top: start - frame.top, measure: rows.measureElement }
              }
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

/** The rows to draw: every one, or the virtualiser's (each with its start on the page). */
function drawnRows<T>(
  items: T[],
  virtualRows: { index: number; start: number }[] | null,
): { item: T; index: number; start: number | null }[] {
  if (virtualRows === null) return items.map((item, index) => ({ item, index, start: null }));
  return virtualRows.flatMap(({ index, start }) => {
    const item = items[index];
    return item === undefined ? [] : [{ item, index, start }];
  });
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
