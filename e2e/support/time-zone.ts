// The schedules' zone of the run's sites: a fixed offset whose wall clock reads about noon when
// the run begins, so that no browser test meets a midnight halfway (a day written "from ten
// minutes ago" at 00:05, a week list that moved on). The day's edge has tests of its own, on an
// injected clock (apps/server), and e2e/time-zone.spec.ts runs sites on named zones.
import { defaultTimeZone } from '@efir/contract';

/** Chosen once by the global setup and handed to the workers; the default zone outside a run. */
export function runTimeZone(): string {
  return process.env.E2E_TZ ?? defaultTimeZone;
}

/** The Etc/GMT zone (its sign is POSIX's: Etc/GMT+9 is nine hours behind UTC) where `instant` is
 * nearest noon. */
export function zoneAtNoon(instant: Date): string {
  const hours = instant.getUTCHours() + instant.getUTCMinutes() / 60;
  // Ahead of UTC by `ahead` hours, from -12 to +14: Etc/GMT's range.
  const ahead = Math.min(14, Math.max(-12, Math.round(12 - hours)));
  return ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${String(Math.abs(ahead))}`;
}
