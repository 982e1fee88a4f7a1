// Which draft value a scheduled item airs with: the one rule, for the live channels and for the
// editor's timeline of a day not yet saved. A medium marked draft 2 never airs, wherever it is
// scheduled; otherwise a radio item carries its own draft value (the radioprogram's items have
// one), and a TV item its video's (the teleprogram's items have none).
import type { ChannelKind } from '@efir/contract';
import { programmeTables } from './programme-tables.ts';

export function airingDraft(kind: ChannelKind, mediaDraft: number, itemDraft: number): number {
  if (mediaDraft === 2) return 2;
  return programmeTables[kind].itemsHaveDraft ? itemDraft : mediaDraft;
}
