/** A streamed chat completion: chunks in, the assembled ChatCompletion (content, tool calls, usage) out. */

import type { Connection } from "../../core/http/index.js";
import { dataOnlyJson, EventStream, isObject, jsonEvents, objects, slot } from "../../core/streams/index.js";
import type { ChatCompletion, ChatCompletionChoice, ChatCompletionChunk } from "./types.js";

/** Named in the errors of this stream. */
const OPERATION = "chat.completions.create";

/** A chunk with a finish reason ends the answer (the usage chunk may still follow). */
const finishes = (chunk: ChatCompletionChunk) =>
  objects(chunk.choices).some((choice) => choice.finish_reason);

/**
 * A streamed chat completion: iterate the chunks, or read `text()`, `finalContent()` or
 * `finalCompletion()` (content, tool calls and usage assembled from the deltas).
 */
export class ChatCompletionStream extends EventStream<ChatCompletionChunk, ChatCompletion> {
  protected readonly operation = OPERATION;
  #completion: ChatCompletion = { id: "", object: "chat.completion", created: 0, model: "", choices: [] };

  /** @internal Wraps a response whose body is the event stream. */
  static open(connection: Connection): ChatCompletionStream {
    return new ChatCompletionStream(
      jsonEvents(connection, OPERATION, dataOnlyJson<ChatCompletionChunk>, finishes),
      connection,
    );
  }

  protected accumulate(chunk: ChatCompletionChunk): void {
    const completion = this.#completion;
    completion.id ||= chunk.id;
    completion.created ||= chunk.created;
    completion.model ||= chunk.model;
    if (chunk.system_fingerprint) completion.system_fingerprint = chunk.system_fingerprint;
    if (chunk.usage) completion.usage = chunk.usage;
    // Read as untrusted JSON: positions go through slot() (never "__proto__"), shapes are checked.
    for (const entry of objects(chunk.choices)) {
      const index = slot(entry.index);
      if (index === undefined) continue;
      const choice = (completion.choices[index] ??= {
        index,
        message: { role: "assistant", content: null },
        finish_reason: null,
      } satisfies ChatCompletionChoice);
      const message = choice.message;
      const delta = isObject(entry.delta) ? entry.delta : {};
      if (typeof entry.finish_reason === "string" && entry.finish_reason) {
        choice.finish_reason = entry.finish_reason as ChatCompletionChoice["finish_reason"];
      }
      if (typeof delta.content === "string" && delta.content) {
        message.content = (message.content ?? "") + delta.content;
      }
      if (typeof delta.refusal === "string" && delta.refusal) {
        message.refusal = (message.refusal ?? "") + delta.refusal;
      }
      for (const call of objects(delta.tool_calls)) {
        const at = slot(call.index);
        if (at === undefined) continue;
        const calls = (message.tool_calls ??= []);
        const target = (calls[at] ??= { id: "", type: "function", function: { name: "", arguments: "" } });
        const fn = isObject(call.function) ? call.function : {};
        if (typeof call.id === "string" && call.id) target.id = call.id;
        if (typeof fn.name === "string") target.function.name += fn.name;
        if (typeof fn.arguments === "string") target.function.arguments += fn.arguments;
      }
    }
  }

  protected result(): ChatCompletion {
    return this.assembled();
  }

  /** The completion assembled so far (a copy); survives an abort. */
  protected assembled(): ChatCompletion {
    return structuredClone(this.#completion);
  }

  protected textOf(chunk: ChatCompletionChunk): string | undefined {
    return chunk.choices?.[0]?.delta?.content ?? undefined;
  }

  /** The whole completion: content, tool-call arguments and usage assembled from the deltas. */
  finalCompletion(): Promise<ChatCompletion> {
    return this.final();
  }

  /** The assembled text of the first choice. */
  async finalContent(): Promise<string | null> {
    return (await this.final()).choices[0]?.message.content ?? null;
  }
}
