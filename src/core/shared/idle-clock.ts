/**
 * One timer for a whole attempt: the response clock until the headers arrive, then the idle clock
 * between body chunks. `touch()` on every chunk only records the time, and the timer re-arms itself
 * for the remaining window when it fires early: re-creating a timer per chunk would cost more than
 * parsing the chunk, and a second timer per call (one per clock) costs more than the check.
 */
import { timerDelay } from "./timers.js";

/** Whom a clock tells that a window ran out (an attempt: one object, no closure per call). */
export interface ClockOwner {
  /** No chunk came within the idle window. */
  idle(): void;
  /** The headers did not come within the response window (a clock made with one). */
  timedOut(): void;
}

export class IdleClock {
  #last = Date.now();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #fired = false;
  /** Set while nobody reads the body (before a reader starts, or while the consumer holds an event). */
  #held = false;
  #stopped = false;
  /** While waiting for the headers: when the response clock runs out (0 once they arrived). */
  #deadline = 0;

  /**
   * `ms` between chunks (Infinity: no idle limit; 0 is a window of 0 ms, as for every clock). With
   * `response` (ms), the clock first waits for the headers under that window ({@link headers} ends
   * it), in the same timer.
   */
  constructor(
    private readonly ms: number,
    private readonly owner: ClockOwner,
    response?: number,
  ) {
    const idle = limited(ms) ? ms : Number.POSITIVE_INFINITY;
    if (response !== undefined && limited(response)) {
      this.#deadline = this.#last + response;
      // Armed for the shorter window: a call that ends within both creates no second timer.
      this.#timer = setTimeout(this.#check, timerDelay(Math.min(response, idle)));
    } else if (response !== undefined) {
      // No response limit: the idle clock starts when a reader does.
      this.#held = true;
    } else if (limited(ms)) {
      this.#timer = unref(setTimeout(this.#check, timerDelay(ms)));
    }
  }

  get fired(): boolean {
    return this.#fired;
  }

  /**
   * The headers arrived: the response clock stops, and the idle clock waits for a reader to
   * {@link resume} it (a body handed to the caller is not read until the caller asks).
   */
  headers(): void {
    this.#deadline = 0;
    this.#held = true;
    if (this.#timer !== undefined) unref(this.#timer);
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
    if (this.#timer === undefined && !this.#stopped && !this.#fired && limited(this.ms)) {
      this.#timer = unref(setTimeout(this.#check, timerDelay(this.ms)));
    }
  }

  #check = (): void => {
    this.#timer = undefined;
    const now = Date.now();
    if (this.#deadline !== 0) {
      if (now >= this.#deadline) {
        this.#fired = true;
        this.owner.timedOut();
      } else {
        // Never asleep for longer than one idle window: headers that come after it would find the
        // timer set for the response deadline, and the body's idle clock would wait until then.
        const idle = limited(this.ms) ? this.ms : Number.POSITIVE_INFINITY;
        this.#timer = setTimeout(this.#check, timerDelay(Math.min(this.#deadline - now, idle)));
      }
      return;
    }
    // Held: sleep until resume(). A stream abandoned while held (never returned) must not keep a
    // timer re-arming forever, which would keep the process alive.
    if (this.#held || this.#stopped || !limited(this.ms)) return;
    const quiet = now - this.#last;
    if (quiet < this.ms) {
      this.#timer = unref(setTimeout(this.#check, timerDelay(this.ms - quiet)));
      return;
    }
    this.#fired = true;
    this.owner.idle();
  };
}

/** A window that limits anything: finite (Infinity is no clock; 0 is a clock of 0 ms). */
function limited(ms: number): boolean {
  return ms >= 0 && Number.isFinite(ms);
}

/**
 * The timer no longer keeps a Node process alive: a pending body read holds the socket (and so
 * the process) anyway, and a stream iterator dropped without `break` must not pin the process for
 * the whole idle window. Elsewhere (browsers, workers) timers have no unref and this is a no-op.
 * The response clock stays referenced: a request waiting for its headers keeps the process alive.
 */
function unref<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
