// A modal dialog on the browser's own <dialog>: it keeps the focus inside, returns it when it
// closes, and closes on Escape.
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';

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
