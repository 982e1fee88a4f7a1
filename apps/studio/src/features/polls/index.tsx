// The polls in the order visitors meet them: each with its answers and the votes they have, open
// or closed. Dragging a poll saves the new order at once; adding, changing and removing polls.
import type { StudioPoll } from '@efir/contract';
import { OrderedListScreen } from '../../components/ordered-list-screen.tsx';
import { formatNumber } from '../../lib/format.ts';
import { pollCalls } from './api.ts';
import { PollForm } from './poll-dialog.tsx';

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
  return (
    <OrderedListScreen
      calls={pollCalls}
      title="Опросы"
      about="Опросы на сайте: посетитель видит первый открытый, на который ещё не ответил."
      add="Новый опрос"
      slug="polls"
      heading="Порядок опросов"
      one="опрос"
      empty="Опросов пока нет."
      label={(poll) => poll.question}
      body={(poll) => (
        <>
          {poll.question}{' '}
          <span className={poll.active ? 'badge badge--ok' : 'badge'}>{poll.active ? 'Открыт' : 'Закрыт'}</span>
          <Results poll={poll} />
        </>
      )}
      actionName={(poll) => `опрос «${poll.question}»`}
      dialog={{
        add: 'Новый опрос',
        added: 'Опрос добавлен',
        changed: 'Опрос сохранён',
        form: (editing) => <PollForm editing={editing} />,
      }}
      removal={{
        message: (poll) =>
          `Опрос «${poll.question}» и его голоса пропадут с сайта. Чтобы только перестать его показывать, закройте его.`,
        removed: 'Опрос удалён',
      }}
    />
  );
}
