// Adding a channel: its kind, its name as viewers see it, and its slug, the streams' folder, which
// is its address for good.
import { channelAddSchema, type ChannelKind } from '@efir/contract';
import type { z } from 'zod';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { CallProblem, fieldOf, SelectField, TextField } from '../../components/fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useAddChannel } from '../../lib/channels.ts';
import { submitTo, useDialogForm } from '../../lib/dialog-form.ts';

type AddInput = z.input<typeof channelAddSchema>;

export const kindLabels: Record<ChannelKind, string> = { video: 'Телеканал', audio: 'Радиостанция' };

const blank: AddInput = { slug: '', name: '', kind: 'video' };

export function ChannelAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddChannel();
  const toast = useToast();
  const { form, close } = useDialogForm(channelAddSchema, blank, add, onClose);
  return (
    <Dialog open={open} title="Новый канал" onClose={close} narrow>
      <form
        className="form"
        noValidate
        onSubmit={submitTo(form, add, (channel) => {
          toast(`Канал «${channel.name}» в эфире`);
          close();
        })}
      >
        <SelectField
          label="Что вещает"
          {...fieldOf(form, 'kind')}
          choices={(['video', 'audio'] as const).map((kind) => ({ value: kind, label: kindLabels[kind] }))}
        />
        <TextField label="Название" {...fieldOf(form, 'name')} />
        <TextField
          label="Адрес"
          hint="Латинские строчные буквы, цифры и дефисы: поток будет по адресу /адрес/…; изменить его потом нельзя"
          {...fieldOf(form, 'slug')}
        />
        <CallProblem call={add} />
        <FormFooter onCancel={close} submit="Добавить" busy={add.isPending} />
      </form>
    </Dialog>
  );
}
