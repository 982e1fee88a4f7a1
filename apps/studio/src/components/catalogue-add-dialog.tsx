// Adding a catalogue item, a video or a radio: its fields and, usually, its file, which goes up
// resumably while the editor fills the form in; once saved, the file is made into the site's media
// in the background and the editor is taken to the new item's page. Each catalogue brings its
// form, its fields and its words.
import { type ReactNode, useCallback, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Dialog, FormFooter } from './dialog.tsx';
import { CallProblem } from './fields.tsx';
import { useToast } from './toasts.tsx';
import { UploadField } from './upload-field.tsx';

export function CatalogueAddDialog<F extends FieldValues>(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  form: UseFormReturn<F, unknown, F>;
  fields: ReactNode;
  file: { label: string; accept: string; hint: string };
  add: {
    mutate: (body: F & { upload?: string }, options: { onSuccess: (added: { id: number }) => void }) => void;
    isPending: boolean;
    isError: boolean;
    error: unknown;
  };
  /** Said once it is added: without a file, and with one being made. */
  added: { plain: string; making: string };
  /** The new item's page. */
  pageOf: (id: number) => string;
}) {
  const { form, add, onClose } = props;
  const [upload, setUpload] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const onUploaded = useCallback((id: string) => {
    setUpload(id);
  }, []);
  return (
    <Dialog open={props.open} title={props.title} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          add.mutate(
            { ...values, ...(upload === undefined ? {} : { upload }) },
            {
              onSuccess: (added) => {
                toast(upload === undefined ? props.added.plain : props.added.making);
                onClose();
                void navigate(props.pageOf(added.id));
              },
            },
          );
        })}
      >
        <UploadField
          label={props.file.label}
          accept={props.file.accept}
          hint={props.file.hint}
          onUploaded={onUploaded}
          onCleared={() => {
            setUpload(undefined);
          }}
          onBusy={setUploading}
        />
        {props.fields}
        <CallProblem call={add} />
        {uploading ? <p className="muted">Сохранить можно, когда файл загрузится.</p> : null}
        <FormFooter onCancel={onClose} submit="Сохранить" busy={add.isPending || uploading} />
      </form>
    </Dialog>
  );
}
