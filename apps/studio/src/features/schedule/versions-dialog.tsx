// The saves of the open day, newest first, as the audit kept them: who saved each and when, and
// how many items it had; any opens in the editor as the draft, to look at on the timeline and
// save again (an ordinary save: over the day as it is now, audited).
import { type StudioScheduleDay, type ScheduleVersion } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { CallProblem, FormProblem } from '../../components/fields.tsx';
import { Loaded } from '../../components/loaded.tsx';
import { problemOf, studio } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { versionsQuery } from './api.ts';

export function VersionsDialog(props: {
  open: boolean;
  channel: string;
  date: string;
  /** The revision stored now: it is the day as it is, nothing to open. */
  current: number;
  onOpen: (day: StudioScheduleDay, gone: number) => void;
  onClose: () => void;
}) {
  const versions = useQuery({ ...versionsQuery(props.channel, props.date), enabled: props.open });
  const [problem, setProblem] = useState<string>();
  const open = (version: ScheduleVersion): void => {
    setProblem(undefined);
    studio('scheduleVersion', { params: { channel: props.channel, date: props.date, entry: version.entry } }).then(
      (answer) => {
        props.onOpen(answer.day, answer.gone);
      },
      (error: unknown) => {
        setProblem(problemOf(error));
      },
    );
  };
  return (
    <Dialog open={props.open} title="Версии дня" onClose={props.onClose}>
      <div className="stack">
        <p className="muted">
          Каждое сохранение этого дня. Открытая версия станет черновиком: проверьте её по расчёту эфира и сохраните.
        </p>
        <CallProblem call={versions} />
        <FormProblem problem={problem} />
        <Loaded query={versions}>
          {(list) =>
            list.length === 0 ? (
              <p className="muted">Сохранённых версий нет.</p>
            ) : (
              <ul className="versions">
                {list.map((version) => (
                  <li key={version.entry} className="versions__row">
                    <span>
                      <strong>Версия {version.revision}</strong> · {version.savedBy} · {formatDateTime(version.savedAt)}{' '}
                      · передач: {version.items}
                    </span>
                    {version.revision === props.current ? (
                      <span className="badge">Сейчас</span>
                    ) : (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Открыть версию ${String(version.revision)}`}
                        onClick={() => {
                          open(version);
                        }}
                      >
                        Открыть
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </div>
    </Dialog>
  );
}
