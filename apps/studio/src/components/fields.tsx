// Form fields over react-hook-form: a label tied to its input, the rule's hint, and the error the
// contract's schema gave, announced and linked to the input.
import { type ReactNode, useId } from 'react';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { problemOf } from '../lib/api.ts';

/** A form's field as the fields below take it, `{...fieldOf(form, 'name')}`: registered, with the
 * error the schema gave it. */
export function fieldOf<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'register' | 'formState'>,
  name: Path<V>,
  options?: RegisterOptions<V, Path<V>>,
): { registration: UseFormRegisterReturn; error: FieldError | undefined } {
  const { errors } = form.formState;
  return {
    registration: form.register(name, options),
    error: get<typeof errors, FieldError | undefined>(errors, name),
  };
}

interface FieldProps {
  label: string;
  error?: FieldError | undefined;
  hint?: string;
}

/** What ties a control to its label and messages: spread onto the input, select or textarea. */
export interface ControlTies {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A labelled control with its hint and error; what follows the messages (a search's findings,
 * say) comes as `children`. */
export function Field(
  props: FieldProps & { control: (ties: ControlTies) => ReactNode; grow?: boolean; children?: ReactNode },
) {
  const { error, hint } = props;
  const id = useId();
  const described = [hint === undefined ? undefined : `${id}-hint`, error === undefined ? undefined : `${id}-error`]
    .filter((part) => part !== undefined)
    .join(' ');
  return (
    <div className={props.grow === true ? 'field field--grow' : 'field'}>
      <label htmlFor={id}>{props.label}</label>
      {props.control({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': described === '' ? undefined : described,
      })}
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
      {props.children}
    </div>
  );
}

/** A search box, its words handed on as typed; what follows it (its findings) comes as `children`. */
export function SearchField(props: {
  label: string;
  text: string;
  onText: (text: string) => void;
  placeholder?: string;
  grow?: boolean;
  children?: ReactNode;
}) {
  return (
    <Field
      label={props.label}
      grow={props.grow}
      control={({ id }) => (
        <input
          id={id}
          className="input"
          type="search"
          placeholder={props.placeholder}
          value={props.text}
          onChange={(event) => {
            props.onText(event.target.value);
          }}
        />
      )}
    >
      {props.children}
    </Field>
  );
}

export function TextField(
  props: FieldProps & { registration: UseFormRegisterReturn; type?: string; autoComplete?: string },
) {
  return (
    <Field
      {...props}
      control={(ties) => (
        <input
          {...ties}
          className="input"
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete ?? 'off'}
          {...props.registration}
        />
      )}
    />
  );
}

/** A password, hidden as it is typed; the browser offers the saved one or a new one. */
export function PasswordField(
  props: FieldProps & { registration: UseFormRegisterReturn; autoComplete: 'current-password' | 'new-password' },
) {
  return <TextField {...props} type="password" />;
}

export function TextAreaField(props: FieldProps & { registration: UseFormRegisterReturn; rows?: number }) {
  return (
    <Field
      {...props}
      control={(ties) => <textarea {...ties} className="textarea" rows={props.rows ?? 4} {...props.registration} />}
    />
  );
}

/** One choice of a select: what the form stores, and its words. */
export interface Choice {
  value: string | number;
  label: string;
}

/** A select's choices, each an option. */
export function Choices({ choices }: { choices: readonly Choice[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}

/** A select: its `children` (a first «all» or «choose» entry, say), then its `choices`. */
export function SelectField(
  props: FieldProps & { registration: UseFormRegisterReturn; children?: ReactNode; choices?: readonly Choice[] },
) {
  // The children are the select's first options, not what follows the field.
  const { children: first, ...field } = props;
  return (
    <Field
      {...field}
      control={(ties) => (
        <select {...ties} className="select" {...props.registration}>
          {first}
          {props.choices === undefined ? null : <Choices choices={props.choices} />}
        </select>
      )}
    />
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

/** Why a query or a change failed, announced; nothing while it has not. */
export function CallProblem({ call }: { call: { isError: boolean; error: unknown } }) {
  return <FormProblem problem={call.isError ? problemOf(call.error) : undefined} />;
}

/** A rule broken by a list of the form as a whole (too few answers, too many picks), announced. */
export function ListProblem({ problem }: { problem: string | undefined }) {
  return problem === undefined ? null : (
    <p className="field__error" role="alert">
      {problem}
    </p>
  );
}
