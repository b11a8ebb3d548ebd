/**
 * One timer for a whole stream: `touch()` on every chunk only records the time, and the timer
 * re-arms itself for the remaining window when it fires early. Re-creating a timer per chunk
 * would cost more than parsing the chunk.
 */
import { timerDelay } from "./timers.js";
export class IdleClock {
  #last = Date.now();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #fired = false;
  /** Set while the consumer holds an event; flags only, so pausing costs no timer work per chunk. */
  #held = false;
  #stopped = false;

  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {
    if (Number.isFinite(ms) && ms > 0) this.#timer = unref(setTimeout(this.#check, timerDelay(ms)));
  }

  get fired(): boolean {
    return this.#fired;
  }

  touch(): void {
    this.#last = Date.now();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /**
   * Stops counting while the caller holds an event we handed over: a slow consumer is not a silent
   * server (the body waits in the socket until we read again). `resume()` restarts a full window.
   */
  pause(): void {
    this.#held = true;
  }

  resume(): void {
    this.#held = false;
    this.#last = Date.now();
    if (
      this.#timer === undefined &&
      !this.#stopped &&
      !this.#fired &&
      Number.isFinite(this.ms) &&
      this.ms > 0
    ) {
      this.#timer = unref(setTimeout(this.#check, timerDelay(this.ms)));
    }
  }

  #check = (): void => {
    if (this.#held) {
      // Sleep until resume(): a stream abandoned while held (never returned) must not keep a timer
      // re-arming forever, which would keep the process alive.
      this.#timer = undefined;
      return;
    }
    const quiet = Date.now() - this.#last;
    if (quiet < this.ms) {
      this.#timer = unref(setTimeout(this.#check, timerDelay(this.ms - quiet)));
      return;
    }
    this.#timer = undefined;
    this.#fired = true;
    this.onIdle();
  };
}

/**
 * The timer no longer keeps a Node process alive: a pending body read holds the socket (and so
 * the process) anyway, and a stream iterator dropped without `break` must not pin the process for
 * the whole idle window. Elsewhere (browsers, workers) timers have no unref and this is a no-op.
 */
function unref<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
