// Banning the visitor who wrote a message: for how long, whether their address too, and why. The
// server takes the visitor and the address from the message itself: a moderator never sees or
// types either, only their short tags.
import { type ChatBanDuration, chatBanAddSchema, type StudioChatMessage } from '@efir/contract';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { CallProblem, CheckboxField, fieldOf, SelectField, TextField } from '../../components/fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useBan } from './api.ts';
import { useDialogForm } from '../../lib/dialog-form.ts';

export const banDurations: Record<ChatBanDuration, string> = {
  '1h': 'на 1 час',
  '24h': 'на 24 часа',
  '7d': 'на 7 дней',
  forever: 'навсегда',
};

const banFormSchema = chatBanAddSchema.omit({ messageId: true });
type BanInput = z.input<typeof banFormSchema>;
const blank: BanInput = { duration: '24h', byAddress: false, reason: '' };

export function BanDialog({ message, onClose }: { message: StudioChatMessage | null; onClose: () => void }) {
  const ban = useBan();
  const toast = useToast();
  const { form, close } = useDialogForm(banFormSchema, blank, ban, onClose);
  return (
    <Dialog open={message !== null} title={`Бан гостя #${message?.visitorTag ?? ''}`} onClose={close} narrow>
      {message === null ? null : (
        <form
          className="form"
          noValidate
          onSubmit={form.handleSubmit((values) => {
            ban.mutate(
              { ...values, messageId: message.id },
              {
                onSuccess: (made) => {
                  toast(
                    made.addressTag === null
                      ? `Гость #${made.visitorTag} забанен ${banDurations[values.duration]}`
                      : `Гость #${made.visitorTag} и его адрес забанены ${banDurations[values.duration]}`,
                  );
                  close();
                },
              },
            );
          })}
        >
          <blockquote className="chat-quote">
            <strong>{message.name}</strong>: {message.message}
          </blockquote>
          <SelectField
            label="Срок"
            {...fieldOf(form, 'duration')}
            choices={Object.entries(banDurations).map(([value, label]) => ({ value, label }))}
          />
          {message.addressTag === null ? (
            <p className="muted">Адрес этого сообщения неизвестен: бан будет только по гостю.</p>
          ) : (
            <div className="stack chat-ban__address">
              <CheckboxField
                label={`Также по адресу #${message.addressTag}`}
                registration={form.register('byAddress')}
              />
              <p className="field__hint">
                С адреса не сможет писать никто, даже с новой cookie. За одним адресом бывают офис, общежитие, кафе или
                сотни абонентов мобильного оператора: баньте по адресу, когда гость обходит бан.
              </p>
            </div>
          )}
          <TextField
            label="Причина"
            hint="Необязательно; видна модераторам в списке банов"
            {...fieldOf(form, 'reason')}
          />
          <CallProblem call={ban} />
          <FormFooter onCancel={close} submit="Забанить" busy={ban.isPending} danger />
        </form>
      )}
    </Dialog>
  );
}

/** A ban dialog to open from any message of a list, and the dialog to render once beside it. */
export function useBanDialog(): { ban: (message: StudioChatMessage) => void; dialog: ReactNode } {
  const [banning, setBanning] = useState<StudioChatMessage | null>(null);
  return {
    ban: setBanning,
    dialog: (
      <BanDialog
        message={banning}
        onClose={() => {
          setBanning(null);
        }}
      />
    ),
  };
}
