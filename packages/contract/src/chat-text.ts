// What a chat nickname or message becomes before it is stored, and why one is refused. Shared by
// the server, which enforces it, and the web app, which warns before sending.
import { chatCombiningMarksMax } from './constants.ts';

export type ChatTextProblem = 'empty' | 'long' | 'control' | 'surrogate';
export type ChatTextOutcome = { text: string } | { problem: ChatTextProblem };

const problemDetails: Record<ChatTextProblem, (label: string, maxLength: number) => string> = {
  surrogate: (label) => `${label} is not valid text: it holds half of a UTF-16 surrogate pair.`,
  control: (label) => `${label} must not contain control characters.`,
  empty: (label) => `${label} must not be empty (invisible characters alone do not count).`,
  long: (label, maxLength) => `${label} must be at most ${String(maxLength)} characters.`,
};

/** The server's words for a post the chats' word list refuses: the web app knows the refusal by them. */
export const chatWordRefusal = 'This message has a word this chat does not take: please say it another way.';

/** The server's words for a refused nickname (label `Name`) or message (`Message`). */
export function chatTextProblemDetail(label: string, problem: ChatTextProblem, maxLength: number): string {
  return problemDetails[problem](label, maxLength);
}

/**
 * The most UTF-16 units a form's field takes for a limit counted in characters: a character may
 * be a pair of them, so the field never cuts text the server would take.
 */
export function chatInputMaxUnits(maxLength: number): number {
  return maxLength * 2;
}

/** Half of a UTF-16 pair without its other half: not text at all. */
const loneSurrogate = /\p{Cs}/u;
/**
 * Removed from what is stored: bidirectional marks, embeddings, overrides and isolates, which can
 * make a message read backwards or spill into the next one, and tag characters, which are invisible.
 */
const removed = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u{e0000}-\u{e007f}]/gu;
const combiningRun = new RegExp(`(\\p{M}{${String(chatCombiningMarksMax)}})\\p{M}+`, 'gu');
const control = /\p{Cc}/u;
/**
 * What shows nothing: white space, format and default-ignorable characters (zero-width spaces and
 * joiners, word joiners, variation selectors, the Hangul fillers), combining marks with no letter
 * to sit on once those are gone, and the blank Braille pattern.
 */
const invisible = /[\p{White_Space}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\p{M}\u2800\u3164\u115f\u1160\uffa0]/gu;

/**
 * A nickname or message as it will be stored (NFC, the removed characters gone, combining marks
 * capped, trimmed), or the problem that refuses it. Invisible characters between visible ones stay:
 * joiners hold emoji and some scripts together.
 */
export function cleanChatText(value: string, maxLength: number): ChatTextOutcome {
  if (loneSurrogate.test(value)) return { problem: 'surrogate' };
  const text = value.normalize('NFC').replace(removed, '').replace(combiningRun, '$1').trim();
  if (control.test(text)) return { problem: 'control' };
  if (text.replace(invisible, '') === '') return { problem: 'empty' };
  // Characters as a visitor counts them: code points, not UTF-16 units.
  if (Array.from(text).length > maxLength) return { problem: 'long' };
  return { text };
}
