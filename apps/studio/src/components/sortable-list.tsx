// A list put in order by dragging (mouse, touch) or from the keyboard: focus an item's handle,
// Space to pick it up, arrows to move it, Space to drop, Escape to cancel (dnd-kit's sensors and
// announcements, in Russian).
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';

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
    'Чтобы переставить, нажмите пробел, двигайте стрелками вверх и вниз, снова пробел — поставить, Escape — отменить.',
};

function Item({ id, label, children }: { id: number; label: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className="sortable__item"
      data-dragging={isDragging}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="icon-button sortable__handle"
        aria-label={`Переставить: ${label}`}
        {...attributes}
        {...listeners}
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

export function SortableList<T extends { id: number }>(props: ListProps<T> & { onReorder: (items: T[]) => void }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
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
      <SortableContext items={props.items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul className="sortable" aria-label={props.listLabel}>
          {props.items.map((item) => (
            <Item key={item.id} id={item.id} label={props.label(item)}>
              {props.render(item)}
            </Item>
          ))}
        </ul>
      </SortableContext>
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
