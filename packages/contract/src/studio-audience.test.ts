import { describe, expect, it } from 'vitest';
import { audienceLimits, audienceQuerySchema, audienceRange, audienceStep } from './studio-audience.ts';

const hour = 3_600_000;
const day = 24 * hour;

describe("an audience report's step", () => {
  const now = 1_800_000_000_000;
  const minutesFrom = now - audienceLimits.minuteDays * day;

  it('is the shortest that keeps a series within its points', () => {
    expect(audienceStep(now - hour, now, minutesFrom)).toBe(60);
    expect(audienceStep(now - 12 * hour, now, minutesFrom)).toBe(60);
    expect(audienceStep(now - 24 * hour, now, minutesFrom)).toBe(300);
    expect(audienceStep(now - 7 * day + hour, now, minutesFrom)).toBe(900);
    expect(audienceStep(now - 90 * day, now, minutesFrom)).toBe(10_800);
  });

  it('is an hour at least where the range reaches the rolled-up hours', () => {
    expect(audienceStep(now - 8 * day, now - 8 * day + hour, minutesFrom)).toBe(3600);
    expect(audienceStep(now - 8 * day, now, minutesFrom)).toBe(3600);
  });

  it('takes a range that ends after it starts and is at most the longest; a day to now by default', () => {
    expect(audienceQuerySchema.safeParse({ from: '10', to: '20' }).data).toEqual({ from: 10, to: 20 });
    expect(audienceQuerySchema.safeParse({ from: 'x', to: 20 }).success).toBe(false);
    expect(audienceRange({ from: 10, to: 20 }, now)).toEqual({ from: 10, to: 20 });
    expect(audienceRange({}, now)).toEqual({ from: now - day, to: now });
    expect(audienceRange({ from: 20, to: 20 }, now)).toHaveProperty('problem');
    expect(audienceRange({ from: now + 1 }, now)).toHaveProperty('problem');
    expect(audienceRange({ from: 0, to: 91 * day }, now)).toHaveProperty('problem');
  });
});
