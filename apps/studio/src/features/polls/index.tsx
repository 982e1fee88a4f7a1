// The polls in the order visitors meet them: each with its answers and the votes they have, open
// or closed. Dragging a poll saves the new order at once; adding, changing and removing polls.
import type { StudioPoll } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { RemoveDialog } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { problemOf } from '../../lib/api.ts';
import { formatNumber } from '../../lib/format.ts';
import { listQuery, useOrderEntries, useRemoveEntry } from '../../lib/ordered-calls.ts';
import { pollCalls } from './api.ts';
import { PollDialog } from './poll-dialog.tsx';
import { Loaded } from '../../components/loaded.tsx';
import { ItemActions } from '../../components/item-actions.tsx';

function Results({ poll }: { poll: StudioPoll }) {
  const total = poll.votes.reduce((sum, votes) => sum + votes, 0);
  return (
    <ul className="poll-results">
      {poll.variants.map((variant, index) =>
        variant === '' ? null : (
          <li key={index}>
            {variant}: <strong>{formatNumber(poll.votes[index] ?? 0)}</strong>
            {total === 0 ? null : ` (${String(Math.round(((poll.votes[index] ?? 0) / total) * 100))} %)`}
          </li>
        ),
      )}
    </ul>
  );
}

export default function PollsPage() {
  const polls = useQuery(listQuery(pollCalls));
  const order = useOrderEntries(pollCalls);
  const remove = useRemoveEntry(pollCalls);
  const [editing, setEditing] = useState<StudioPoll | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StudioPoll | null>(null);
  return (
    <>
      <PageHeader title="Опросы" about="Опросы на сайте: посетитель видит первый открытый, на который ещё не ответил.">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setEditing('new');
          }}
        >
          <Plus size={16} aria-hidden="true" />
          Новый опрос
        </button>
      </PageHeader>
      <section className="panel stack" aria-labelledby="polls-list">
        <h2 id="polls-list">Порядок опросов</h2>
        <p className="muted">
          Перетащите опрос за ручку или переставьте с клавиатуры: новый порядок сохраняется сразу.
        </p>
        <FormProblem problem={order.isError ? problemOf(order.error) : undefined} />
        <Loaded query={polls}>
          {(data) =>
            data.length === 0 ? (
              <p className="muted">Опросов пока нет.</p>
            ) : (
              <SortableList
                listLabel="Опросы"
                items={data}
                label={(poll) => poll.question}
                onReorder={(items) => {
                  order.mutate(items);
                }}
                render={(poll) => (
                  <>
                    <span className="sortable__body">
                      {poll.question}{' '}
                      <span className={poll.active ? 'badge badge--ok' : 'badge'}>
                        {poll.active ? 'Открыт' : 'Закрыт'}
                      </span>
                      <Results poll={poll} />
                    </span>
                    <ItemActions
                      name={`опрос «${poll.question}»`}
                      onEdit={() => {
                        setEditing(poll);
                      }}
                      onDelete={() => {
                        remove.reset();
                        setDeleting(poll);
                      }}
                    />
                  </>
                )}
              />
            )
          }
        </Loaded>
      </section>
      <PollDialog
        poll={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <RemoveDialog
        row={deleting}
        title="Удалить опрос?"
        message={(row) =>
          `Опрос «${row.question}» и его голоса пропадут с сайта. Чтобы только перестать его показывать, закройте его.`
        }
        removed="Опрос удалён"
        remove={remove}
        onClose={() => {
          setDeleting(null);
        }}
      />
    </>
  );
}
