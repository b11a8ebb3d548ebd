/**
 * A streamed native response: each chunk is a whole GenerateContentResponse holding the next parts;
 * out comes one response with the parts merged, thought parts kept apart, the last usage metadata.
 */

import type { Connection } from "../../core/http/index.js";
import {
  type Assembler,
  dataOnlyJson,
  dispatch,
  type Ending,
  EventStream,
  Finishes,
  handlers,
  isObject,
  jsonEvents,
  objects,
  readableConnection,
  type SSEFraming,
  slot,
  tokenCount,
} from "../../core/streams/index.js";
import { answerText, thoughtText } from "./helpers.js";
import type { GenerateContentParams } from "./requests.js";
import type { GenerateContentResponse, NativeCandidate, NativePart } from "./results.js";

/** Named in the errors of this stream. */
const OPERATION = "native.streamGenerateContent";

/** Data-only events, no end marker, as the upstream sends them with `alt=sse`. */
const FRAMING: SSEFraming = { named: false };

/**
 * A native stream is whole once every candidate that appeared has a finishReason (upstream sends it,
 * with the final usage, in the last chunk), and nothing more is awaited once the `candidateCount`
 * asked for have. A blocked prompt (`promptFeedback.blockReason`, no candidates) is whole too: its
 * final response carries the block reason.
 */
class NativeEnding implements Ending<GenerateContentResponse> {
  readonly end = "a finishReason on every candidate";
  readonly #finishes = new Finishes();
  #blocked = false;

  constructor(private readonly candidates: number) {}

  get whole(): boolean {
    return this.#blocked || this.#finishes.all;
  }

  see(chunk: GenerateContentResponse): boolean {
    if (chunk.promptFeedback?.blockReason) this.#blocked = true;
    const list: unknown[] = Array.isArray(chunk.candidates) ? chunk.candidates : [];
    list.forEach((candidate, position) => {
      if (!isObject(candidate)) return;
      const index = candidate.index === undefined ? slot(position) : slot(candidate.index);
      if (index !== undefined) this.#finishes.mark(index, Boolean(candidate.finishReason));
    });
    return this.#blocked || (this.whole && this.#finishes.finished >= this.candidates);
  }
}

type Wire = Record<string, unknown>;

/**
 * A field each chunk carries the running value of (usage, model version, a candidate's finish
 * reason): the last one wins. A field the types do not declare is kept the same way.
 */
function keep(target: object, key: string, value: unknown): void {
  if (key !== "__proto__" && value !== undefined) (target as Wire)[key] = structuredClone(value);
}
const last =
  (key: string) =>
  (target: object, value: unknown): void =>
    keep(target, key, value);

/** What each field of a candidate does to the assembled candidate: the parts merge, the rest is the last value. */
const CANDIDATE = handlers<keyof NativeCandidate, NativeCandidate, unknown>({
  content: (target, value) => {
    const content = isObject(value) ? value : {};
    if (!isObject(target.content)) target.content = {};
    const into = Array.isArray(target.content.parts) ? target.content.parts : (target.content.parts = []);
    if (typeof content.role === "string" && content.role) target.content.role = content.role;
    for (const part of objects(content.parts)) mergePart(into, part as NativePart);
  },
  index: last("index"),
  finishReason: last("finishReason"),
  finishMessage: last("finishMessage"),
  safetyRatings: last("safetyRatings"),
  citationMetadata: last("citationMetadata"),
  groundingMetadata: last("groundingMetadata"),
  urlContextMetadata: last("urlContextMetadata"),
  avgLogprobs: last("avgLogprobs"),
  logprobsResult: last("logprobsResult"),
  tokenCount: last("tokenCount"),
});

/**
 * What each field of a chunk does to the response (each wire field: `_request_id` is the answer's,
 * not a chunk's). A candidate at a position no chunk had before starts it: in this format each
 * chunk is a whole response, its first one the start.
 */
const RESPONSE = handlers<
  Exclude<keyof GenerateContentResponse, "_request_id">,
  GenerateContentResponse,
  unknown
>({
  candidates: (response, value) => {
    const candidates = (response.candidates ??= []);
    const list: unknown[] = Array.isArray(value) ? value : [];
    for (let position = 0; position < list.length; position++) {
      const candidate = list[position];
      if (!isObject(candidate)) continue;
      // Positions go through slot(): an index of "__proto__" must never reach the array.
      const index = candidate.index === undefined ? slot(position) : slot(candidate.index);
      if (index === undefined) continue;
      const target: NativeCandidate = (candidates[index] ??= {
        content: { role: "model", parts: [] },
        index,
      });
      for (const key in candidate) {
        if (!dispatch(CANDIDATE, key, target, candidate[key])) keep(target, key, candidate[key]);
      }
    }
  },
  usageMetadata: last("usageMetadata"),
  modelVersion: last("modelVersion"),
  responseId: last("responseId"),
  promptFeedback: last("promptFeedback"),
  createTime: last("createTime"),
});

/** Folds chunks into one response: parts merged, thought parts kept apart, the last usage metadata. */
class NativeAssembly implements Assembler<GenerateContentResponse, GenerateContentResponse> {
  readonly #response: GenerateContentResponse = { candidates: [] };

