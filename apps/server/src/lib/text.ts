/** The length of a text in Unicode code points, as a visitor counts characters (not UTF-16 units). */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/** Whether a request's parsed input (a string, or arrays and plain objects of them) holds a NUL
 * character anywhere, names included: PostgreSQL's text cannot hold one. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value === null || typeof value !== 'object') return false;
  // A buffer or a stream (an upload's bytes) is no text.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner));
}
