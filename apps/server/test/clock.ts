// The site's clock in a test: the real one, moved forward when the test says, so that a test
// about a limit in time moves the time instead of waiting for it.
import type { Clock } from '../src/lib/clock.ts';
import { type RateWindow, windowStart } from '../src/repositories/rate-windows.ts';

export class TestClock {
  #aheadMs = 0;

  /** The clock to give the site. */
  readonly now: Clock = () => new Date(Date.now() + this.#aheadMs);

  advance(ms: number): void {
    this.#aheadMs += ms;
  }

  /**
   * Moves to a tenth of a second into the next `window`: a burst that asserts a limit per window
   * then has all of it, never the end of one and the start of the next.
   */
  toNextWindow(window: RateWindow): void {
    const now = this.now();
    const next = windowStart(window, now, -1).getTime();
    this.advance(next + 100 - now.getTime());
  }
}
