// A compact field of the schedule's forms: the label holds its words and the input, and the input
// hands on its new value as typed.
import type { InputHTMLAttributes } from 'react';

export function LabelledInput({
  label,
  onValue,
  ...input
}: { label: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'onChange'
>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        className="input"
        {...input}
        onChange={(event) => {
          onValue(event.target.value);
        }}
      />
    </label>
  );
}
