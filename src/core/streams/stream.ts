/**
 * The stream every wire format builds on: async iteration of typed events, `abort()`, `tee()`,
 * `toReadableStream()`, `text()` and `reasoning()`, the final result assembled from the deltas and
 * `snapshot()` of what was assembled so far (kept after an abort, so no paid output is lost).
 */

import { APIUserAbortError, GenwayError } from "../errors/errors.js";
import { bodyFailure, type Connection } from "../http/connection.js";
import {
  type Assembled,
  type CostEstimate,
  SETTLES_LATER,
  type SettlesLater,
  type StreamBill,
} from "../http/cost.js";
import { encodeEvents, type ReadableStreamOptions, type SSEFraming } from "./readable.js";
import { unusableEvent } from "./stream-events.js";
import { Tee } from "./tee.js";

/** What a billed stream's snapshot() adds: its cost so far, as `cost()` gives it, or null and the reason. */
export interface StreamCost {
  cost?: CostEstimate | null;
  costReason?: string | undefined;
}

/**
 * A format's assembly of the result from its events, held apart from the stream (see StreamAccount).
 * What it tells the bill (the running result, what was delivered) is {@link Assembled}.
 */
export interface Assembler<Event, Final> extends Assembled {
  /** Folds one event into the running result. */
  accumulate(event: Event): void;
  /** The result so far, as a copy the caller may keep (the final result, a snapshot). */
  copy(): Final;
  current(): Final;
}

/**
 * What a stream's end needs, held apart from the stream: its request, its assembly and its bill.
 * The FinalizationRegistry holds this (never the stream), so a stream dropped mid-way, its iterator
 * let go without `break` or `abort()`, still closes its request and settles its bill (which ends its
 * span and reports to onCost) once it is garbage.
 */
class StreamAccount {
  /** The bill of a billed call, until it settles (the transport hands it over: see SettlesLater). */
  bill: StreamBill | undefined;

  constructor(
    readonly connection: Connection,
    readonly assembly: Assembled,
  ) {}

  /** Settles the bill once, from the live assembly (never a copy of it). */
  end(error: unknown, complete: boolean): void {
    const bill = this.bill;
    if (bill === undefined) return;
    this.bill = undefined;
    bill.end(this.assembly, complete, error);
  }

  /** The stream was garbage-collected before its end: close its request and settle what it delivered. */
  drop(): void {
    this.connection.abort("user");
    this.end(
      new APIUserAbortError(
        "The stream was dropped before its end (its iterator let go unread); its request was closed.",
      ),
      false,
    );
  }
}

/**
 * Streams dropped without `break` or `abort()` (an iterator let go mid-way, a `tee()` nobody reads
 * to the end): once one is garbage, its request is closed and its bill settled.
 */
const dropped =
  typeof FinalizationRegistry === "undefined"
    ? undefined
    : new FinalizationRegistry<StreamAccount>((account) => account.drop());

/**
 * The prototype every async generator object inherits `[Symbol.asyncIterator]` (and, where the
 * runtime has it, `[Symbol.asyncDispose]`) from; found on first use, so importing costs nothing.
 */
let asyncIteratorPrototype: object | undefined;
const asyncIterator = (): object =>
  (asyncIteratorPrototype ??= Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype));

/**
 * The base of every stream (chat, messages, responses, native): async iteration of typed events,
 * `abort()`, `tee()`, `toReadableStream()`, `text()`, the final result assembled from the deltas
 * and `snapshot()` of what has arrived so far.
 */
export abstract class EventStream<Event, Final> implements AsyncIterable<Event>, SettlesLater {
  /** Aborting it closes the HTTP request. */
  readonly controller: AbortController;
  readonly response: Response;
  readonly requestId: string | undefined;
  /** @internal The HTTP connection the events are read from. */
  protected readonly connection: Connection;
  /**
   * Events in the batches the network delivered them in (see core/sse.ts); returns, once done, the
   * IncompleteStreamError of a stream its format did not prove whole (see stream-events.ts).
   */
  readonly #source: AsyncIterable<Event[]>;
  readonly #assembly: Assembler<Event, Final>;
  readonly #account: StreamAccount;
  #started = false;
  /** The format proved the answer whole. */
  #completed = false;
  #error: unknown;
  readonly #done: Promise<void>;
  #resolveDone!: () => void;
  /** The bill of a billed call (set by the transport), kept after it settled: cost() prices by it. */
  #bill: StreamBill | undefined;

