/** The length of a text in Unicode code points, as a visitor counts characters (not UTF-16 units). */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}
