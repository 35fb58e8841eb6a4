/**
 * Fake timers for the browser tests: @sinonjs/fake-timers on setTimeout / setInterval / Date only.
 * React renders through MessageChannel and promises run as microtasks; both stay real, and
 * `tickAsync` lets them settle (one real macrotask) before and after each due timer.
 */
import FakeTimers from '@sinonjs/fake-timers';

export interface FakeClock {
  /** Fake milliseconds since install. */
  readonly now: number;
  /** Advances fake time by `ms`, running every timer that falls due. */
  tickAsync(ms: number): Promise<void>;
  /** Timers waiting to run. */
  countTimers(): number;
  uninstall(): void;
}

const realSetTimeout = window.setTimeout.bind(window);
const settle = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

/** `now`: the fake Date's start (epoch ms), for rules about the calendar (a local midnight). */
export function installClock(now = 0): FakeClock {
  const clock = FakeTimers.withGlobal(window).install({
    now,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  return {
    get now() {
      return clock.now;
    },
    async tickAsync(ms: number) {
      // fake-timers yields a real macrotask between due timers, so React renders as in real time.
      await settle();
      await clock.tickAsync(ms);
      await settle();
    },
    countTimers: () => clock.countTimers(),
    uninstall: () => clock.uninstall(),
  };
}
