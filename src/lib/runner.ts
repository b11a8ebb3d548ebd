/**
 * The tool loop every format shares: call the model, run the tools it asks for (in parallel), send
 * the results back, until it answers without tool calls or `maxSteps` calls were made. A family
 * gives a {@link LoopFormat}: how to send, read tool calls, append a turn, read content and usage.
 */
import {
  APIUserAbortError,
  GenwayError,
  ValidationError,
  type ValidationIssue,
} from "../core/errors/index.js";
import { type RequestOptions, sharedBudget } from "../core/http/index.js";
import { DEFAULTS } from "../core/shared/index.js";
import { checkBudget } from "../core/validation/index.js";
import { loopAborted, runTool, type Tool, type ToolCall, type ToolResult } from "./tools.js";

/** A finished step: what was sent, what came back, and what the tools answered. */
export interface RunnerStep<Request, Response> {
  request: Request;
  response: Response;
  toolResults: ToolResult[];
}

/** A streamed step, yielded as soon as its stream opens: read `stream` for the deltas. */
export interface RunnerStreamStep<Request, Stream> {
  request: Request;
  stream: Stream;
}

/** What a family tells the loop about its format. */
export interface LoopFormat<Request, Response, Message, Stream = never, Final = unknown> {
  /** The method, as errors name it (`chat.completions.runTools`). */
  operation: string;
  /** The request for the conversation so far. */
  request(messages: Message[]): Request;
  /** Sends it (not streamed). */
  send(request: Request, signal: AbortSignal | undefined): Promise<Response>;
  /** Sends it streamed (when the runner streams). */
  stream?(request: Request, signal: AbortSignal | undefined): Promise<Stream>;
  /** The whole response a stream assembled. */
  finalOf?(stream: Stream): Promise<Response>;
  toolCalls(response: Response): ToolCall[];
  /** The model's turn and the tools' results, as the next messages of the conversation. */
  turn(response: Response, results: ToolResult[]): Message[];
  content(response: Response): string | null;
  message(response: Response): Final;
  usage(response: Response): unknown;
}

/**
 * The options each step of a tool loop is sent with: the loop's signal, and its `budget` made into
 * one ledger that every step reserves under, so that the limit spans the loop, not each call.
 */
export function stepOptions(options: RequestOptions, signal: AbortSignal | undefined): RequestOptions {
  if (options.budget !== undefined) checkBudget(options.budget);
  const budget = options.budget === undefined ? undefined : sharedBudget(options.budget);
  return { ...options, signal: signal ?? options.signal, ...(budget ? { budget } : {}) };
}

/** Options every runner takes. */
export interface RunnerOptions {
  /**
   * Model calls at most: a whole number >= 1, or Infinity. The last step's tool calls still run,
   * so `messages` can continue.
   * @default 10
   */
  maxSteps?: number;
  /**
   * Aborts the request in flight, the tools (through their context) and the loop.
   * @default none
   */
  signal?: AbortSignal;
}

/**
 * A running tool loop: `for await (const step of runner)`, or `finalContent()` / `finalMessage()`
 * (which run it to the end). `messages` is the conversation so far, ready to continue.
 */
export class ToolRunner<Request, Response, Message, Item, Final = unknown> implements AsyncIterable<Item> {
  /** The whole conversation: the caller's messages, every model turn and tool result. */
  readonly messages: Message[];
  /** Every finished step. */
  readonly steps: RunnerStep<Request, Response>[] = [];
  /** Token counts summed over the steps (each numeric usage field added up). */
  readonly totalUsage: Record<string, number> = {};
  #started = false;
  #done: Promise<void> | undefined;

  /** @internal Made by the `runTools` methods; a ValidationError (nothing sent) for bad options or tools. */
  constructor(
    private readonly format: LoopFormat<Request, Response, Message, any, Final>,
    private readonly tools: readonly Tool[],
    messages: Message[],
    private readonly options: RunnerOptions & { stream?: boolean },
  ) {
    checkLoop(format.operation, tools, options.maxSteps);
    this.messages = [...messages];
  }

