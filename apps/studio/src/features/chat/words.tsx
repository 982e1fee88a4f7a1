// The word list: words and phrases a post is held for review or refused for. Matched whole and
// whatever the case, ё or е, or script (a word written in Cyrillic also catches its Latin spelling).
import { type ChatWordMode, chatWordFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CallProblem, fieldOf, SelectField, TextField } from '../../components/fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { submitTo } from '../../lib/dialog-form.ts';
import { useAddWord, useRemoveWord, wordsQuery } from './api.ts';
import { ListPanel } from './list-panel.tsx';
import { useOutcome } from './use-outcome.ts';

const modeLabels: Record<ChatWordMode, string> = {
  hold: 'на проверку',
  refuse: 'не принимать',
};

type WordInput = z.input<typeof chatWordFieldsSchema>;
type WordOutput = z.output<typeof chatWordFieldsSchema>;
const blank: WordInput = { word: '', mode: 'hold' };

function WordForm() {
  const form = useForm<WordInput, unknown, WordOutput>({
    resolver: zodResolver(chatWordFieldsSchema),
    defaultValues: blank,
  });
  const add = useAddWord();
  const toast = useToast();
  return (
    <form
      className="chat-words__form"
      noValidate
      onSubmit={submitTo(form, add, (word, values) => {
        toast(`«${word.word}» в списке: ${modeLabels[word.mode]}`);
        form.reset({ word: '', mode: values.mode });
      })}
    >
      <TextField label="Слово или фраза" {...fieldOf(form, 'word')} />
      <SelectField
        label="Что делать с сообщением"
        {...fieldOf(form, 'mode')}
        choices={Object.entries(modeLabels).map(([value, label]) => ({ value, label }))}
      />
      <button type="submit" className="button" disabled={add.isPending}>
        <Plus size={16} aria-hidden="true" />
        Добавить
      </button>
      <CallProblem call={add} />
    </form>
  );
}

export function WordList() {
  const words = useQuery(wordsQuery);
  const remove = useRemoveWord();
  const outcome = useOutcome();
  return (
    <ListPanel
      title="Стоп-слова"
      query={words}
      empty="Список пуст."
      intro={
        <>
          <p className="muted">
            Слово ловится целиком, в любом регистре, с ё или е, кириллицей и латиницей. «На проверку» — сообщение увидит
            только автор, пока модератор его не одобрит; «не принимать» — сообщение не отправится.
          </p>
          <WordForm />
        </>
      }
    >
      {(list, headingId) => (
        <ul className="chat-words" aria-labelledby={headingId}>
          {list.map((word) => (
            <li key={word.id} className="chat-words__item">
              <span className="chat-words__word">{word.word}</span>
              <span className={word.mode === 'refuse' ? 'badge badge--danger' : 'badge badge--accent'}>
                {modeLabels[word.mode]}
              </span>
              <button
                type="button"
                className="button button--small"
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(word.id, outcome(`«${word.word}» убрано из списка`));
                }}
              >
                Убрать<span className="visually-hidden"> «{word.word}»</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </ListPanel>
  );
}
