/**
 * `tee()`'s two readers over one stream's events: each branch reads at its own pace, together or one
 * after the other, from a buffer that keeps what one branch has read and the other not yet. The
 * buffer is bounded (MAX_TEE_LAG events); a branch that falls further behind is cut off with a
 * typed error, and the other reads on. See docs/chat.md, "Every stream".
 */
import { APIUserAbortError, GenwayError } from "../errors/errors.js";
import type { Connection } from "../http/connection.js";

/**
 * Events one branch may be behind the other (a few tens of MB of chat chunks at most): past it, the
 * lagging branch's buffered events are dropped and its next read throws.
 */
const MAX_TEE_LAG = 65_536;

/** How the source ended: its error, or the value it returned (a cut stream's IncompleteStreamError). */
type Ended = { error: unknown } | { value: unknown };

export class Tee<Event> {
  /** Events read from the source that some open branch has not read yet; `#buffer[0]` is event number `#offset`. */
  #buffer: Event[] = [];
  #offset = 0;
  /** Per branch: the number of the next event it reads. */
  readonly #cursor = [0, 0];
  /** Per branch: still reading (not closed by `break`, `abort()` or a lag past the bound). */
  readonly #open = [true, true];
  /** Per branch: cut off for falling MAX_TEE_LAG events behind. */
  readonly #behind = [false, false];
  #ended: Ended | undefined;
  #pulling = false;
  /** Settles whenever something changes for a waiting branch (an event, the end, a branch closed). */
  #changed!: Promise<void>;
  #notify!: () => void;

  constructor(
    private readonly source: AsyncIterator<Event>,
    /** What the source's reader returns once it is done (read from the stream that owns it). */
    private readonly outcome: () => unknown,
    /** Closes the source's request: called once both branches are closed. */
    private readonly close: () => Promise<unknown>,
    private readonly max = MAX_TEE_LAG,
  ) {
    this.#arm();
  }

  /** Branch `which` as an event-batch source, and a view of `connection` whose abort closes only that branch. */
  branch(which: 0 | 1, connection: Connection): { source: AsyncIterable<Event[]>; connection: Connection } {
    const controller = new AbortController();
    const view: Connection = {
      response: connection.response,
      url: connection.url,
      requestId: connection.requestId,
      idleTimeout: connection.idleTimeout,
      controller,
      abortReason: () => (controller.signal.aborted ? "user" : connection.abortReason()),
      abort: () => {
        controller.abort();
        this.#shut(which);
      },
      release: () => {},
    };
    const source: AsyncIterable<Event[]> = {
      [Symbol.asyncIterator]: () => ({
        next: () => this.#next(which),
        return: async () => {
          this.#shut(which);
          return { done: true, value: undefined };
        },
      }),
    };
    return { source, connection: view };
  }

  async #next(which: 0 | 1): Promise<IteratorResult<Event[], unknown>> {
    for (;;) {
      if (this.#behind[which]) {
        throw new GenwayError(
          `This tee() branch fell more than ${this.max} events behind the other and was cut off; read the branches together, or keep the first one's snapshot().`,
        );
      }
      if (!this.#open[which]) throw new APIUserAbortError();
      const at = this.#cursor[which]! - this.#offset;
      if (at < this.#buffer.length) {
        const events = this.#buffer.slice(at);
        this.#cursor[which]! += events.length;
        this.#trim();
        return { done: false, value: events };
      }
      const ended = this.#ended;
      if (ended) {
        if ("error" in ended) throw ended.error;
        return { done: true, value: ended.value };
      }
      const changed = this.#changed;
      this.#pull();
      await changed;
    }
  }

  /** Reads the next event from the source (one read at a time, for whichever branch is ahead). */
  #pull(): void {
    if (this.#pulling) return;
    this.#pulling = true;
    this.source
      .next()
      .then(
        (result) => {
          if (result.done) this.#ended = { value: this.outcome() };
          else {
            this.#buffer.push(result.value);
            this.#bound();
          }
        },
        (error: unknown) => {
          this.#ended = { error };
        },
      )
      .finally(() => {
        this.#pulling = false;
        this.#wake();
      });
  }

  /** A branch closed (`break`, `return()`, `abort()`): it no longer holds events; both closed close the request. */
  #shut(which: 0 | 1): void {
    if (!this.#open[which]) return;
    this.#open[which] = false;
    this.#trim();
    this.#wake();
    if (!this.#open[1 - which]) this.close().catch(() => {});
  }

  /** The slower open branch is past the bound: cut it off, and free what only it held. */
  #bound(): void {
    const end = this.#offset + this.#buffer.length;
    for (const which of [0, 1] as const) {
      if (this.#open[which] && end - this.#cursor[which]! > this.max) {
        this.#behind[which] = true;
        this.#open[which] = false;
        this.#cursor[which] = end;
      }
    }
    this.#trim();
  }

  /** Drops the events every open branch has read. */
  #trim(): void {
    let read = this.#offset + this.#buffer.length;
    for (const which of [0, 1]) if (this.#open[which]) read = Math.min(read, this.#cursor[which]!);
    const drop = read - this.#offset;
    if (drop <= 0) return;
    this.#buffer = drop >= this.#buffer.length ? [] : this.#buffer.slice(drop);
    this.#offset = read;
  }

  #arm(): void {
    this.#changed = new Promise((resolve) => {
      this.#notify = resolve;
    });
  }

  #wake(): void {
    const notify = this.#notify;
    this.#arm();
    notify();
  }
}
