// The schedules' time zone: the server's, named in a meta tag of the page it serves; every date and
// time the pages show is read in it. Without the tag (a page Efir did not serve, the unit tests)
// Efir's default holds.
import { defaultTimeZone, streamMetaNames } from '@efir/contract';

let announced: string | undefined;

export function siteTimeZone(): string {
  if (announced === undefined) {
    const tag =
      typeof document === 'undefined'
        ? undefined
        : document.querySelector<HTMLMetaElement>(`meta[name="${streamMetaNames.timeZone}"]`);
    announced = tag?.content !== undefined && tag.content !== '' ? tag.content : defaultTimeZone;
  }
  return announced;
}
