/** `partialObjects()` and `finalParsed()` on a stream of any format: the same two methods for all four. */
import { OutputParseError } from "./errors.js";
import { readStructured, type StructuredAnswer, type StructuredPlan } from "./outcome.js";
import { PartialJson } from "./partial-json.js";

/**
 * A snapshot copies the containers still open (finished ones are shared); one is made once the text
 * read since the last is at least 1/SNAPSHOT_CREDIT of that copy. So the copies cost at most
 * SNAPSHOT_CREDIT times the answer's length: a small answer gets a snapshot per delta, a 1 MB list
 * fewer and further apart, never a quadratic amount of work.
 */
const SNAPSHOT_CREDIT = 8;

/** An object still arriving: every field may be missing, nested ones too. */
export type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** The events a stream yields. */
export type EventOf<S> = S extends AsyncIterable<infer Event> ? Event : never;

/** What a structured stream adds to the format's stream. */
export interface StructuredStream<T> {
  /**
   * The object as it grows, parsed tolerantly and incrementally from the JSON received so far (a new
   * snapshot when a delta changed it; on large answers once enough new text paid for the copy). Not
   * validated: fields may be missing or half-written. Snapshots share their finished parts: treat
   * them as read-only. Text that is not JSON ends it with OutputParseError once the stream has been
   * read to its end (finalParsed() and snapshot() then hold the whole answer). Consumes the stream.
   */
  partialObjects(): AsyncGenerator<DeepPartial<T>, void, undefined>;
  /** The whole answer, validated (reads the stream to its end if nobody is); the typed errors otherwise. */
  finalParsed(): Promise<T>;
}

/** How a family reads its stream: the JSON text an event adds, and the answer in the final result. */
export interface StreamReader<Event, Final> {
  delta(event: Event): string | undefined;
  final(): Promise<Final>;
  answer(final: Final): StructuredAnswer;
}

/** The stream itself, with `partialObjects()` and `finalParsed()` added. */
export function withStructured<S extends AsyncIterable<unknown>, Final, T>(
  stream: S,
  plan: StructuredPlan<T>,
  reader: StreamReader<EventOf<S>, Final>,
  operation: string,
): S & StructuredStream<T> {
  const added: StructuredStream<T> = {
    async *partialObjects() {
      const parser = new PartialJson();
      let text = "";
      let notJson: unknown;
      /** Characters read since the last snapshot: what pays for the next one. */
      let credit = 0;
      for await (const event of stream as AsyncIterable<EventOf<S>>) {
        const delta = reader.delta(event);
        if (!delta) continue;
        text += delta;
        // Past text that cannot be JSON, the rest of the paid answer is still read (not parsed), so
        // that finalParsed() and snapshot() keep it whole.
        if (notJson !== undefined) continue;
        try {
          parser.push(delta);
        } catch (error) {
          notJson = error;
          continue;
        }
        credit += delta.length;
        if (!parser.changed || credit * SNAPSHOT_CREDIT < parser.copyCost) continue;
        credit = 0;
        yield parser.snapshot() as DeepPartial<T>;
      }
      if (notJson !== undefined) throw new OutputParseError(operation, text, [], notJson);
      if (parser.changed) yield parser.snapshot() as DeepPartial<T>;
    },
    async finalParsed() {
      return readStructured(plan, reader.answer(await reader.final()), operation);
    },
  };
  return Object.assign(stream, added);
}
