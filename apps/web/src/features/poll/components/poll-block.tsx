import type { Poll } from '@efir/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type SyntheticEvent, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { pollsQuery, usePolls, votePoll } from '../api/polls.ts';
import './poll.css';

const variantsOf = (poll: Poll) =>
  ([1, 2, 3, 4] as const)
    .map((n) => ({ n, text: poll[`variant_${n}`], votes: poll[`otvet_${n}`] }))
    // Only the variants whose text is present (SPEC §5).
    .filter((variant) => variant.text.trim() !== '');

const plural = new Intl.PluralRules('ru');
/** The vote count's key by Russian plural: 1 голос, 2 голоса, 5 голосов. */
const votesKey = (count: number): string => {
  const form = plural.select(count);
  return `poll.votes_${form === 'one' || form === 'few' ? form : 'many'}`;
};

/** The home page's poll: check variants, vote once; the counts go up and the boxes reset. */
export function PollBlock() {
  const polls = usePolls().data ?? [];
  const poll = polls[0];
  if (poll === undefined) return null;
  return <PollForm key={poll.id} poll={poll} />;
}

function PollForm({ poll }: { poll: Poll }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const [notice, setNotice] = useState<{ kind: 'thanks' | 'problem'; text: string }>();
  const [sending, setSending] = useState(false);
  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    if (chosen.length === 0) {
      setNotice({ kind: 'problem', text: t('poll.choose') });
      return;
    }
    setSending(true);
    try {
      const counted = await votePoll(poll.id, chosen);
      queryClient.setQueryData(pollsQuery.queryKey, (old: Poll[] | undefined) =>
        (old ?? [counted]).map((entry) => (entry.id === counted.id ? counted : entry)),
      );
      setNotice({ kind: 'thanks', text: t('poll.thanks') });
    } catch (error) {
      console.error(error);
      const already = error instanceof ApiError && error.status === 409;
      setNotice({ kind: 'problem', text: t(already ? 'poll.already' : 'poll.failed') });
    } finally {
      setChosen([]);
      setSending(false);
    }
  };
  return (
    <section className="poll" aria-labelledby={`poll-${poll.id}`}>
      <h2 className="poll__title">{t('poll.title')}</h2>
      <form onSubmit={(event) => void submit(event)}>
        <fieldset className="poll__fieldset">
          <legend id={`poll-${poll.id}`} className="poll__question">
            {poll.questions}
          </legend>
          {variantsOf(poll).map((variant) => (
            <label key={variant.n} className="poll__variant">
              <input
                type="checkbox"
                name={`otvet_${variant.n}`}
                checked={chosen.includes(variant.n)}
                onChange={(event) => {
                  const on = event.target.checked;
                  setChosen((current) => (on ? [...current, variant.n] : current.filter((n) => n !== variant.n)));
                  setNotice(undefined);
                }}
              />
              <span className="poll__text">{variant.text}</span>
              <span className="poll__votes">{t(votesKey(variant.votes), { count: variant.votes })}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button" disabled={sending}>
          {t('poll.vote')}
        </button>
        {notice === undefined ? null : (
          <p
            className={`poll__notice poll__notice--${notice.kind}`}
            role={notice.kind === 'thanks' ? 'status' : 'alert'}
          >
            {notice.text}
          </p>
        )}
      </form>
    </section>
  );
}
