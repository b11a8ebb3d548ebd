/** A streamed chat completion: chunks in, the assembled ChatCompletion (content, tool calls, usage) out. */

import type { Connection } from "../../core/http/index.js";
import {
  type Assembler,
  dataOnlyJson,
  dispatch,
  type Ending,
  EventStream,
  Finishes,
  type Handlers,
  handlers,
  isObject,
  jsonEvents,
  objects,
  readableConnection,
  type SSEFraming,
  StreamText,
  slot,
  tokenCount,
} from "../../core/streams/index.js";
import { messageReasoning } from "./reasoning.js";
import type { ChatCompletionCreateParams } from "./requests.js";
import type {
  ChatCompletion,
  ChatCompletionChoice,
  ChatCompletionChunk,
  CompletionUsage,
} from "./results.js";

/** Named in the errors of this stream. */
const OPERATION = "chat.completions.create";

/** Data-only events, `data: [DONE]` at the end. */
const FRAMING: SSEFraming = { named: false, last: "[DONE]" };

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

/** A chunk's choice entry and its delta, as declared: each field below has an entry in a table. */
type ChunkChoice = ChatCompletionChunk["choices"][number];
type ChunkDelta = ChunkChoice["delta"];

/** The message's fields joined from text deltas. */
const TEXT_FIELDS = ["content", "refusal", "reasoning_content", "reasoning"] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/**
 * A choice being assembled: the choice, and its message's texts as they grow, written into the
 * message whenever the result is read (see StreamText).
 */
interface ChoiceDraft {
  readonly choice: ChatCompletionChoice;
  readonly texts: Record<TextField, StreamText | undefined>;
}

/** What the chunk handlers fold into: the completion, and the drafts of its choices by position. */
interface CompletionDraft {
  readonly completion: ChatCompletion;
  readonly choices: ChoiceDraft[];
}

/** Joins a text delta onto a field of the message (content, refusal, reasoning). */
const join = (field: TextField) => (draft: ChoiceDraft, value: unknown) => {
  if (typeof value !== "string" || !value) return;
  let text = draft.texts[field];
  if (text === undefined) {
    text = draft.texts[field] = new StreamText();
    // The field takes its place among the message's keys now, in the order the deltas came.
    draft.choice.message[field] = "";
  }
  text.add(value);
};

/**
 * Runs the table's handler for each field of `wire` that has a value. A null is none: every handler
 * below ignores it, and a chunk carries several on every event (`logprobs`, `finish_reason`), so
 * they are not dispatched at all.
 */
function fold<Target>(
  table: Handlers<string, Target, unknown>,
  target: Target,
  wire: Record<string, unknown>,
): void {
  for (const key in wire) {
    const value = wire[key];
    if (value !== null) dispatch(table, key, target, value);
  }
}

/** What each field of a delta adds to the choice's message. */
const DELTA = handlers<keyof ChunkDelta, ChoiceDraft, unknown>({
  // Always "assistant", which the message starts as.
  role: "ignored",
  content: join("content"),
  refusal: join("refusal"),
  // Kept under the name the upstream used, so that a tool loop sends it back as it came.
  reasoning_content: join("reasoning_content"),
  reasoning: join("reasoning"),
  tool_calls: ({ choice: { message } }, value) => {
    for (const call of objects(value)) {
      const at = slot(call.index);
      if (at === undefined) continue;
      const calls = (message.tool_calls ??= []);
      const target = (calls[at] ??= { id: "", type: "function", function: { name: "", arguments: "" } });
      const fn = isObject(call.function) ? call.function : {};
      if (typeof call.id === "string" && call.id) target.id = call.id;
      if (typeof fn.name === "string") target.function.name += fn.name;
      if (typeof fn.arguments === "string") target.function.arguments += fn.arguments;
    }
  },
  function_call: ({ choice: { message } }, value) => {
    if (!isObject(value)) return;
    const call = (message.function_call ??= { name: "", arguments: "" });
    if (typeof value.name === "string") call.name += value.name;
    if (typeof value.arguments === "string") call.arguments += value.arguments;
  },
});

/** What each field of a choice entry does to the assembled choice. */
const CHOICE = handlers<keyof ChunkChoice, ChoiceDraft, unknown>({
  // The choice's position, read before its entry is dispatched.
  index: "ignored",
  delta: (draft, value) => {
    if (!isObject(value)) return;
    fold(DELTA, draft, value);
  },
  finish_reason: ({ choice }, value) => {
    if (typeof value === "string" && value) choice.finish_reason = value;
  },
  // Token log probabilities (with `logprobs: true`): each chunk's entries appended to the choice's.
  logprobs: ({ choice }, value) => {
    if (!isObject(value)) return;
    const into = (isObject(choice.logprobs) ? choice.logprobs : (choice.logprobs = {})) as Record<
      string,
      unknown
    >;
    for (const key of ["content", "refusal"] as const) {
      if (!Array.isArray(value[key])) continue;
      const list = Array.isArray(into[key]) ? (into[key] as unknown[]) : (into[key] = []);
      for (const entry of value[key]) list.push(entry);
    }
  },
});

