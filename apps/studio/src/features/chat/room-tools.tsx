// A room's own controls: its slow mode (one post per so many seconds per visitor, beside the
// automatic one a busy room gets by itself: the stricter holds) and clearing its day on air.
import type { ChatRoom } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { roomSettingsQuery, roomTitles, useClearRoom, useSlowMode } from './api.ts';
import { useOutcome } from './use-outcome.ts';

const slowModeChoices = [0, 5, 10, 30, 60, 120, 300, 600];

function slowModeLabel(seconds: number): string {
  if (seconds === 0) return 'выключен';
  return seconds < 60 || seconds % 60 !== 0 ? `раз в ${String(seconds)} с` : `раз в ${String(seconds / 60)} мин`;
}

const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A schedule's day (YYYY-MM-DD) as people write it: «24 ноября 2026 г.». */
const dayLabel = (date: string): string => dayFormat.format(new Date(`${date}T00:00:00Z`));

export function RoomTools({ room }: { room: ChatRoom }) {
  const selectId = useId();
  const settings = useQuery(roomSettingsQuery(room));
  const slowMode = useSlowMode(room);
  const clear = useClearRoom(room);
  const toast = useToast();
  const outcome = useOutcome();
  const [confirming, setConfirming] = useState(false);
  const current = settings.data?.slowModeSeconds ?? 0;
  const choices = slowModeChoices.includes(current)
    ? slowModeChoices
    : [...slowModeChoices, current].sort((a, b) => a - b);
  const day = settings.data?.day ?? null;
  return (
    <div className="chat-tools">
      <div className="field chat-tools__slow">
        <label htmlFor={selectId}>Медленный режим</label>
        <select
          id={selectId}
          className="select"
          value={current}
          disabled={settings.data === undefined || slowMode.isPending}
          onChange={(event) => {
            const seconds = Number(event.target.value);
            slowMode.mutate(seconds, outcome(`${roomTitles[room]}: медленный режим ${slowModeLabel(seconds)}`));
          }}
        >
          {choices.map((seconds) => (
            <option key={seconds} value={seconds}>
              {slowModeLabel(seconds)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button--danger"
        disabled={day === null}
        title={day === null ? 'Сегодня у этого канала нет эфира' : undefined}
        onClick={() => {
          setConfirming(true);
        }}
      >
        Очистить чат
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Очистить ${roomTitles[room].toLowerCase()}?`}
        message={
          <p>
            Все сообщения дня {day === null ? '' : dayLabel(day.date)} пропадут у зрителей. Здесь они останутся
            скрытыми, и любое можно будет вернуть.
          </p>
        }
        confirm="Очистить"
        busy={clear.isPending}
        problem={clear.isError ? problemOf(clear.error) : undefined}
        onConfirm={() => {
          clear.mutate(undefined, {
            onSuccess: ({ hidden }) => {
              toast(`Скрыто сообщений: ${String(hidden)}`);
              setConfirming(false);
            },
          });
        }}
        onClose={() => {
          clear.reset();
          setConfirming(false);
        }}
      />
    </div>
  );
}
