// The radio page's popular programmes and songs: the editors' picks of each, in their order; the
// most played radios of the kind fill whatever of the twelve places the picks leave.
import { showcaseLimits } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CallProblem } from '../../components/fields.tsx';
import type { PickedItem } from '../../components/item-picker.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PickedList } from '../../components/picked-items.tsx';
import { useToast } from '../../components/toasts.tsx';
import { type PopularKind, popularPicksQuery, useWritePopularPicks } from './api.ts';
import { Loaded } from '../../components/loaded.tsx';

const placesMax = showcaseLimits.popularPlaces;

const panels = [
  {
    kind: 'programmes',
    radioKind: 1,
    title: 'Популярные передачи',
    add: 'Добавить передачу',
    saved: 'Передачи сохранены',
  },
  { kind: 'songs', radioKind: 2, title: 'Популярные песни', add: 'Добавить песню', saved: 'Песни сохранены' },
] as const;

export default function PopularPage() {
  return (
    <>
      <PageHeader
        title="Популярное на радио"
        about={`Выбранные здесь записи идут первыми, остальные из ${String(placesMax)} мест занимают самые слушаемые.`}
      />
      <div className="grid-2">
        {panels.map((panel) => (
          <PopularPanel key={panel.kind} {...panel} />
        ))}
      </div>
    </>
  );
}

function PopularPanel(props: { kind: PopularKind; radioKind: 1 | 2; title: string; add: string; saved: string }) {
  const headingId = useId();
  const picks = useQuery(popularPicksQuery(props.kind));
  const write = useWritePopularPicks(props.kind);
  const toast = useToast();
  // The editor's unsaved list; null while it is the stored one.
  const [draft, setDraft] = useState<PickedItem[] | null>(null);
  const items = draft ?? picks.data?.radios ?? [];
  const ids = items.map((radio) => radio.id);
  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      <Loaded query={picks}>
        {() => (
          <>
            <PickedList
              kind="radio"
              radioKind={props.radioKind}
              items={items}
              max={placesMax}
              onChange={setDraft}
              words={{
                empty: 'Выбранных нет: все места занимают самые слушаемые.',
                listLabel: props.title,
                add: props.add,
                full: `Выбраны все ${String(placesMax)} мест.`,
              }}
            />
            <CallProblem call={write} />
            <div className="row">
              <button
                type="button"
                className="button button--primary"
                disabled={write.isPending}
                onClick={() => {
                  write.mutate(ids, {
                    onSuccess: () => {
                      setDraft(null);
                      toast(props.saved);
                    },
                  });
                }}
              >
                Сохранить
              </button>
              {draft === null ? null : <span className="muted">Есть несохранённые изменения</span>}
            </div>
          </>
        )}
      </Loaded>
    </section>
  );
}
