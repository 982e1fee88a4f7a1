// A form's submit to its call, and a dialog's form: checked by the schema the server checks with,
// and emptied, with its call's outcome forgotten, when the dialog closes.
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutateFunction } from '@tanstack/react-query';
import { type DefaultValues, type FieldValues, useForm, type UseFormHandleSubmit } from 'react-hook-form';
import type { z } from 'zod';

export function useDialogForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  blank: z.input<S>,
  call: { reset: () => void },
  onClose: () => void,
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: blank as DefaultValues<z.input<S>>,
  });
  const close = (): void => {
    form.reset(blank);
    call.reset();
    onClose();
  };
  return { form, close };
}

/** The form's submit: its checked values go to the call; once it is made, `onDone` has the answer
 * (and the values sent). */
export function submitTo<V extends FieldValues, F, A, C>(
  form: { handleSubmit: UseFormHandleSubmit<V, F> },
  call: { mutate: UseMutateFunction<A, Error, F, C> },
  onDone: (answer: A, values: F) => void,
) {
  return form.handleSubmit((values) => {
    call.mutate(values, {
      onSuccess: (answer) => {
        onDone(answer, values);
      },
    });
  });
}
