// Form fields over react-hook-form: a label tied to its input, the rule's hint, and the error the
// contract's schema gave, announced and linked to the input.
import { type ReactNode, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FieldProps {
  label: string;
  error?: FieldError | undefined;
  hint?: string;
}

function useIds(error: FieldError | undefined, hint: string | undefined) {
  const id = useId();
  const described = [hint === undefined ? undefined : `${id}-hint`, error === undefined ? undefined : `${id}-error`]
    .filter((part) => part !== undefined)
    .join(' ');
  return { id, described: described === '' ? undefined : described };
}

function Messages({ id, error, hint }: { id: string; error: FieldError | undefined; hint: string | undefined }) {
  return (
    <>
      {hint === undefined ? null : (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      )}
      {error?.message === undefined ? null : (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error.message}
        </span>
      )}
    </>
  );
}

export function TextField(
  props: FieldProps & { registration: UseFormRegisterReturn; type?: string; autoComplete?: string },
) {
  const { id, described } = useIds(props.error, props.hint);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className="input"
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete ?? 'off'}
        aria-invalid={props.error !== undefined}
        aria-describedby={described}
        {...props.registration}
      />
      <Messages id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

export function TextAreaField(props: FieldProps & { registration: UseFormRegisterReturn; rows?: number }) {
  const { id, described } = useIds(props.error, props.hint);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        className="textarea"
        rows={props.rows ?? 4}
        aria-invalid={props.error !== undefined}
        aria-describedby={described}
        {...props.registration}
      />
      <Messages id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

/** One choice of a select: what the form stores, and its words. */
export interface Choice {
  value: string | number;
  label: string;
}

/** A select: its `children` (a first «all» or «choose» entry, say), then its `choices`. */
export function SelectField(
  props: FieldProps & { registration: UseFormRegisterReturn; children?: ReactNode; choices?: readonly Choice[] },
) {
  const { id, described } = useIds(props.error, props.hint);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        className="select"
        aria-invalid={props.error !== undefined}
        aria-describedby={described}
        {...props.registration}
      >
        {props.children}
        {props.choices?.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

export function CheckboxField(props: { label: string; registration: UseFormRegisterReturn }) {
  return (
    <label className="checkbox">
      <input type="checkbox" {...props.registration} />
      {props.label}
    </label>
  );
}

/** A problem of the whole form (the server's refusal), announced. */
export function FormProblem({ problem }: { problem: string | undefined }) {
  return problem === undefined ? null : (
    <p className="alert" role="alert">
      {problem}
    </p>
  );
}
