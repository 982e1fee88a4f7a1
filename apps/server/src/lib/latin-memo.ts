// Texts written once in the Latin script are written again from memory: answers repeat the
// catalogue's names and descriptions.
import { toLatin } from '@efir/contract';

/** At most this many texts are kept; then the memo starts again. */
const latinMemoSize = 20_000;

/** `toLatin`, remembering what it wrote. */
export function latinMemo(): (text: string) => string {
  const latin = new Map<string, string>();
  return (text) => {
    let written = latin.get(text);
    if (written === undefined) {
      written = toLatin(text);
      if (latin.size >= latinMemoSize) latin.clear();
      latin.set(text, written);
    }
    return written;
  };
}
