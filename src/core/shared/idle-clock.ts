/**
 * One timer for a whole attempt: the response clock until the headers arrive, then the idle clock
 * between body chunks. `touch()` on every chunk only records the time, and the timer re-arms itself
 * for the remaining window when it fires early: re-creating a timer per chunk would cost more than
 * parsing the chunk, and a second timer per call (one per clock) costs more than the check.
 *
 * A stream's answer is its first data event, not its headers: a relay may open the stream and ping
 * while its upstream has not answered yet (new-api 116255f07 relay/channel/api_request.go doRequest
 * starts its ping ticker before it sends the upstream request). So a stream's reader waits for its
 * first data event under what the response clock left ({@link awaitData}); the idle clock takes over
 * from that event on, and keep-alives, which never touch it, count as nothing under either.
 */
import { timerDelay } from "./timers.js";

/** Whom a clock tells that a window ran out (an attempt: one object, no closure per call). */
export interface ClockOwner {
  /** No chunk came within the idle window. */
  idle(): void;
  /**
   * The answer did not come within the response window (a clock made with one): the headers, or
   * a stream's first data event.
   */
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
   * What the response clock left when the headers arrived (Infinity: no response limit), for a
   * stream's first data event; undefined for a clock made without a response window.
   */
  #answer: number | undefined;
  /** A stream's reader waits for its first data event: the window is #answer, not the idle one. */
  #awaiting = false;

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
      this.#answer = Number.POSITIVE_INFINITY;
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
    if (this.#deadline !== 0) this.#answer = Math.max(0, this.#deadline - Date.now());
    this.#deadline = 0;
    this.#held = true;
    if (this.#timer !== undefined) unref(this.#timer);
  }

  /** A chunk of data arrived (never a keep-alive): the idle window starts again. */
  touch(): void {
    this.#last = Date.now();
    this.#awaiting = false;
  }

  /**
   * A stream's reader starts: until its first data event ({@link touch}) the window is what the
   * response clock left, and running out of it is the response clock's timeout; then the idle
   * window. A clock without a response window starts the idle window at once, as {@link resume}.
   */
  awaitData(): void {
    this.#awaiting = this.#answer !== undefined;
    this.resume();
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
    if (this.#timer === undefined && !this.#stopped && !this.#fired) this.#arm(this.#window());
  }

  /** The window the body is under now: the first data event's, or the idle one. */
  #window(): number {
    return this.#awaiting ? (this.#answer as number) : this.ms;
  }

  /**
   * Sleeps `ms`, or one idle window at most while a stream awaits its first data: the timer then
   * finds the idle window in time when that event comes (touch() sets no timer).
   */
  #arm(ms: number): void {
    const delay = this.#awaiting ? Math.min(ms, this.ms) : ms;
    if (limited(delay)) this.#timer = unref(setTimeout(this.#check, timerDelay(delay)));
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
    if (this.#held || this.#stopped) return;
    const window = this.#window();
    const quiet = now - this.#last;
    if (!limited(window) || quiet < window) {
      this.#arm(window - quiet);
      return;
    }
    this.#fired = true;
    if (this.#awaiting) this.owner.timedOut();
    else this.owner.idle();
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
