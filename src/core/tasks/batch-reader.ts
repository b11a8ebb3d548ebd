/**
 * Coalescing: many waits of one kind polling about the same time share one batch request instead
 * of one request each. Linear in the waiters of a round: a flush groups them once, an abort marks
 * its waiter instead of searching the queue.
 */

interface Waiter {
  id: string;
  resolve(record: unknown): void;
  reject(error: unknown): void;
  /** Still waiting for its round (false once the round went out). */
  queued: boolean;
  /** Aborted before its round went out: the flush skips it. */
  gone: boolean;
  /** Set once its batch is in flight: tells the batch this waiter aborted. */
  left: (() => void) | undefined;
}

/**
 * Gathers single reads into rounds of batch requests (at most `max` ids per request). A read may
 * wait for its round up to `slackMs` (half its wait's poll interval, at most `windowMs`): the round
 * goes out when the earliest of its reads must, so waits started at different times (an app
 * submitting 50 songs a second) fall into the same rounds, and waiters released by one round sleep
 * the same backoff and meet again in a later one. A read resolves to undefined when its record is
 * missing from the batch answer, or when it was alone in its round; the caller then uses the
 * single query (which also reports the gateway's own error for an unknown id).
 */
export class BatchReader {
  #queue: Waiter[] = [];
  /** Waiters in #queue that have not aborted. */
  #live = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the pending round goes out (ms since the epoch). */
  #due = Number.POSITIVE_INFINITY;

  constructor(
    private readonly fetchMany: (ids: string[], signal: AbortSignal) => Promise<unknown[]>,
    private readonly idOf: (record: unknown) => string | undefined,
    private readonly max: number,
    /** The longest a read waits for its round (ms); a queue worker sets it to its poll round. */
    public windowMs = 1000,
  ) {}

  /** The record of `id` from the next round; `slackMs`: how long this read may wait for it. */
  read(id: string, signal?: AbortSignal, slackMs = 0): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (waiter.queued) {
          waiter.gone = true;
          if (--this.#live === 0) this.#clear();
        } else waiter.left?.();
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        id,
        queued: true,
        gone: false,
        left: undefined,
        resolve: (record) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(record);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#queue.push(waiter);
      this.#live++;
      this.#schedule(Date.now() + Math.max(0, Math.min(slackMs, this.windowMs)));
    });
  }

  /** The round goes out at `due` unless an earlier read already needs it sooner. */
  #schedule(due: number): void {
    if (due >= this.#due) return;
    clearTimeout(this.#timer);
    this.#due = due;
    this.#timer = setTimeout(() => this.#flush(), Math.max(0, due - Date.now()));
  }

  /** No round pending: every queued read aborted, or the round went out. */
  #clear(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#queue = [];
    this.#live = 0;
    this.#due = Number.POSITIVE_INFINITY;
  }

  #flush(): void {
    const waiters = this.#queue;
    this.#clear();
    const byId = new Map<string, Waiter[]>();
    for (const waiter of waiters) {
      waiter.queued = false;
      if (waiter.gone) continue;
      const same = byId.get(waiter.id);
      if (same) same.push(waiter);
      else byId.set(waiter.id, [waiter]);
    }
    if (byId.size === 1) {
      for (const waiter of byId.values().next().value ?? []) waiter.resolve(undefined);
      return;
    }
    let chunk: string[] = [];
    for (const id of byId.keys()) {
      chunk.push(id);
      if (chunk.length === this.max) {
        this.#send(chunk, byId);
        chunk = [];
      }
    }
    if (chunk.length > 0) this.#send(chunk, byId);
  }

  /** One batch request for `ids`; aborted (with its retries) once nobody waits for it any more. */
  #send(ids: string[], byId: Map<string, Waiter[]>): void {
    const mine = ids.flatMap((id) => byId.get(id) ?? []);
    const controller = new AbortController();
    let waiting = mine.length;
    for (const waiter of mine) {
      waiter.left = () => {
        if (--waiting === 0) controller.abort();
      };
    }
    this.fetchMany(ids, controller.signal).then(
      (records) => {
        const found = new Map(records.map((record) => [this.idOf(record), record]));
        for (const waiter of mine) waiter.resolve(found.get(waiter.id));
      },
      (error) => {
        for (const waiter of mine) waiter.reject(error);
      },
    );
  }
}