/**
 * What each field of a chunk does to the completion. A choice entry at a position no chunk had
 * before starts that choice: in this format the first delta is the start.
 */
const CHUNK = handlers<keyof ChatCompletionChunk, CompletionDraft, unknown>({
  id: ({ completion }, value) => {
    if (!completion.id && typeof value === "string") completion.id = value;
  },
  // "chat.completion.chunk"; the assembled result is a "chat.completion".
  object: "ignored",
  created: ({ completion }, value) => {
    if (!completion.created && typeof value === "number") completion.created = value;
  },
  model: ({ completion }, value) => {
    if (!completion.model && typeof value === "string") completion.model = value;
  },
  system_fingerprint: ({ completion }, value) => {
    if (typeof value === "string" && value) completion.system_fingerprint = value;
  },
  service_tier: ({ completion }, value) => {
    if (typeof value === "string" && value) completion.service_tier = value;
  },
  usage: ({ completion }, value) => {
    if (isObject(value)) completion.usage = value as unknown as CompletionUsage;
  },
  // Read as untrusted JSON: positions go through slot() (never "__proto__"), shapes are checked.
  choices: (draft, value) => {
    for (const entry of objects(value)) {
      const index = slot(entry.index);
      if (index === undefined) continue;
      const choice = (draft.choices[index] ??= startChoice(draft.completion, index));
      fold(CHOICE, choice, entry);
    }
  },
  // Random padding some upstreams add against side channels.
  obfuscation: "ignored",
});

/** The choice at `index`, added to the completion, and its draft. */
function startChoice(completion: ChatCompletion, index: number): ChoiceDraft {
  const choice: ChatCompletionChoice = {
    index,
    message: { role: "assistant", content: null },
    finish_reason: null,
  };
  completion.choices[index] = choice;
  return {
    choice,
    texts: { content: undefined, refusal: undefined, reasoning_content: undefined, reasoning: undefined },
  };
}

/** Folds chunks into a ChatCompletion: content, refusal, reasoning and tool-call arguments joined, the last usage kept. */
class ChatAssembly implements Assembler<ChatCompletionChunk, ChatCompletion> {
  readonly #draft: CompletionDraft = {
    completion: { id: "", object: "chat.completion", created: 0, model: "", choices: [] },
    choices: [],
  };

  accumulate(chunk: ChatCompletionChunk): void {
    const draft = this.#draft;
    fold(CHUNK, draft, chunk as unknown as Record<string, unknown>);
  }

  /** The completion, its messages' texts written in: every read of the result goes through here. */
  #completion(): ChatCompletion {
    for (const draft of this.#draft.choices) {
      if (!draft) continue;
      for (const field of TEXT_FIELDS) {
        const text = draft.texts[field];
        if (text !== undefined) draft.choice.message[field] = text.toString();
      }
    }
    return this.#draft.completion;
  }

  copy(): ChatCompletion {
    return structuredClone(this.#completion());
  }

  current(): ChatCompletion {
    return this.#completion();
  }

  usageFinal(): boolean {
    return this.#draft.completion.usage !== undefined;
  }

  atLeast(tokens: number): ChatCompletion | undefined {
    const completion = this.#completion();
    const usage = completion.usage;
    const prompt = tokenCount(usage?.prompt_tokens);
    if (!usage || prompt === 0) return undefined;
    const output = Math.max(tokenCount(usage.completion_tokens), tokens);
    return { ...completion, usage: { ...usage, completion_tokens: output, total_tokens: prompt + output } };
  }

  delivered(): string[] {
    const texts: string[] = [];
    for (const choice of this.#completion().choices) {
      if (!choice) continue;
      const { content, refusal, tool_calls } = choice.message;
      texts.push(content ?? "", refusal ?? "", messageReasoning(choice.message));
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
  protected readonly framing = FRAMING;

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

  /**
   * The stream a server route sent with `toReadableStream()` (either format), rebuilt in the page
   * with every helper: iteration, `text()`, `reasoning()`, `finalCompletion()`, `snapshot()`.
   * `abort()` or `break` cancels the body, and the route then closes its request upstream.
   */
  static fromReadableStream(body: ReadableStream<Uint8Array>): ChatCompletionStream {
    const connection = readableConnection(body, "ChatCompletionStream.fromReadableStream");
    const ending = new ChatEnding(1, true);
    return new ChatCompletionStream(
      jsonEvents(connection, OPERATION, dataOnlyJson<ChatCompletionChunk>, ending, true),
      connection,
    );
  }

  protected textOf(chunk: ChatCompletionChunk): string | undefined {
    return chunk.choices?.[0]?.delta?.content ?? undefined;
  }

  protected reasoningOf(chunk: ChatCompletionChunk): string | undefined {
    const delta = chunk.choices?.[0]?.delta;
    return delta?.reasoning_content ?? delta?.reasoning ?? undefined;
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
