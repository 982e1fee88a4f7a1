// Copying the open day to a range of days (the next day unless the editor says otherwise): days
// without a schedule are written, days that have one are kept and listed, and only then, asked
// in so many words, can the editor replace those too.
import { addDays, scheduleLimits } from '@efir/contract';
import { useState } from 'react';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { LabelledInput } from './labelled-input.tsx';

export function CopyDialog(props: {
  open: boolean;
  date: string;
  /** The day to copy to, first; the next day when not given. */
  target?: string | undefined;
  busy: boolean;
  problem: string | undefined;
  result: { written: string[]; kept: string[] } | undefined;
  onCopy: (range: { from: string; to: string; replace: boolean }) => void;
  onClose: () => void;
}) {
  const [from, setFrom] = useState(props.target ?? addDays(props.date, 1));
  const [to, setTo] = useState(props.target ?? addDays(props.date, 1));
  const kept = props.result?.kept ?? [];
  const replace = (): void => {
    props.onCopy({ from, to, replace: true });
  };
  return (
    <Dialog open={props.open} title="Копировать день" onClose={props.onClose} narrow>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          props.onCopy({ from, to, replace: false });
        }}
      >
        <p className="muted">
          Передачи, начало дня, текст окончания и бегущие строки этого дня запишутся в каждый день диапазона (не больше{' '}
          {scheduleLimits.copyDays} дней). Дни, в которых уже есть сетка, останутся как были.
        </p>
        <div className="row">
          <LabelledInput label="С" type="date" required value={from} onValue={setFrom} />
          <LabelledInput label="По" type="date" required value={to} onValue={setTo} />
        </div>
        <FormProblem problem={props.problem} />
        {props.result === undefined || (props.result.written.length === 0 && kept.length > 0) ? null : (
          <p className="alert alert--ok" role="status">
            Записано дней: {props.result.written.length}.
          </p>
        )}
        {kept.length === 0 ? null : (
          <div className="alert stack" role="alert">
            <p>
              Уже есть сетка, их не трогали: {kept.join(', ')}. Заменить её копией этого дня? Прежние передачи этих дней
              пропадут.
            </p>
            <button
              type="button"
              className="button button--danger copy-replace"
              disabled={props.busy}
              onClick={replace}
            >
              Заменить дней: {kept.length}
            </button>
          </div>
        )}
        <FormFooter onCancel={props.onClose} cancel="Закрыть" submit="Копировать" busy={props.busy} />
      </form>
    </Dialog>
  );
}
