// The bans that hold now: whom (the visitor's tag, and the address's when the ban holds it too),
// until when, why, who banned, and the message it was made from. Lifting one lets them post again.
import type { StudioChatBan } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format.ts';
import { bansQuery, useLiftBan } from './api.ts';
import { ListPanel } from './list-panel.tsx';
import { useOutcome } from './use-outcome.ts';

function BanItem({ ban }: { ban: StudioChatBan }) {
  const lift = useLiftBan();
  const outcome = useOutcome();
  return (
    <li className="chat-ban">
      <div className="chat-ban__who">
        <strong>гость #{ban.visitorTag}</strong>
        {ban.addressTag === null ? null : <span className="badge badge--warn">и адрес #{ban.addressTag}</span>}
        <span className="muted">{ban.until === null ? 'навсегда' : `до ${formatDateTime(ban.until)}`}</span>
      </div>
      {ban.message === null ? null : (
        <blockquote className="chat-quote">
          <strong>{ban.message.name}</strong>: {ban.message.message}
        </blockquote>
      )}
      <p className="muted chat-ban__by">
        {ban.createdBy}, {formatDateTime(ban.createdAt)}
        {ban.reason === '' ? '' : ` — ${ban.reason}`}
      </p>
      <button
        type="button"
        className="button button--small"
        disabled={lift.isPending}
        onClick={() => {
          lift.mutate(ban.id, outcome(`Бан гостя #${ban.visitorTag} снят`));
        }}
      >
        Снять бан<span className="visually-hidden"> гостя #{ban.visitorTag}</span>
      </button>
    </li>
  );
}

export function BanList() {
  const bans = useQuery(bansQuery);
  return (
    <ListPanel title="Баны" query={bans} empty="Сейчас никто не забанен.">
      {(list, headingId) => (
        <ul className="chat-bans" aria-labelledby={headingId}>
          {list.map((ban) => (
            <BanItem key={ban.id} ban={ban} />
          ))}
        </ul>
      )}
    </ListPanel>
  );
}