  /** Steps as they happen: finished steps, or (streaming) each step's stream as it opens. Iterate once. */
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    if (this.#started) throw new GenwayError("This tool runner has already been started; read runner.steps.");
    this.#started = true;
    const steps = this.#loop();
    const { signal } = this.options;
    let finish!: () => void;
    let fail!: (error: unknown) => void;
    this.#done = new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    this.#done.catch(() => {});
    return (async function* () {
      try {
        yield* steps;
        finish();
      } catch (error) {
        // Once the signal aborted, whatever ended the loop (a tool's DOMException) is an abort.
        const failure = loopAborted(error, signal);
        fail(failure);
        throw failure;
      } finally {
        // Also on `break`: the loop stops where it was.
        finish();
      }
    })();
  }

  async *#loop(): AsyncGenerator<Item, void, undefined> {
    const { format, tools, options } = this;
    const maxSteps = options.maxSteps ?? DEFAULTS.runTools.maxSteps;
    const signal = options.signal;
    for (let step = 0; step < maxSteps; step++) {
      if (signal?.aborted) throw new APIUserAbortError("The tool loop was aborted.");
      const request = format.request(this.messages);
      let response: Response;
      if (options.stream && format.stream && format.finalOf) {
        const stream = await format.stream(request, signal);
        yield { request, stream } as Item;
        response = await format.finalOf(stream);
      } else {
        response = await format.send(request, signal);
      }
      const calls = format.toolCalls(response);
      const results = await Promise.all(calls.map((call) => runTool(tools, call, signal)));
      if (signal?.aborted) throw new APIUserAbortError("The tool loop was aborted.");
      this.messages.push(...format.turn(response, results));
      this.#addUsage(format.usage(response));
      const done: RunnerStep<Request, Response> = { request, response, toolResults: results };
      this.steps.push(done);
      if (!options.stream) yield done as Item;
      if (calls.length === 0) return;
    }
  }

  #addUsage(usage: unknown): void {
    if (typeof usage !== "object" || usage === null) return;
    for (const [key, value] of Object.entries(usage)) {
      if (typeof value === "number" && key !== "__proto__")
        this.totalUsage[key] = (this.totalUsage[key] ?? 0) + value;
    }
  }

  /** Runs the loop to its end (if nobody is iterating it) and rethrows its error. */
  async done(): Promise<void> {
    if (!this.#started) {
      for await (const _ of this) {
        // Drain: the loop does the work.
      }
      return;
    }
    await this.#done;
  }

  /** The last model response (runs the loop to its end). */
  async finalResponse(): Promise<Response> {
    await this.done();
    const last = this.steps.at(-1);
    if (!last) throw new GenwayError("The tool loop made no model call.");
    return last.response;
  }

  /** The text of the model's last answer (null when it ended on tool calls at maxSteps). */
  async finalContent(): Promise<string | null> {
    return this.format.content(await this.finalResponse());
  }

  /** The model's last message, in the format's shape. */
  async finalMessage(): Promise<Final> {
    return this.format.message(await this.finalResponse());
  }
}

/**
 * The loop's own options, checked before anything is sent: `maxSteps` a whole number >= 1 or
 * Infinity (0, a negative, NaN, 2.5 or "3" would end in "made no model call" or be coerced), and
 * one tool per name (the model calls a tool by its name: two would be a guess).
 */
function checkLoop(operation: string, tools: readonly Tool[], maxSteps: unknown): void {
  const issues: ValidationIssue[] = [];
  if (
    maxSteps !== undefined &&
    !(typeof maxSteps === "number" && maxSteps >= 1 && (Number.isInteger(maxSteps) || maxSteps === Infinity))
  ) {
    issues.push({
      path: "maxSteps",
      rule: "invalid_option",
      message: `must be a whole number >= 1 or Infinity, got ${typeof maxSteps === "number" ? String(maxSteps) : (JSON.stringify(maxSteps) ?? typeof maxSteps)}`,
    });
  }
  const seen = new Set<string>();
  for (const tool of tools) {
    if (seen.has(tool.name))
      issues.push({
        path: "tools",
        rule: "unique",
        message: `has two tools named ${JSON.stringify(tool.name)}`,
      });
    seen.add(tool.name);
  }
  if (issues.length > 0) throw new ValidationError(operation, issues);
}
