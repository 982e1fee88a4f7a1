// The schedule editor: one day of a channel. Items come from the catalogue and are put in order
// by dragging; each may have a fixed start, be an ad, or (radio) be kept off the air. Beside the
// list, the timeline the channel would air for the day as it is being edited, before it is saved.
// A save is made over the revision that was opened: if someone saved the day meanwhile, nothing is
// written and the editor chooses between their version and writing over it.
import { addDays, type ChannelView, kindDescriptions, scheduleLimits, type StudioScheduleDay } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Copy, History, Save } from 'lucide-react';
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormProblem } from '../../components/fields.tsx';
import { ItemPicker } from '../../components/item-picker.tsx';
import { Loaded } from '../../components/loaded.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { useToast } from '../../components/toasts.tsx';
import { ApiError, problemOf, studio } from '../../lib/api.ts';
import { channelName, channelsQuery, today } from '../../lib/channels.ts';
import { formatDateTime, plural } from '../../lib/format.ts';
import { usePictureClock } from '../../lib/picture-clock.ts';
import {
  bodyOf,
  type DayDraft,
  dayQuery,
  draftOf,
  mediaOf,
  nextKey,
  storedBody,
  useCopyDay,
  usePreview,
  useSaveDay,
} from './api.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import { CopyDialog } from './copy-dialog.tsx';
import { FillDialog, type Gap } from './fill-dialog.tsx';
import { LeaveGuard, useKeptDraft } from './kept-draft.tsx';
import { ItemRow } from './item-row.tsx';
import { PlacementPicker } from './placement.tsx';
import { fixedStartOf, insertAt, placeFor, type PlacementChoice } from './placing.ts';
import { Tickers } from './tickers.tsx';
import { VersionsDialog } from './versions-dialog.tsx';
import { Timeline } from './timeline.tsx';
import './schedule.css';

/** The channel (its slug) and date of the address, or the TV today. */
export function useDayParams(): { channel: string; date: string } {
  const params = useParams();
  const date = /^\d{4}-\d{2}-\d{2}$/u.test(params.date ?? '') ? (params.date as string) : today();
  return { channel: params.channel ?? 'tv', date };
}

/** The channel of the address among the site's, then what `render` makes of it; a slug that
 * names none says so. */
export function WithChannel(props: { slug: string; render: (channel: ChannelView) => ReactNode }) {
  const channels = useQuery(channelsQuery);
  return (
    <Loaded query={channels}>
      {(list) => {
        const channel = list.find((entry) => entry.slug === props.slug);
        return channel === undefined ? (
          <p className="alert" role="alert">
            Канала «{props.slug}» нет.
          </p>
        ) : (
          props.render(channel)
        );
      }}
    </Loaded>
  );
}

/** Channel switch and day navigation, shared by the day and the week. */
export function DayNavigation(props: { channel: string; date: string; base: string; step: number }) {
  const navigate = useNavigate();
  const id = useId();
  const channels = useQuery(channelsQuery);
  const to = (channel: string, date: string) => `${props.base}/${channel}/${date}`;
  return (
    <div className="row schedule-nav">
      <div className="segmented" role="group" aria-label="Канал">
        {(channels.data ?? []).map((channel) => (
          <Link
            key={channel.slug}
            className={channel.slug === props.channel ? 'button button--primary' : 'button'}
            aria-current={channel.slug === props.channel ? 'page' : undefined}
            to={to(channel.slug, props.date)}
          >
            {channelName(channel.slug, channel.name)}
          </Link>
        ))}
      </div>
      <Link className="button" to={to(props.channel, addDays(props.date, -props.step))} aria-label="Назад">
        <ChevronLeft size={16} aria-hidden="true" />
      </Link>
      <label className="visually-hidden" htmlFor={id}>
        День
      </label>
      <input
        id={id}
        className="input schedule-nav__date"
        type="date"
        value={props.date}
        onChange={(event) => {
          if (event.target.value !== '') void navigate(to(props.channel, event.target.value));
        }}
      />
      <Link className="button" to={to(props.channel, addDays(props.date, props.step))} aria-label="Вперёд">
        <ChevronRight size={16} aria-hidden="true" />
      </Link>
      <Link className="button" to={to(props.channel, today())}>
        Сегодня
      </Link>
    </div>
  );
}

