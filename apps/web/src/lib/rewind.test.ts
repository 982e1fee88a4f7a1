import { describe, expect, it } from 'vitest';
import {
  behindText,
  createPictureReader,
  liveSnapMs,
  mustReanchor,
  oldestGuardMs,
  programmeStartBefore,
  reanchorMs,
  seekBounds,
  seekFrom,
} from './rewind.ts';

const hour = 3_600_000;
const now = Date.UTC(2026, 10, 25, 17, 0, 0);

describe('rewind rules', () => {
  it('spans the window, kept clear of its oldest instant', () => {
    expect(seekBounds(now, 3 * hour)).toEqual({ oldest: now - 3 * hour + oldestGuardMs, newest: now });
  });

  it('lands a seek on a whole second in the window, near the edge back to live', () => {
    expect(seekFrom(now - hour - 1234, now, 3 * hour)).toBe(now - hour - 2000);
    expect(seekFrom(now - 5 * hour, now, 3 * hour)).toBe(now - 3 * hour + oldestGuardMs);
    expect(seekFrom(now - liveSnapMs + 1, now, 3 * hour)).toBeUndefined();
    expect(seekFrom(now + 5000, now, 3 * hour)).toBeUndefined();
    expect(seekFrom(now - liveSnapMs - 1000, now, 3 * hour)).toBe(now - liveSnapMs - 1000);
  });

  it('asks again from where it plays before its start leaves the window', () => {
    expect(mustReanchor(now - 3 * hour + reanchorMs - 1, now, 3 * hour)).toBe(true);
    expect(mustReanchor(now - 2 * hour, now, 3 * hour)).toBe(false);
  });

  it('says how far behind live the picture is', () => {
    expect(behindText(now - 65_000, now)).toBe('−1:05');
    expect(behindText(now - hour - 62_000, now)).toBe('−1:01:02');
    expect(behindText(now + 2000, now)).toBe('−0:00');
  });

  it('finds when the programme playing started, on the channel’s clock or a copy’s', () => {
    const zone = 'Europe/Moscow';
    // 17:00 UTC is 20:00 in Moscow.
    expect(programmeStartBefore('19:45:00', now, zone)).toBe(now - 15 * 60_000);
    expect(programmeStartBefore('20:00:00', now, zone)).toBe(now);
    // Aired a few seconds ahead of its time, it is today's programme, not yesterday's.
    expect(programmeStartBefore('20:00:03', now, zone)).toBe(now + 3000);
    expect(programmeStartBefore('20:05:00', now, zone)).toBe(now + 5 * 60_000 - 86_400_000);
    // A programme from before midnight, played after it.
    const pastMidnight = Date.UTC(2026, 10, 25, 21, 10, 0);
    expect(programmeStartBefore('23:50:00', pastMidnight, zone)).toBe(pastMidnight - 20 * 60_000);
    // On the +4 copy it is 00:00 at 17:00 UTC: its 23:30 item began half an hour ago.
    expect(programmeStartBefore('23:30:00', now, zone, 240)).toBe(now - 30 * 60_000);
  });
});

describe('createPictureReader', () => {
  it('reads the player the moment it is asked, and keeps the last instant while nothing plays', () => {
    const reader = createPictureReader();
    expect(reader.playing()).toBeUndefined();
    let picture: number | undefined = 1000;
    reader.follow(() => picture);
    expect(reader.playing()).toBe(1000);
    picture = 1250;
    expect(reader.playing()).toBe(1250);
    picture = undefined;
    expect(reader.playing()).toBe(1250);
    reader.follow(undefined);
    expect(reader.playing()).toBe(1250);
    reader.follow(() => undefined, true);
    expect(reader.playing()).toBeUndefined();
  });
});
