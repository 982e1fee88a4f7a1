// The schedules' time zone: the server's, named in a meta tag of the page it serves (read once).
import { pageTimeZone } from '@efir/contract';

let announced: string | undefined;

export function siteTimeZone(): string {
  announced ??= pageTimeZone(typeof document === 'undefined' ? undefined : document);
  return announced;
}
