// Copying the open day to a range of days: days that have a schedule are kept unless the editor
// asks to replace them, and the answer says which were written and which kept.
import { addDays, scheduleLimits } from '@efir/contract';
import { useState } from 'react';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { LabelledInput } from './labelled-input.tsx';

export function CopyDialog(props: {
  open: boolean;
  date: string;
  busy: boolean;
  problem: string | undefined;
  result: { written: string[]; kept: string[] } | undefined;
  onCopy: (range: { from: string; to: string; replace: boolean }) => void;
  onClose: () => void;
}) {
  const [from, setFrom] = useState(addDays(props.date, 1));
  const [to, setTo] = useState(addDays(props.date, 7));
  const [replace, setReplace] = useState(false);
  return (
    <Dialog open={props.open} title="Копировать день" onClose={props.onClose} narrow>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          props.onCopy({ from, to, replace });
        }}
      >
        <p className="muted">
          Передачи, начало дня, текст окончания и бегущие строки этого дня запишутся в каждый день диапазона (не больше{' '}
          {scheduleLimits.copyDays} дней).
        </p>
        <div className="row">
          <LabelledInput label="С" type="date" required value={from} onValue={setFrom} />
          <LabelledInput label="По" type="date" required value={to} onValue={setTo} />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={replace}
            onChange={(event) => {
              setReplace(event.target.checked);
            }}
          />
          Заменить дни, в которых уже есть сетка
        </label>
        <FormProblem problem={props.problem} />
        {props.result === undefined ? null : (
          <p className="alert alert--ok" role="status">
            Записано дней: {props.result.written.length}.
            {props.result.kept.length === 0
              ? ''
              : ` Оставлены как были (уже есть сетка): ${props.result.kept.join(', ')}.`}
          </p>
        )}
        <FormFooter onCancel={props.onClose} cancel="Закрыть" submit="Копировать" busy={props.busy} />
      </form>
    </Dialog>
  );
}
