// What an audit entry changed, as an editor reads it: for most entities the fields whose values
// differ, before and after; for a channel's day, the programmes added, removed, moved and marked
// (matched in order, as a reader pairs two versions of a list), its own fields and its tickers.
import { commonRun } from '../../lib/common-run.ts';

export interface FieldChange {
  field: string;
  /** Absent: the field was not there (the entity was made, or it was removed). */
  before?: string;
  after?: string;
}

/** Field names in the editors' words; a field this list does not know is shown as it is. */
const fieldLabels: Record<string, string> = {
  '': 'Значение',
  name: 'Название',
  description: 'Описание',
  author: 'Автор',
  categoryId: 'Рубрика',
  category: 'Рубрика',
  draft: 'Черновик',
  preview: 'Картинка',
  masterPlaylist: 'Плейлист',
  audioPlaylist: 'Плейлист',
  durationSeconds: 'Длительность, с',
  login: 'Логин',
  role: 'Роль',
  disabled: 'Отключён',
  title: 'Заголовок',
  text: 'Текст',
  question: 'Вопрос',
  answers: 'Ответы',
  active: 'Активен',
  link: 'Ссылка',
  url: 'Ссылка',
  position: 'Место',
  items: 'Элементы',
  words: 'Слова',
  word: 'Слово',
  reason: 'Причина',
  until: 'До',
  nickname: 'Ник',
  slug: 'Адрес',
  kind: 'Вид',
  logo: 'Логотип',
  seconds: 'Секунд',
  status: 'Состояние',
  source: 'Источник',
};

export const fieldLabel = (field: string): string => fieldLabels[field] ?? field;

/** A value as text: strings as they are, yes/no, «—» for nothing, anything else as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields that differ between before and after (all of one side when the other is none). */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return [];
    return [
      {
        field: '',
        ...(before === null || before === undefined ? {} : { before: valueText(before) }),
        ...(after === null || after === undefined ? {} : { after: valueText(after) }),
      },
    ];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(now), ...Object.keys(was)])];
  return fields.flatMap((field) => {
    if (JSON.stringify(was[field]) === JSON.stringify(now[field])) return [];
    return [
      {
        field,
        ...(field in was ? { before: valueText(was[field]) } : {}),
        ...(field in now ? { after: valueText(now[field]) } : {}),
      },
    ];
  });
}

/** A channel's day as the audit keeps a save of it. */
export interface DaySnapshot {
  date: string;
  revision: number;
  startsAt: string;
  finishedText: string;
  items: { id: number; startsAt: string | null; isAd: boolean; draft: number }[];
  tickers?: { videoId: number | null; message: string; startsAt: string; duration: number; speed: number }[];
}

export function isDaySnapshot(value: unknown): value is DaySnapshot {
  return isRecord(value) && typeof value.date === 'string' && Array.isArray(value.items);
}

export type DayChange =
  | { kind: 'field'; field: 'startsAt' | 'finishedText'; before: string; after: string }
  /** Places count from 1, in the version they belong to. */
  | { kind: 'added'; id: number; place: number; startsAt: string | null }
  | { kind: 'removed'; id: number; place: number }
  | { kind: 'moved'; id: number; from: number; to: number }
  | { kind: 'marked'; id: number; place: number; marks: string[] }
  | { kind: 'ticker-added' | 'ticker-removed'; message: string; startsAt: string };

type Item = DaySnapshot['items'][number];

/** How an item's own marks changed, in words. */
function markChanges(was: Item, now: Item): string[] {
  const marks: string[] = [];
  if (was.startsAt !== now.startsAt) {
    marks.push(
      now.startsAt === null
        ? `без фиксированного начала (было ${was.startsAt ?? ''})`
        : `начало точно в ${now.startsAt}${was.startsAt === null ? '' : ` (было ${was.startsAt})`}`,
    );
  }
  if (was.isAd !== now.isAd) marks.push(now.isAd ? 'реклама' : 'не реклама');
  // A radio item marked 2 is kept off the air.
  if ((was.draft === 2) !== (now.draft === 2)) marks.push(now.draft === 2 ? 'снято с эфира' : 'снова в эфире');
  return marks;
}

/** What one save changed in a day: its fields, its programmes, its tickers. */
export function dayChanges(before: DaySnapshot | null, after: DaySnapshot | null): DayChange[] {
  const was = before ?? { startsAt: '', finishedText: '', items: [], tickers: [] };
  const now = after ?? { startsAt: '', finishedText: '', items: [], tickers: [] };
  const out: DayChange[] = [];
  for (const field of ['startsAt', 'finishedText'] as const) {
    if (before !== null && after !== null && was[field] !== now[field])
      out.push({ kind: 'field', field, before: was[field], after: now[field] });
  }
  const pairs = commonRun(was.items, now.items);
  const kept = new Map(pairs);
  const came = new Set(pairs.map(([, j]) => j));
  const removed = was.items.flatMap((item, at) => (kept.has(at) ? [] : [{ item, at }]));
  const added = now.items.flatMap((item, at) => (came.has(at) ? [] : [{ item, at }]));
  // A programme that left one place and came to another was moved.
  for (const gone of removed) {
    const to = added.findIndex((entry) => entry.item.id === gone.item.id);
    const arrived = added[to];
    if (arrived === undefined) {
      out.push({ kind: 'removed', id: gone.item.id, place: gone.at + 1 });
      continue;
    }
    added.splice(to, 1);
    out.push({ kind: 'moved', id: gone.item.id, from: gone.at + 1, to: arrived.at + 1 });
    const marks = markChanges(gone.item, arrived.item);
    if (marks.length > 0) out.push({ kind: 'marked', id: gone.item.id, place: arrived.at + 1, marks });
  }
  for (const { item, at } of added) out.push({ kind: 'added', id: item.id, place: at + 1, startsAt: item.startsAt });
  for (const [i, j] of pairs) {
    const marks = markChanges(was.items[i] as Item, now.items[j] as Item);
    if (marks.length > 0) out.push({ kind: 'marked', id: (now.items[j] as Item).id, place: j + 1, marks });
  }
  const tickerKey = (ticker: NonNullable<DaySnapshot['tickers']>[number]): string => JSON.stringify(ticker);
  const wasTickers = new Set((was.tickers ?? []).map(tickerKey));
  const nowTickers = new Set((now.tickers ?? []).map(tickerKey));
  for (const ticker of was.tickers ?? []) {
    if (!nowTickers.has(tickerKey(ticker)))
      out.push({ kind: 'ticker-removed', message: ticker.message, startsAt: ticker.startsAt });
  }
  for (const ticker of now.tickers ?? []) {
    if (!wasTickers.has(tickerKey(ticker)))
      out.push({ kind: 'ticker-added', message: ticker.message, startsAt: ticker.startsAt });
  }
  return out;
}
