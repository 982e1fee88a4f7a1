// A dialog's form: checked by the schema the server checks with, and emptied, with its call's
// outcome forgotten, when the dialog closes.
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
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
  return { form, errors: form.formState.errors, close };
}
