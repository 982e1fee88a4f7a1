// The suggestions the search page offers while visitors have searched too little for their own
// to count: the editors' queries, in order. Changes are kept here until «Сохранить».
import { searchPicksSchema, searchQueryMaxLength, showcaseLimits } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type SubmitEvent, useState } from 'react';
import { Field, FormProblem } from '../../components/fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RemovableList } from '../../components/sortable-list.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { searchPicksQuery, useSaveSearchPicks } from './api.ts';
import { Loaded } from '../../components/loaded.tsx';

const picksMax = showcaseLimits.searchPicks;

interface Pick {
  id: number;
  query: string;
}

function PicksEditor({ saved }: { saved: string[] }) {
  const [picks, setPicks] = useState<Pick[]>(() => saved.map((query, index) => ({ id: index + 1, query })));
  const [next, setNext] = useState(saved.length + 1);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();
  const save = useSaveSearchPicks();
  const toast = useToast();
  const changed = picks.map((pick) => pick.query).join('\n') !== saved.join('\n');
  const add = (event: SubmitEvent): void => {
    event.preventDefault();
    const query = draft.trim().replace(/\s+/gu, ' ');
    if (query === '') {
      setProblem('Введите запрос.');
      return;
    }
    if (picks.some((pick) => pick.query.toLowerCase() === query.toLowerCase())) {
      setProblem(`«${query}» уже в списке.`);
      return;
    }
    setProblem(undefined);
    setPicks([...picks, { id: next, query }]);
    setNext(next + 1);
    setDraft('');
  };
  const submit = (): void => {
    const checked = searchPicksSchema.safeParse({ queries: picks.map((pick) => pick.query) });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Список не подходит.');
      return;
    }
    setProblem(undefined);
    save.mutate(checked.data.queries, {
      onSuccess: () => {
        toast('Подсказки сохранены');
      },
    });
  };
  return (
    <section className="panel stack" aria-labelledby="search-picks-list">
      <h2 id="search-picks-list">Подсказки</h2>
      {picks.length === 0 ? (
        <p className="muted">Подсказок нет: поиск предлагает самые частые запросы посетителей.</p>
      ) : (
        <RemovableList
          listLabel="Подсказки поиска"
          items={picks}
          label={(pick) => pick.query}
          render={(pick) => <span className="sortable__body">{pick.query}</span>}
          onChange={setPicks}
        />
      )}
      {picks.length < picksMax ? (
        <form className="row" onSubmit={add} noValidate>
          <Field
            label="Новый запрос"
            control={({ id }) => (
              <input
                id={id}
                className="input"
                value={draft}
                maxLength={searchQueryMaxLength}
                onChange={(event) => {
                  setDraft(event.target.value);
                }}
              />
            )}
          />
          <button type="submit" className="button">
            <Plus size={16} aria-hidden="true" />
            Добавить
          </button>
        </form>
      ) : (
        <p className="muted">В списке {picksMax} подсказок — больше не поместится.</p>
      )}
      <FormProblem problem={problem ?? (save.isError ? problemOf(save.error) : undefined)} />
      <div className="row">
        <button type="button" className="button button--primary" disabled={!changed || save.isPending} onClick={submit}>
          Сохранить
        </button>
        {changed ? <span className="muted">Есть несохранённые изменения.</span> : null}
      </div>
    </section>
  );
}

export default function SearchPicksPage() {
  const picks = useQuery(searchPicksQuery);
  return (
    <>
      <PageHeader
        title="Подсказки поиска"
        about="Запросы, которые страница поиска предлагает, пока посетители искали слишком мало, чтобы подсказывали их собственные запросы."
      />
      <Loaded query={picks}>{(data) => <PicksEditor key={data.queries.join('\n')} saved={data.queries} />}</Loaded>
    </>
  );
}
