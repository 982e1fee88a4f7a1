// The form of a dialog that adds an entry to a list the studio keeps in order, or changes one:
// checked by its schema, saved by the list's calls, said so and closed once saved.
import { type ReactNode, useId } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { submitTo } from '../lib/dialog-form.ts';
import { type OrderedCalls, useSaveEntry } from '../lib/ordered-calls.ts';
import { FormFooter } from './dialog.tsx';
import { CallProblem } from './fields.tsx';
import { useToast } from './toasts.tsx';

/** What a list's form is given by its screen: the entry it changes (undefined: a new one), the
 * list's calls, what to say once it is saved, and how to close it. */
export interface EntryEditing<E extends { id: number }, F> {
  entry: E | undefined;
  calls: OrderedCalls<E, F>;
  saved: string;
  onClose: () => void;
}

export function EntryForm<E extends { id: number }, V extends FieldValues, F>(props: {
  form: UseFormReturn<V, unknown, F>;
  editing: EntryEditing<E, F>;
  /** The form's fields. */
  children: ReactNode;
  /** What stands between the form and its buttons, outside the form: picks and their search,
   * where Enter must not save. */
  outside?: ReactNode;
}) {
  const { entry, saved, onClose } = props.editing;
  const formId = useId();
  const save = useSaveEntry(props.editing.calls, entry?.id ?? null);
  const toast = useToast();
  return (
    <>
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={submitTo(props.form, save, () => {
          toast(saved);
          onClose();
        })}
      >
        {props.children}
      </form>
      {props.outside}
      <CallProblem call={save} />
      <FormFooter onCancel={onClose} submit="Сохранить" busy={save.isPending} form={formId} />
    </>
  );
}
