// Adding or changing a poll: its question, up to four answers (an empty one is not offered) and
// whether it is open. Changing the answers of a poll keeps the votes given to each position, and
// the field of an answer that has votes says so as soon as its text changes.
import { pollFieldsSchema, type StudioPoll } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type EntryEditing, EntryForm } from '../../components/entry-form.tsx';
import { CheckboxField, fieldOf, ListProblem, TextAreaField, TextField } from '../../components/fields.tsx';
import type { PollValues } from './api.ts';

type PollInput = z.input<typeof pollFieldsSchema>;

export function PollForm({ editing }: { editing: EntryEditing<StudioPoll, PollValues> }) {
  const poll = editing.entry;
  const variants = [0, 1, 2, 3].map((index) => poll?.variants[index] ?? '');
  const form = useForm<PollInput, unknown, PollValues>({
    resolver: zodResolver(pollFieldsSchema),
    defaultValues: { question: poll?.question ?? '', variants, active: poll?.active ?? true },
  });
  const { errors } = form.formState;
  const typed = useWatch({ control: form.control, name: 'variants' });
  /** What a changed answer's field says of the votes it keeps. */
  const keptVotes = (index: number): string | undefined => {
    const votes = poll?.votes[index] ?? 0;
    if (votes === 0 || typed[index] === variants[index]) return undefined;
    return `Голосов за этот вариант: ${String(votes)}. Они останутся за новым текстом; чтобы начать счёт заново, создайте новый опрос.`;
  };
  return (
    <EntryForm form={form} editing={editing}>
      <TextAreaField label="Вопрос" rows={2} {...fieldOf(form, 'question')} />
      <fieldset className="fieldset">
        <legend>Варианты ответа</legend>
        <p className="field__hint">Хотя бы два; пустой вариант не показывается.</p>
        {variants.map((_variant, index) => (
          <TextField
            key={index}
            label={`Вариант ${String(index + 1)}`}
            {...fieldOf(form, `variants.${index}`)}
            {...(keptVotes(index) === undefined ? {} : { hint: keptVotes(index) })}
          />
        ))}
        <ListProblem problem={errors.variants?.message} />
      </fieldset>
      <CheckboxField label="Открыт: показывается и принимает голоса" registration={form.register('active')} />
    </EntryForm>
  );
}
