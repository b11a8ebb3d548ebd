/**
 * A cap on work in flight: at most `limit` runs at once, the rest wait their turn, first come
 * first served; a run whose signal aborts while it waits leaves the line without running. Linear:
 * the line is consumed from its head and compacted, an aborted turn is marked, never searched for.
 * A client's task queries (core/tasks) and a queue worker's paid submissions (queue/) each take one.
 */

interface Turn {
  start(): void;
  /** Its signal aborted before its turn came: skipped. */
  gone: boolean;
}

export class Slots {
  #free: number;
  #line: Turn[] = [];
  /** Index of the next turn in #line (the line is compacted as it is consumed). */
  #head = 0;

  constructor(limit: number) {
    this.#free = limit;
  }

  /** Runs `work` once a slot is free (at once when one is); rejects with the signal's reason if it aborts first. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await this.#turn(signal);
    try {
      return await work();
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
