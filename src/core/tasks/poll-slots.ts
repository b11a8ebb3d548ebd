/**
 * A client's cap on task queries in flight. Each poll of a wait is a request, and each concurrent
 * request takes a socket: 5,000 video waits polling in step opened thousands of sockets (and failed
 * with EMFILE under `ulimit -n 1024`). Polls beyond the cap wait their turn, first come first served;
 * a poll whose wait ends while it waits for its turn leaves the line without being sent.
 */

/** Task queries one client has in flight at most (single reads and batch reads alike). */
export const MAX_POLLS_IN_FLIGHT = 64;

interface Turn {
  start(): void;
  /** Its wait ended before its turn came: skipped. */
  gone: boolean;
}

export class PollSlots {
  #free: number;
  #line: Turn[] = [];
  /** Index of the next turn in #line (the line is compacted as it is consumed). */
  #head = 0;

  constructor(limit = MAX_POLLS_IN_FLIGHT) {
    this.#free = limit;
  }

  /** Runs `poll` once a slot is free (at once when one is); rejects with the signal's reason if it aborts first. */
  async run<T>(poll: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await this.#turn(signal);
    try {
      return await poll();
    } finally {
      this.#release();
    }
  }

  #turn(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        turn.gone = true;
        reject(signal?.reason);
      };
      const turn: Turn = {
        gone: false,
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#line.push(turn);
    });
  }

  /** Hands the slot to the next turn still waiting, else frees it. */
  #release(): void {
    while (this.#head < this.#line.length) {
      const turn = this.#line[this.#head++]!;
      if (this.#head > 1024 && this.#head * 2 > this.#line.length) {
        this.#line = this.#line.slice(this.#head);
        this.#head = 0;
      }
      if (!turn.gone) {
        turn.start();
        return;
      }
    }
    this.#line = [];
    this.#head = 0;
    this.#free++;
  }
}
