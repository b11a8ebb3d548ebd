/**
 * A streamed native response: each chunk is a whole GenerateContentResponse holding the next parts;
 * out comes one response with the parts merged, thought parts kept apart, the last usage metadata.
 */

import type { Connection } from "../../core/http/index.js";
import {
  dataOnlyJson,
  EventStream,
  isObject,
  jsonEvents,
  mergeFields,
  objects,
  slot,
} from "../../core/streams/index.js";
import { answerText } from "./helpers.js";
import type { GenerateContentResponse, NativeCandidate, NativePart } from "./types.js";

/** Named in the errors of this stream. */
const OPERATION = "native.streamGenerateContent";

/**
 * A candidate with a finish reason ends the answer (upstream sends it only in the final chunk); so
 * does a blocked prompt (`promptFeedback.blockReason`, with no candidates): the stream completes
 * and its final response carries the block reason.
 */
const finishes = (chunk: GenerateContentResponse) =>
  Boolean(chunk.promptFeedback?.blockReason) ||
  objects(chunk.candidates).some((candidate) => candidate.finishReason);

/** A streamed generateContent answer: each event is a partial response; `text()` yields the text. */
export class GenerateContentStream extends EventStream<GenerateContentResponse, GenerateContentResponse> {
  protected readonly operation = OPERATION;
  #response: GenerateContentResponse = { candidates: [] };

  /** @internal Wraps a response whose body is the event stream. */
  static open(connection: Connection): GenerateContentStream {
    return new GenerateContentStream(
      jsonEvents(connection, OPERATION, dataOnlyJson<GenerateContentResponse>, finishes),
      connection,
    );
  }

  protected accumulate(chunk: GenerateContentResponse): void {
    const response = this.#response;
    const candidates = (response.candidates ??= []);
    // Usage, model version and response id: each chunk carries the running values; the last wins.
    mergeFields(response, chunk as Record<string, unknown>, "candidates");
    const list: unknown[] = Array.isArray(chunk.candidates) ? chunk.candidates : [];
    list.forEach((candidate, position) => {
      if (!isObject(candidate)) return;
      // Positions go through slot(): an index of "__proto__" must never reach the array.
      const index = candidate.index === undefined ? slot(position) : slot(candidate.index);
      if (index === undefined) return;
      const target: NativeCandidate = (candidates[index] ??= {
        content: { role: "model", parts: [] },
        index,
      });
      mergeFields(target, candidate, "content");
      const content = isObject(candidate.content) ? candidate.content : {};
      if (!isObject(target.content)) target.content = {};
      const into = Array.isArray(target.content.parts) ? target.content.parts : (target.content.parts = []);
      if (typeof content.role === "string" && content.role) target.content.role = content.role;
      for (const part of objects(content.parts)) mergePart(into, part as NativePart);
    });
  }

  protected result(): GenerateContentResponse {
    return this.assembled();
  }

  /** The response assembled so far (a copy); survives an abort. */
  protected assembled(): GenerateContentResponse {
    return structuredClone(this.#response);
  }

  /** The answer text a chunk adds (thought parts left out). */
  protected textOf(chunk: GenerateContentResponse): string | undefined {
    return answerText(chunk) || undefined;
  }

  /** The whole response: parts merged, thought parts marked, the final usage metadata. */
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
