// An ordered list's row actions: change it (a dialog) and remove it (after a confirmation), each
// button named with the item for screen readers.
import { Pencil, Trash2 } from 'lucide-react';

export function ItemActions(props: {
  /** The item as the buttons name it: «Название», or «опрос «Вопрос»». */
  name: string;
  /** The change's word: «Изменить» unless said. */
  edit?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const edit = props.edit ?? 'Изменить';
  return (
    <div className="row">
      <button
        type="button"
        className="button button--small"
        aria-label={`${edit} ${props.name}`}
        onClick={props.onEdit}
      >
        <Pencil size={14} aria-hidden="true" />
        {edit}
      </button>
      <button
        type="button"
        className="button button--small"
        aria-label={`Удалить ${props.name}`}
        onClick={props.onDelete}
      >
        <Trash2 size={14} aria-hidden="true" />
        Удалить
      </button>
    </div>
  );
}