export default function SchedulePage() {
  const { channel: slug, date } = useDayParams();
  return <WithChannel slug={slug} render={(channel) => <StoredDay channel={channel} date={date} />} />;
}

function StoredDay({ channel, date }: { channel: ChannelView; date: string }) {
  const stored = useQuery(dayQuery(channel.slug, date));
  return (
    <Loaded query={stored}>
      {(data) => <DayEditor key={`${channel.slug}/${date}`} channel={channel} date={date} opened={data.day} />}
    </Loaded>
  );
}

/** The day as it was opened (or last saved here) and the draft made of it. */
function DayEditor(props: { channel: ChannelView; date: string; opened: StudioScheduleDay }) {
  const { channel: aired, date } = props;
  const channel = aired.slug;
  const toast = useToast();
  const kept = useKeptDraft(channel, date, props.opened, dirty);
  const { base, draft: current, setDraft, changed, open } = kept;
  /** A refused save: the server's word and the day as they saved it meanwhile. */
  const [conflict, setConflict] = useState<{ problem: string; theirs: StudioScheduleDay }>();
  const [copying, setCopying] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const save = useSaveDay(channel, date);
  const copy = useCopyDay(channel, date);
  const preview = usePreview(channel, date, current);
  const onAirDay = preview.data !== undefined && preview.data.airsFrom !== null;
  const picture = usePictureClock(channel, !onAirDay);
  const names = useMemo(() => current.items.map((item) => item.media.name), [current]);
  const [placing, setPlacing] = useState<PlacementChoice>({ placement: { at: 'end' }, fixed: false });
  const [filling, setFilling] = useState<Gap>();
  const [saveBar, saveBarHeight] = useDrawnHeight<HTMLDivElement>();
  /** The draft as last asked for: an add answers after its item is read, maybe after another. */
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  }, [current]);
  const day = base;
  const openVersion = (version: StudioScheduleDay, gone: number): void => {
    setDraft(draftOf(version));
    toast(
      `Открыта версия ${String(version.revision)}${gone > 0 ? ` (без передач, которых нет в каталоге: ${String(gone)})` : ''}: проверьте и сохраните.`,
    );
  };
  const [params, setParams] = useSearchParams();
  const [versionProblem, setVersionProblem] = useState<string>();
  const asked = params.get('version');
  // The audit's «Открыть в редакторе»: the version it names becomes the draft, once.
  useEffect(() => {
    if (asked === null) return;
    setParams((now) => {
      const next = new URLSearchParams(now);
      next.delete('version');
      return next;
    });
    const entry = /^[1-9]\d{0,15}$/u.test(asked) ? Number(asked) : 0;
    studio('scheduleVersion', { params: { channel, date, entry } }).then(
      (answer) => {
        setVersionProblem(undefined);
        openVersion(answer.day, answer.gone);
      },
      (error: unknown) => {
        setVersionProblem(problemOf(error));
      },
    );
    // Only the address's ask: the draft's own changes do not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const update = (next: Partial<DayDraft>): void => {
    setDraft({ ...current, ...next });
  };
  const onSave = (revision: number): void => {
    save.mutate(
      { ...bodyOf(current), revision },
      {
        onSuccess: (answer) => {
          setConflict(undefined);
          open(answer.day);
          toast('День сохранён.');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            // Unread, their version cannot be shown: the refusal stays said under the header.
            studio('scheduleDay', { params: { channel, date } }).then(
              (answer) => {
                setConflict({ problem: problemOf(error), theirs: answer.day });
              },
              () => undefined,
            );
          }
        },
      },
    );
  };
  return (
    <>
      <PageHeader
        title={`Сетка: ${channelName(aired.slug, aired.name)}, ${new Date(`${date}T12:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`}
        about="Передачи дня по порядку; справа — что выйдет в эфир, посчитанное так же, как считает эфир."
      >
        <Link className="button" to={`/schedule-week/${channel}/${date}`}>
          <CalendarDays size={16} aria-hidden="true" />
          Неделя
        </Link>
        <button
          type="button"
          className="button"
          disabled={day.revision === 0 || changed}
          title={changed ? 'Сначала сохраните день' : undefined}
          onClick={() => {
            copy.reset();
            setCopying(true);
          }}
        >
          <Copy size={16} aria-hidden="true" />
          Копировать
        </button>
        <button
          type="button"
          className="button"
          disabled={day.revision === 0}
          onClick={() => {
            setBrowsing(true);
          }}
        >
          <History size={16} aria-hidden="true" />
          Версии
        </button>
      </PageHeader>
      <DayNavigation channel={channel} date={date} base="/schedule" step={1} />
      {/* The day's state and its save stay in reach however far down the list the editor is. */}
      <div ref={saveBar} className="save-bar">
        <p className="muted" role="status">
          {day.revision === 0
            ? 'Этого дня ещё нет в сетке: добавьте передачи и сохраните.'
            : `Версия ${String(day.revision)}${day.savedBy === null ? '' : `, сохранил(а) ${day.savedBy}`}${day.savedAt === null ? '' : ` ${formatDateTime(day.savedAt)}`}.`}
          {changed ? ' Есть несохранённые изменения.' : ''}
        </p>
        <button
          type="button"
          className="button button--primary"
          disabled={!changed || save.isPending}
          onClick={() => {
            onSave(base.revision);
          }}
        >
          <Save size={16} aria-hidden="true" />
          {save.isPending ? 'Сохранение…' : 'Сохранить'}
        </button>
      </div>
      {kept.restored ? (
        <div className="alert alert--info row" role="status">
          <span>
            Восстановлен несохранённый черновик этого дня (начат с версии {day.revision}).
            {props.opened.revision > day.revision
              ? ` С тех пор день сохранили заново (версия ${String(props.opened.revision)}): при сохранении вы увидите обе версии.`
              : ''}
          </span>
          <button
            type="button"
            className="button"
            onClick={() => {
              open(props.opened);
            }}
          >
            Отбросить черновик
          </button>
        </div>
      ) : null}
      <LeaveGuard when={changed} />
      <FormProblem problem={versionProblem} />
      {save.isError && conflict === undefined ? <FormProblem problem={problemOf(save.error)} /> : null}
      <div
        className="schedule"
        style={
          saveBarHeight === undefined
            ? undefined
            : ({ '--save-bar-height': `${String(saveBarHeight)}px` } as CSSProperties)
        }
      >
        <div className="stack">
          <section className="panel stack" aria-labelledby="day-settings">
            <h2 id="day-settings">День</h2>
            <div className="row">
              <label className="field">
                <span>Начало дня</span>
                <input
                  className="input"
                  type="time"
                  step={1}
                  required
                  value={current.startsAt}
                  onChange={(event) => {
                    const value = event.target.value;
                    if (value !== '') update({ startsAt: value.length === 5 ? `${value}:00` : value });
                  }}
                />
              </label>
              <label className="field schedule__finished">
                <span>Текст после окончания эфира</span>
                <input
                  className="input"
                  maxLength={scheduleLimits.finishedText}
                  value={current.finishedText}
                  onChange={(event) => {
                    update({ finishedText: event.target.value });
                  }}
                />
              </label>
            </div>
          </section>
          <section className="panel stack" aria-labelledby="day-items">
            <h2 id="day-items">Передачи</h2>
            <p className="muted" data-testid="day-length">
              {String(current.items.length)} {plural(current.items.length, 'передача', 'передачи', 'передач')} в дне
            </p>
            <PlacementPicker value={placing} onChange={setPlacing} onAir={onAirDay} timeline={preview.data} />
            <ItemPicker
              kind={kindDescriptions[aired.kind].catalogue}
              label="Добавить из каталога"
              taken={[]}
              onPick={(picked) => {
                void mediaOf(aired.kind, picked.id).then((media) => {
                  const before = latest.current;
                  const place = placeFor(placing, preview.data, date, before.items.length);
                  const item = {
                    key: nextKey(),
                    media,
                    startsAt: fixedStartOf(placing),
                    isAd: false,
                    draft: 0 as const,
                  };
                  latest.current = { ...before, items: insertAt(before.items, place, item) };
                  setDraft(latest.current);
                  toast(`«${media.name}» — место ${String(place + 1)} из ${String(latest.current.items.length)}.`);
                });
              }}
            />
            {current.items.length === 0 ? (
              <p className="muted">В этом дне пока нет передач.</p>
            ) : (
              <SortableList
                virtual
                listLabel="Передачи дня"
                items={current.items.map((item) => ({ ...item, id: item.key }))}
                label={(item) => item.media.name}
                onReorder={(items) => {
                  update({ items: items.map(({ id: _id, ...item }) => item) });
                }}
                render={(item) => (
                  <ItemRow
                    item={item}
                    channel={aired}
                    onChange={(next) => {
                      update({ items: current.items.map((entry) => (entry.key === next.key ? next : entry)) });
                    }}
                    onRemove={() => {
                      update({ items: current.items.filter((entry) => entry.key !== item.key) });
                    }}
                  />
                )}
              />
            )}
          </section>
          {aired.kind === 'video' ? (
            <Tickers
              tickers={current.tickers}
              items={current.items}
              onChange={(tickers) => {
                update({ tickers });
              }}
            />
          ) : null}
        </div>
        {preview.isError ? (
          <p className="alert" role="alert">
            {problemOf(preview.error)}
          </p>
        ) : preview.data === undefined ? (
          <p className="muted">Расчёт…</p>
        ) : (
          <Timeline
            timeline={preview.data}
            names={names}
            stale={preview.isPlaceholderData || preview.isFetching}
            now={picture}
            onFill={setFilling}
          />
        )}
      </div>
      {filling === undefined || preview.data === undefined ? null : (
        <FillDialog
          kind={aired.kind}
          gap={filling}
          airings={preview.data.rows.flatMap((row) => {
            const item = current.items[row.index];
            return row.airs && row.start !== null && item !== undefined
              ? [{ id: item.media.id, start: row.start }]
              : [];
          })}
          onFill={(picks) => {
            const before = latest.current;
            const added = picks.map((media) => ({
              key: nextKey(),
              media,
              startsAt: null,
              isAd: false,
              draft: 0 as const,
            }));
            const at = Math.min(filling.before, before.items.length);
            latest.current = { ...before, items: [...before.items.slice(0, at), ...added, ...before.items.slice(at)] };
            setDraft(latest.current);
            setFilling(undefined);
            toast(`Пауза заполнена: передач ${String(picks.length)}, с места ${String(at + 1)}.`);
          }}
          onClose={() => {
            setFilling(undefined);
          }}
        />
      )}
      {conflict === undefined ? null : (
        <ConflictDialog
          problem={conflict.problem}
          base={base}
          theirs={conflict.theirs}
          mine={current}
          busy={save.isPending}
          onCarryOver={(merged) => {
            open(conflict.theirs);
            setDraft(merged);
            setConflict(undefined);
            toast(
              `Открыта версия ${String(conflict.theirs.revision)} с перенесёнными изменениями: проверьте и сохраните.`,
            );
          }}
          onOverwrite={() => {
            onSave(conflict.theirs.revision);
          }}
          onClose={() => {
            setConflict(undefined);
          }}
        />
      )}
      <VersionsDialog
        open={browsing}
        channel={channel}
        date={date}
        current={props.opened.revision}
        onOpen={(version, gone) => {
          setBrowsing(false);
          openVersion(version, gone);
        }}
        onClose={() => {
          setBrowsing(false);
        }}
      />
      <CopyDialog
        key={date}
        open={copying}
        date={date}
        busy={copy.isPending}
        problem={copy.isError ? problemOf(copy.error) : undefined}
        result={copy.data}
        onCopy={(range) => {
          copy.mutate(range);
        }}
        onClose={() => {
          setCopying(false);
        }}
      />
    </>
  );
}

/** Whether the draft differs from the day as stored. */
/** An element's height as drawn, followed as it changes (the timeline is held under the save bar,
 * whose status may wrap). */
function useDrawnHeight<E extends HTMLElement>(): [RefObject<E | null>, number | undefined] {
  const element = useRef<E>(null);
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    const drawn = element.current;
    if (drawn === null) return;
    const observer = new ResizeObserver(() => {
      setHeight(drawn.offsetHeight);
    });
    observer.observe(drawn);
    return () => {
      observer.disconnect();
    };
  }, []);
  return [element, height];
}

function dirty(draft: DayDraft, day: StudioScheduleDay): boolean {
  return JSON.stringify(bodyOf(draft)) !== JSON.stringify(storedBody(day));
}
