/** The cap every timer applies: platforms store a delay in 32 bits, so a longer one fires at once. */

/** The longest delay a timer holds (2^31-1 ms, about 24.8 days); longer ones are capped to it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a timer delay: never above {@link MAX_TIMER_MS}, where it would overflow and fire after 1 ms. */
export function timerDelay(ms: number): number {
  return Math.min(ms, MAX_TIMER_MS);
}
