// Choosing a file and sending it by resumable upload, with its progress; once it has all arrived
// the caller is given the upload's id.
import { useEffect, useId, useRef } from 'react';
import { currentCsrfToken } from '../lib/api.ts';
import { formatBytes } from '../lib/format.ts';
import { useUpload } from '../lib/upload.ts';
import { CallProblem } from './fields.tsx';
import { useToast } from './toasts.tsx';

export function UploadField(props: {
  label: string;
  accept: string;
  hint?: string;
  onUploaded: (id: string) => void;
  onCleared?: () => void;
  /** Whether a file is on its way: a form waits for it before saving. */
  onBusy?: (busy: boolean) => void;
}) {
  const id = useId();
  const { state, start, reset } = useUpload(currentCsrfToken);
  const input = useRef<HTMLInputElement>(null);
  // The callbacks are read from a ref so that an upload is reported once, however often the
  // caller's callbacks change identity.
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const done = state.phase === 'done' ? state.id : undefined;
  useEffect(() => {
    if (done !== undefined) callbacks.current.onUploaded(done);
  }, [done]);
  const busy = state.phase === 'uploading';
  useEffect(() => {
    callbacks.current.onBusy?.(busy);
  }, [busy]);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={input}
        id={id}
        type="file"
        className="input"
        accept={props.accept}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file === undefined) {
            reset();
            props.onCleared?.();
            return;
          }
          start(file);
        }}
      />
      {props.hint === undefined ? null : <span className="field__hint">{props.hint}</span>}
      <div id={`${id}-status`} aria-live="polite">
        {state.phase === 'uploading' ? (
          <div className="progress" data-testid="upload-progress">
            <span>
              Загрузка «{state.name}»: {formatBytes(state.sent)} из {formatBytes(state.total)}
            </span>
            <progress
              max={state.total}
              value={state.sent}
              aria-label={`Загрузка: ${String(Math.round((state.sent / Math.max(1, state.total)) * 100))} %`}
            />
          </div>
        ) : null}
        {state.phase === 'done' ? (
          <span className="badge badge--ok" data-testid="upload-done">
            Загружено: «{state.name}», {formatBytes(state.total)}
          </span>
        ) : null}
        {state.phase === 'failed' ? (
          <div className="row">
            <span className="field__error" role="alert">
              {state.message}
            </span>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                const file = input.current?.files?.[0];
                if (file !== undefined) start(file);
              }}
            >
              Продолжить загрузку
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The picture types the server makes pictures of (JPEG, PNG, WebP). */
const pictureTypes = 'image/jpeg,image/png,image/webp';

/** A change that takes a finished upload: a new file or a new picture. */
export interface UploadChange {
  mutate: (upload: string, options: { onSuccess: () => void }) => void;
  isError: boolean;
  error: unknown;
}

/** Hands a finished upload to its change; says `said` once the change is made, then `then`. */
export function useUploadTaken(change: UploadChange, said: string, then?: () => void): (upload: string) => void {
  const toast = useToast();
  return (upload) => {
    change.mutate(upload, {
      onSuccess: () => {
        toast(said);
        then?.();
      },
    });
  };
}

/** A picture sent as soon as it is chosen and taken by its change; what was wrong with it when it
 * was refused. */
export function PictureUpload(props: {
  label: string;
  hint?: string;
  change: UploadChange;
  /** Said once the picture is taken. */
  saved: string;
  onSaved?: () => void;
}) {
  const onUploaded = useUploadTaken(props.change, props.saved, props.onSaved);
  return (
    <>
      <UploadField
        label={props.label}
        accept={pictureTypes}
        {...(props.hint === undefined ? {} : { hint: props.hint })}
        onUploaded={onUploaded}
      />
      <CallProblem call={props.change} />
    </>
  );
}