  /** @internal Streams are made by the methods that return them. */
  constructor(source: AsyncIterable<Event[]>, connection: Connection, assembly: Assembler<Event, Final>) {
    this.#source = source;
    this.#assembly = assembly;
    this.connection = connection;
    this.controller = connection.controller;
    this.response = connection.response;
    this.requestId = connection.requestId;
    this.#done = new Promise((resolve) => {
      this.#resolveDone = resolve;
    });
    this.#account = new StreamAccount(connection, assembly);
    dropped?.register(this, this.#account, this);
  }

  /** The operation that opened the stream (`chat.completions.create` ...), named in its errors. */
  protected abstract readonly operation: string;
  /** The text delta an event carries, if any (thinking excluded). */
  protected abstract textOf(event: Event): string | undefined;
  /** The reasoning delta an event carries, if any (reasoning text, thinking, thought parts). */
  protected abstract reasoningOf(event: Event): string | undefined;
  /** How the format's upstream frames its events as server-sent events (toReadableStream's `sse`). */
  protected abstract readonly framing: SSEFraming;

  /**
   * What has been assembled so far, safe to call at any time, also after an abort or error (no paid
   * output is lost). On a billed call it carries `cost`, as `cost()` gives it, and `costReason`
   * when that is null (see docs/cost.md).
   */
  snapshot(): Final & StreamCost {
    const snapshot = this.#assembly.copy() as Final & StreamCost;
    if (this.#bill) {
      const { cost, reason } = this.#bill.price(this.#assembly, this.#completed);
      snapshot.cost = cost;
      snapshot.costReason = reason;
    }
    return snapshot;
  }

  /**
   * Iterates the events as they arrive; a stream can be iterated once (use `tee()` for two readers).
   * A stream cut before its format's end (see IncompleteStreamError) ends quietly here; `final…()`
   * rejects. It behaves as a generator does: calls queue, `break` closes the request, an error ends
   * the iteration, and later calls say done.
   */
  // Written by hand rather than as an async generator: an event already in hand (the rest of its
  // network batch) is handed out with one resolved promise, where a generator's `yield` costs
  // several microtask steps per event (measured: 0.27-0.44 µs against 0.13-0.15 µs per event).
  // Only reaching for the next batch awaits.
  [Symbol.asyncIterator](): AsyncGenerator<Event, void, undefined> {
    const { signal } = this.controller;
    const assembly = this.#assembly;
    let source: AsyncIterator<Event[], unknown> | undefined;
    let batch: Event[] = [];
    let at = 0;
    let closed = false;
    /** An event went out: from now on an abort while the caller holds one stops the iteration. */
    let handedOut = false;
    /** The slow path in progress (awaiting the next batch); calls made meanwhile queue behind it. */
    let pending: Promise<IteratorResult<Event, void>> | undefined;

    /** The iteration is over: record how (completed, cut or failed, closed), settle the bill, release `finished()`. */
    const settle = (outcome: { error: unknown } | "completed" | "closed") => {
      closed = true;
      batch = [];
      if (outcome === "completed") this.#completed = true;
      else if (outcome !== "closed") this.#error = outcome.error;
      // Reached on completion, on error and on `break` (the source's own finally closes the request).
      dropped?.unregister(this);
      // What arrived is billed, whole or partial.
      this.#account.end(this.#error, this.#completed);
      this.#resolveDone();
    };
    /** Stops the source (its finally closes the HTTP request), then ends the iteration with `error`. */
    const abandon = async (error: unknown): Promise<never> => {
      closed = true;
      // As a generator unwinding from an error: a failure to close does not replace the error.
      await source?.return?.().catch(() => {});
      settle({ error });
      throw error;
    };
    /** Hands out the next event of the batch in hand, folded into the result first. */
    const take = (): Promise<IteratorResult<Event, void>> => {
      const event = batch[at++] as Event;
      try {
        assembly.accumulate(event);
      } catch (error) {
        // A shape the assembler's checks did not foresee: a typed error, never a TypeError.
        return abandon(unusableEvent(this.operation, event, this.connection, error));
      }
      handedOut = true;
      return Promise.resolve({ done: false, value: event });
    };
    /** Awaits the next non-empty batch, then hands out its first event. */
    const refill = async (): Promise<IteratorResult<Event, void>> => {
      try {
        for (;;) {
          const result = await (source as AsyncIterator<Event[], unknown>).next();
          if (result.done) {
            // Ended normally; a returned error says the format's end never came (a cut answer).
            settle(result.value === undefined ? "completed" : { error: result.value });
            return { done: true, value: undefined };
          }
          if (result.value.length > 0) {
            batch = result.value;
            at = 0;
            break;
          }
        }
      } catch (error) {
        // The source threw (network, abort, a typed stream error): it has closed itself.
        settle({ error });
        throw error;
      } finally {
        pending = undefined;
      }
      return take();
    };
    const done = (): Promise<IteratorResult<Event, void>> =>
      Promise.resolve({ done: true, value: undefined });

    const next = (): Promise<IteratorResult<Event, void>> => {
      if (pending) return pending.then(next, next);
      if (closed) return done();
      if (source === undefined) {
        if (this.#started) {
          closed = true;
          return Promise.reject(
            new GenwayError("This stream has already been consumed; use tee() to read it twice."),
          );
        }
        this.#started = true;
        source = this.#source[Symbol.asyncIterator]();
      }
      // Aborted while the caller held the last event: stop, even with more of the batch in hand.
      if (handedOut && signal.aborted) {
        return abandon(bodyFailure(this.connection, signal.reason));
      }
      if (at < batch.length) return take();
      pending = refill();
      return pending;
    };
    // On the runtime's AsyncIterator prototype, as a generator is: `[Symbol.asyncIterator]` returns
    // the iterator, and `await using` (where the runtime has it) calls `return()`.
    const iterator: AsyncGenerator<Event, void, undefined> = Object.assign(Object.create(asyncIterator()), {
      next,
      // `break` (or `return()`): close the source, and with it the HTTP request.
      async return() {
        if (pending) await pending.catch(() => {});
        if (!closed) {
          closed = true;
          if (source !== undefined) {
            await source.return?.();
            settle("closed");
          }
        }
        return { done: true, value: undefined };
      },
      async throw(error: unknown) {
        if (pending) await pending.catch(() => {});
        if (closed || source === undefined) {
          closed = true;
          throw error;
        }
        return abandon(error);
      },
    });
    return iterator;
  }

  /** @internal The transport hands a billed stream its bill: priced on demand, settled at its end. */
  [SETTLES_LATER](bill: StreamBill): void {
    this.#bill = bill;
    this.#account.bill = bill;
  }

  /**
   * What the stream has cost so far. Priced by what the client has now: `null` until it has loaded the
   * gateway's prices, and `snapshot().costReason` then names the awaited read that prices it
   * (docs/cost.md, "One truth per client"). From the usage assembled (the whole cost once it has
   * ended), or from what it delivered while its final usage is missing. `await stream.finalCost()` is
   * its awaited read.
   */
  cost(): CostEstimate | null {
    return this.#bill?.price(this.#assembly, this.#completed).cost ?? null;
  }

  /**
   * What the stream cost. Priced by the gateway's prices, loaded first if the client has not
   * (docs/cost.md, "One truth per client"). Resolves once the stream has ended, reading it to its end
   * if nobody is, as `final…()` does. A stream cut, aborted or failed costs what it delivered; `null`
   * when it cannot be priced (then `snapshot().costReason` says why). It never rejects for the stream's
   * own failure: `final…()` and the iteration report that.
   */
  async finalCost(): Promise<CostEstimate | null> {
    if (!this.#started) {
      try {
        for await (const _ of this) {
          // Drain: accumulate() does the work.
        }
      } catch {
        // The stream's failure is its readers' to see; what it delivered is priced below.
      }
    } else await this.#done;
    const priced = await this.#bill?.final(this.#assembly, this.#completed);
    return priced?.cost ?? null;
  }

  /** Closes the HTTP request; iteration then ends with APIUserAbortError. `snapshot()` keeps what arrived. */
  abort(): void {
    this.connection.abort("user");
    // Aborted before it was read: the stream ends here, and its bill settles with what arrived.
    if (!this.#started) this.#account.end(new APIUserAbortError(), false);
  }

  /** Async iterable of the answer's text deltas only (no reasoning, no tool JSON). Consumes the stream. */
  text(): AsyncGenerator<string, void, undefined> {
    return this.#deltas(this.textOf);
  }

  /**
   * Async iterable of the reasoning deltas only, the same in every format: chat's
   * `reasoning_content` (or `reasoning`), Messages' thinking, Responses' reasoning summaries and
   * text, native thought parts. Joined, they are `reasoningText()` of the final result. Consumes
   * the stream.
   */
  reasoning(): AsyncGenerator<string, void, undefined> {
    return this.#deltas(this.reasoningOf);
  }

  async *#deltas(read: (event: Event) => string | undefined): AsyncGenerator<string, void, undefined> {
    for await (const event of this) {
      const delta = read.call(this, event);
      if (typeof delta === "string" && delta) yield delta;
    }
  }

  /** Waits for the end of the stream (reading it if nobody is) and rethrows its error, if any. */
  protected async finished(): Promise<void> {
    if (!this.#started) {
      for await (const _ of this) {
        // Drain: accumulate() does the work.
      }
    } else await this.#done;
    if (this.#error !== undefined) throw this.#error;
    // Ended by `break`: the result is partial, so only snapshot() may be trusted.
    if (!this.#completed) {
      throw new APIUserAbortError(
        "The stream was closed before it completed; snapshot() holds what arrived.",
      );
    }
  }

  /**
   * The assembled result; reads the stream to its end if needed. Rejects when the stream failed, was
   * closed, or was cut before its format's end (IncompleteStreamError); snapshot() keeps what arrived.
   */
  protected async final(): Promise<Final> {
    await this.finished();
    return this.#assembly.copy();
  }

  /**
   * Two independent streams over the same events, each with its own assembly: read them together or
   * one after the other, up to 65,536 events apart (a branch further behind is cut off with a typed
   * error, and the other reads on). This stream is
   * read through them: it bills the call, and closes the request once both branches are closed.
   */
  tee(): [this, this] {
    const iterator = this[Symbol.asyncIterator]();
    const tee = new Tee<Event>(
      iterator,
      () => (this.#completed ? undefined : this.#error),
      () => iterator.return(),
    );
    const Ctor = this.constructor as new (source: AsyncIterable<Event[]>, connection: Connection) => this;
    const branches = ([0, 1] as const).map((which) => {
      const { source, connection } = tee.branch(which, this.connection);
      const branch = new Ctor(source, connection);
      // The branches share this stream's request and bill: it closes (and settles) when this stream,
      // which both reach through the tee, is garbage, not when one branch is.
      dropped?.unregister(branch);
      branch.#bill = this.#bill;
      return branch;
    });
    return branches as [this, this];
  }

  /**
   * The events as bytes for a server route's body, to rebuild in a page with the format's
   * `fromReadableStream(body)`: newline-delimited JSON (the default), or `{ format: "sse" }` for
   * server-sent events in the format's own framing (an error then arrives as the format's error
   * event). Cancelling the body (the page went away) closes this stream's request.
   */
  toReadableStream(options?: ReadableStreamOptions): ReadableStream<Uint8Array> {
    return encodeEvents(this[Symbol.asyncIterator](), this.framing, options);
  }
}
