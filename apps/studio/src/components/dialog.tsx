// A modal dialog on the browser's own <dialog>: it keeps the focus inside, returns it when it
// closes, and closes on Escape.
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { problemOf } from '../lib/api.ts';
import { useToast } from './toasts.tsx';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  narrow?: boolean;
}

export function Dialog({ open, title, onClose, children, narrow = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={narrow ? 'dialog dialog--narrow' : 'dialog'}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className="dialog__body">
          <div className="dialog__header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-button" aria-label="Закрыть" onClick={onClose}>
              <X size={18} aria-hidden="true" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** Asks before something that cannot be undone; says why it failed if it did. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirm: string;
  busy: boolean;
  problem: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onClose} narrow>
      <div>{props.message}</div>
      {props.problem === undefined ? null : (
        <p className="alert" role="alert">
          {props.problem}
        </p>
      )}
      <div className="dialog__footer">
        <button type="button" className="button" onClick={props.onClose}>
          Отмена
        </button>
        <button type="button" className="button button--danger" disabled={props.busy} onClick={props.onConfirm}>
          {props.confirm}
        </button>
      </div>
    </Dialog>
  );
}

/** A form dialog's two buttons: one closes it unsaved, the other submits the form (named by `form`
 * when the buttons stand outside it, as they do where a search inside must not submit). */
export function FormFooter(props: {
  onCancel: () => void;
  /** The closing button's word: «Отмена» unless said. */
  cancel?: string;
  submit: string;
  busy: boolean;
  form?: string;
  /** The submit cannot be undone (a ban): the danger colour. */
  danger?: boolean;
}) {
  return (
    <div className="dialog__footer">
      <button type="button" className="button" onClick={props.onCancel}>
        {props.cancel ?? 'Отмена'}
      </button>
      <button
        type="submit"
        form={props.form}
        className={props.danger === true ? 'button button--danger' : 'button button--primary'}
        disabled={props.busy}
      >
        {props.submit}
      </button>
    </div>
  );
}

/** Asks before removing a listed row by its id, says so once it is gone, and closes; says why if
 * it could not be removed. */
export function RemoveDialog<T extends { id: number }>(props: {
  /** The row asked about; null keeps the dialog closed. */
  row: T | null;
  title: string;
  message: (row: T) => string;
  /** Said once it is gone. */
  removed: string;
  remove: {
    mutate: (id: number, options: { onSuccess: () => void }) => void;
    isPending: boolean;
    isError: boolean;
    error: unknown;
  };
  onClose: () => void;
}) {
  const { row, remove, onClose } = props;
  const toast = useToast();
  return (
    <ConfirmDialog
      open={row !== null}
      title={props.title}
      message={row === null ? '' : props.message(row)}
      confirm="Удалить"
      busy={remove.isPending}
      problem={remove.isError ? problemOf(remove.error) : undefined}
      onConfirm={() => {
        if (row === null) return;
        remove.mutate(row.id, {
          onSuccess: () => {
            toast(props.removed);
            onClose();
          },
        });
      }}
      onClose={onClose}
    />
  );
}