  accumulate(chunk: GenerateContentResponse): void {
    const response = this.#response;
    const wire = chunk as Wire;
    for (const key in wire) if (!dispatch(RESPONSE, key, response, wire[key])) keep(response, key, wire[key]);
  }

  copy(): GenerateContentResponse {
    return structuredClone(this.#response);
  }

  current(): GenerateContentResponse {
    return this.#response;
  }

  /** Every chunk carries the running usage; it is the final one once the answer finished. */
  usageFinal(): boolean {
    return isObject(this.#response.usageMetadata);
  }

  /** Each chunk carries the running counts; thoughts are counted apart from the candidates. */
  atLeast(tokens: number): GenerateContentResponse | undefined {
    const usage = this.#response.usageMetadata;
    if (!usage || tokenCount(usage.promptTokenCount) === 0) return undefined;
    const thoughts = tokenCount(usage.thoughtsTokenCount);
    const candidates = Math.max(tokenCount(usage.candidatesTokenCount), tokens - thoughts);
    return { ...this.#response, usageMetadata: { ...usage, candidatesTokenCount: candidates } };
  }

  delivered(): string[] {
    const texts: string[] = [];
    for (const candidate of this.#response.candidates ?? []) {
      const parts =
        isObject(candidate?.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
      for (const part of parts as unknown[]) {
        if (!isObject(part)) continue;
        if (typeof part.text === "string") texts.push(part.text);
        if (isObject(part.functionCall)) texts.push(JSON.stringify(part.functionCall));
        if (isObject(part.executableCode)) texts.push(JSON.stringify(part.executableCode));
      }
    }
    return texts;
  }
}

/** A streamed generateContent answer: each event is a partial response; `text()` yields the text. */
export class GenerateContentStream extends EventStream<GenerateContentResponse, GenerateContentResponse> {
  protected readonly operation = OPERATION;
  protected readonly framing = FRAMING;

  /** @internal Streams are made by `streamGenerateContent()`. */
  constructor(source: AsyncIterable<GenerateContentResponse[]>, connection: Connection) {
    super(source, connection, new NativeAssembly());
  }

  /** @internal Wraps a response whose body is the event stream of a call made with `params`. */
  static open(connection: Connection, params: GenerateContentParams): GenerateContentStream {
    const count = params.generationConfig?.candidateCount;
    const ending = new NativeEnding(typeof count === "number" && count > 1 ? count : 1);
    return new GenerateContentStream(
      jsonEvents(connection, OPERATION, dataOnlyJson<GenerateContentResponse>, ending),
      connection,
    );
  }

  /**
   * The stream a server route sent with `toReadableStream()` (either format), rebuilt in the page
   * with every helper: iteration, `text()`, `reasoning()`, `finalResponse()`, `snapshot()`.
   * `abort()` or `break` cancels the body, and the route then closes its request upstream.
   */
  static fromReadableStream(body: ReadableStream<Uint8Array>): GenerateContentStream {
    const connection = readableConnection(body, "GenerateContentStream.fromReadableStream");
    const ending = new NativeEnding(1);
    return new GenerateContentStream(
      jsonEvents(connection, OPERATION, dataOnlyJson<GenerateContentResponse>, ending, true),
      connection,
    );
  }

  /** The answer text a chunk adds (thought parts left out). */
  protected textOf(chunk: GenerateContentResponse): string | undefined {
    return answerText(chunk) || undefined;
  }

  /** The thought text a chunk adds. */
  protected reasoningOf(chunk: GenerateContentResponse): string | undefined {
    return thoughtText(chunk) || undefined;
  }

  /**
   * The whole response: parts merged, thought parts marked, the final usage metadata. Rejects with
   * IncompleteStreamError when a candidate never finished (the answer was cut: snapshot() has it).
   */
  finalResponse(): Promise<GenerateContentResponse> {
    return this.final();
  }

  /** The answer text without the thought parts. */
  async finalText(): Promise<string> {
    return answerText(await this.final());
  }
}

/** A plain text part with nothing else on it (no signature yet): later text of the same kind joins it. */
function isOpenText(part: NativePart | undefined): part is NativePart & { text: string } {
  return (
    part !== undefined &&
    typeof part.text === "string" &&
    Object.keys(part).every((k) => k === "text" || k === "thought")
  );
}

/**
 * Consecutive text parts of the same kind (thought or answer) are joined, so the result reads like a
 * non-streamed response. A signature ends the part it arrives with (Gemini 3 may send it on an empty
 * final part: it is attached to the text before it, where a non-streamed response carries it).
 */
function mergePart(parts: NativePart[], part: NativePart): void {
  const last = parts.at(-1);
  const sameKind = Boolean(last?.thought) === Boolean(part.thought);
  const onlyTextAndSignature = Object.keys(part).every(
    (k) => k === "text" || k === "thought" || k === "thoughtSignature",
  );
  if (typeof part.text === "string" && onlyTextAndSignature && sameKind && isOpenText(last)) {
    last.text += part.text;
    if (part.thoughtSignature) last.thoughtSignature = part.thoughtSignature;
    return;
  }
  parts.push(structuredClone(part));
}
