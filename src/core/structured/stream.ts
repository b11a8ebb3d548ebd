/** `partialObjects()` and `finalParsed()` on a stream of any format: the same two methods for all four. */
import { readStructured, type StructuredAnswer, type StructuredPlan } from "./outcome.js";
import { parsePartialJson } from "./partial-json.js";

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
   * The object as it grows, parsed tolerantly from the JSON received so far (a new snapshot each
   * time a delta changes it). Not validated: fields may be missing or half-written. Consumes the stream.
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
      let text = "";
      let last = "";
      for await (const event of stream as AsyncIterable<EventOf<S>>) {
        const delta = reader.delta(event);
        if (!delta) continue;
        text += delta;
        const partial = parsePartialJson(text);
        const seen = JSON.stringify(partial);
        if (partial === undefined || seen === last) continue;
        last = seen;
        yield partial as DeepPartial<T>;
      }
    },
    async finalParsed() {
      return readStructured(plan, reader.answer(await reader.final()), operation);
    },
  };
  return Object.assign(stream, added);
}
