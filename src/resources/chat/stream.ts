/** A streamed chat completion: chunks in, the assembled ChatCompletion (content, tool calls, usage) out. */

import type { Connection } from "../../core/http/index.js";
import {
  type Assembler,
  dataOnlyJson,
  type Ending,
  EventStream,
  Finishes,
  isObject,
  jsonEvents,
  objects,
  slot,
  tokenCount,
} from "../../core/streams/index.js";
import type { ChatCompletionCreateParams } from "./requests.js";
import type { ChatCompletion, ChatCompletionChoice, ChatCompletionChunk } from "./results.js";

/** Named in the errors of this stream. */
const OPERATION = "chat.completions.create";

/**
 * A chat stream is whole once every choice that appeared has a finish_reason, and nothing more is
 * awaited once the `n` choices asked for have finished and the usage chunk arrived (when
 * `stream_options.include_usage` asked for it, as genway does by default). Whole but still waiting
 * for the usage, it is complete at `[DONE]`, the end of the body, a keep-alive comment, or the idle
 * clock. The reason is in docs/reliability.md, "When a stream is complete".
 */
class ChatEnding implements Ending<ChatCompletionChunk> {
  readonly end = "a finish_reason on every choice";
  readonly #finishes = new Finishes();
  #usage = false;

  constructor(
    /** The choices asked for (`n`). */
    private readonly choices: number,
    /** Whether the usage chunk was asked for. */
    private readonly usageAsked: boolean,
  ) {}

  get whole(): boolean {
    return this.#finishes.all;
  }

  see(chunk: ChatCompletionChunk): boolean {
    for (const entry of objects(chunk.choices)) {
      const index = slot(entry.index);
      if (index !== undefined) {
        this.#finishes.mark(index, typeof entry.finish_reason === "string" && entry.finish_reason !== "");
      }
    }
    if (isObject(chunk.usage)) this.#usage = true;
    return this.whole && this.#finishes.finished >= this.choices && (this.#usage || !this.usageAsked);
  }
}

/** Folds chunks into a ChatCompletion: content, refusal and tool-call arguments joined, the last usage kept. */
class ChatAssembly implements Assembler<ChatCompletionChunk, ChatCompletion> {
  readonly #completion: ChatCompletion = {
    id: "",
    object: "chat.completion",
    created: 0,
    model: "",
    choices: [],
  };
  /** Reasoning deltas (`reasoning_content`, `reasoning`) some upstreams send: not in the result, but billed. */
  #reasoning = "";

  accumulate(chunk: ChatCompletionChunk): void {
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
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (typeof reasoning === "string") this.#reasoning += reasoning;
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

  copy(): ChatCompletion {
    return structuredClone(this.#completion);
  }

  current(): ChatCompletion {
    return this.#completion;
  }

  usageFinal(): boolean {
    return this.#completion.usage !== undefined;
  }

  atLeast(tokens: number): ChatCompletion | undefined {
    const usage = this.#completion.usage;
    const prompt = tokenCount(usage?.prompt_tokens);
    if (!usage || prompt === 0) return undefined;
    const completion = Math.max(tokenCount(usage.completion_tokens), tokens);
    return {
      ...this.#completion,
      usage: { ...usage, completion_tokens: completion, total_tokens: prompt + completion },
    };
  }

  delivered(): string[] {
    const texts = [this.#reasoning];
    for (const choice of this.#completion.choices) {
      if (!choice) continue;
      const { content, refusal, tool_calls } = choice.message;
      texts.push(content ?? "", refusal ?? "");
      for (const call of tool_calls ?? []) if (call) texts.push(call.function.name, call.function.arguments);
    }
    return texts;
  }
}

/**
 * A streamed chat completion: iterate the chunks, or read `text()`, `finalContent()` or
 * `finalCompletion()` (content, tool calls and usage assembled from the deltas).
 */
export class ChatCompletionStream extends EventStream<ChatCompletionChunk, ChatCompletion> {
  protected readonly operation = OPERATION;

  /** @internal Streams are made by `create({ stream: true })`. */
  constructor(source: AsyncIterable<ChatCompletionChunk[]>, connection: Connection) {
    super(source, connection, new ChatAssembly());
  }

  /** @internal Wraps a response whose body is the event stream of a call made with `params`. */
  static open(connection: Connection, params: ChatCompletionCreateParams): ChatCompletionStream {
    // genway asks for the usage chunk unless the caller set stream_options (completions.ts, toWire).
    const usageAsked = params.stream_options === undefined || params.stream_options?.include_usage === true;
    const ending = new ChatEnding(typeof params.n === "number" && params.n > 1 ? params.n : 1, usageAsked);
    return new ChatCompletionStream(
      jsonEvents(connection, OPERATION, dataOnlyJson<ChatCompletionChunk>, ending),
      connection,
    );
  }

  protected textOf(chunk: ChatCompletionChunk): string | undefined {
    return chunk.choices?.[0]?.delta?.content ?? undefined;
  }

  /**
   * The whole completion: content, tool-call arguments and usage assembled from the deltas. Rejects
   * with IncompleteStreamError when a choice never finished (the answer was cut: snapshot() has it).
   */
  finalCompletion(): Promise<ChatCompletion> {
    return this.final();
  }

  /** The assembled text of the first choice. */
  async finalContent(): Promise<string | null> {
    return (await this.final()).choices[0]?.message.content ?? null;
  }
}
