// The studio's texts an editor writes, checked alike in every area's fields.
import { z } from 'zod';

/** A text an editor writes: trimmed, within its bounds; `label` names it in the refusal. */
export function textSchema(label: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min, min === 1 ? `${label}: не может быть пустым` : `${label}: не короче ${String(min)} символов`)
    .max(max, `${label}: не длиннее ${String(max)} символов`);
}
