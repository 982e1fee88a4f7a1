// Adding or changing a poll: its question, up to four answers (an empty one is not offered) and
// whether it is open. Changing the answers of a poll keeps the votes given to each position.
import { pollFieldsSchema, type StudioPoll } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { CheckboxField, FormProblem, TextAreaField, TextField } from '../../components/fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { useSaveEntry } from '../../lib/ordered-calls.ts';
import { pollCalls, type PollValues } from './api.ts';

type PollInput = z.input<typeof pollFieldsSchema>;

export function PollDialog(props: { poll: StudioPoll | 'new' | null; onClose: () => void }) {
  const { poll } = props;
  return (
    <Dialog open={poll !== null} title={poll === 'new' ? 'Новый опрос' : 'Изменить опрос'} onClose={props.onClose}>
      {poll === null ? null : <PollForm poll={poll === 'new' ? undefined : poll} onClose={props.onClose} />}
    </Dialog>
  );
}

function PollForm({ poll, onClose }: { poll: StudioPoll | undefined; onClose: () => void }) {
  const formId = useId();
  const variants = [0, 1, 2, 3].map((index) => poll?.variants[index] ?? '');
  const form = useForm<PollInput, unknown, PollValues>({
    resolver: zodResolver(pollFieldsSchema),
    defaultValues: { question: poll?.question ?? '', variants, active: poll?.active ?? true },
  });
  const save = useSaveEntry(pollCalls, poll?.id ?? null);
  const toast = useToast();
  const { errors } = form.formState;
  return (
    <>
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          save.mutate(values, {
            onSuccess: () => {
              toast(poll === undefined ? 'Опрос добавлен' : 'Опрос сохранён');
              onClose();
            },
          });
        })}
      >
        <TextAreaField label="Вопрос" rows={2} registration={form.register('question')} error={errors.question} />
        <fieldset className="fieldset">
          <legend>Варианты ответа</legend>
          <p className="field__hint">Хотя бы два; пустой вариант не показывается.</p>
          {variants.map((_variant, index) => (
            <TextField
              key={index}
              label={`Вариант ${String(index + 1)}`}
              registration={form.register(`variants.${index}`)}
              error={errors.variants?.[index]}
            />
          ))}
          {errors.variants?.message === undefined ? null : (
            <p className="field__error" role="alert">
              {errors.variants.message}
            </p>
          )}
        </fieldset>
        <CheckboxField label="Открыт: показывается и принимает голоса" registration={form.register('active')} />
      </form>
      <FormProblem problem={save.isError ? problemOf(save.error) : undefined} />
      <FormFooter onCancel={onClose} submit="Сохранить" busy={save.isPending} form={formId} />
    </>
  );
}
