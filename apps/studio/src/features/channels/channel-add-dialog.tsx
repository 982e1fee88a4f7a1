// Adding a channel: its kind, its name as viewers see it, and its slug, the streams' folder, which
// is its address for good.
import { channelAddSchema, type ChannelKind } from '@efir/contract';
import type { z } from 'zod';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { FormProblem, SelectField, TextField } from '../../components/fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { useAddChannel } from '../../lib/channels.ts';
import { useDialogForm } from '../../lib/dialog-form.ts';

type AddInput = z.input<typeof channelAddSchema>;

export const kindLabels: Record<ChannelKind, string> = { video: 'Телеканал', audio: 'Радиостанция' };

const blank: AddInput = { slug: '', name: '', kind: 'video' };

export function ChannelAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddChannel();
  const toast = useToast();
  const { form, errors, close } = useDialogForm(channelAddSchema, blank, add, onClose);
  return (
    <Dialog open={open} title="Новый канал" onClose={close} narrow>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          add.mutate(values, {
            onSuccess: (channel) => {
              toast(`Канал «${channel.name}» в эфире`);
              close();
            },
          });
        })}
      >
        <SelectField
          label="Что вещает"
          registration={form.register('kind')}
          error={errors.kind}
          choices={(['video', 'audio'] as const).map((kind) => ({ value: kind, label: kindLabels[kind] }))}
        />
        <TextField label="Название" registration={form.register('name')} error={errors.name} />
        <TextField
          label="Адрес"
          hint="Латинские строчные буквы, цифры и дефисы: поток будет по адресу /адрес/…; изменить его потом нельзя"
          autoComplete="off"
          registration={form.register('slug')}
          error={errors.slug}
        />
        <FormProblem problem={add.isError ? problemOf(add.error) : undefined} />
        <FormFooter onCancel={close} submit="Добавить" busy={add.isPending} />
      </form>
    </Dialog>
  );
}
