/**
 * `defineTool`: one tool definition for every format. The families turn it into their own tool shape
 * (a chat function, a Messages tool, a Responses function, a native function declaration); a call's
 * arguments are parsed and validated by the tool's schema before `run` sees them.
 */
import { APIUserAbortError } from "../core/errors/index.js";
import { untilAborted } from "../core/http/index.js";
import { redact } from "../core/shared/index.js";
import { ToolAbortError } from "./errors.js";
import { type JSONSchema, type StructuredSchema, validateOutput } from "./schema.js";
import { dropNullOptionals, forFormat, type SchemaDialect } from "./strict.js";

/** What `run` receives beside the arguments. */
export interface ToolContext {
  /** The id the model gave the call. */
  callId: string;
  /** Aborts with the loop (the caller's signal). */
  signal?: AbortSignal | undefined;
}

/** A tool as `defineTool` makes it. */
export interface Tool<Args = any, Result = unknown> {
  /** The name the model calls it by. */
  readonly name: string;
  /** What it does and when to use it: the model reads this. */
  readonly description?: string | undefined;
  /** The validator of the arguments. */
  readonly parameters: StructuredSchema<Args>;
  /** Runs the tool; what it returns (a string, or JSON-serializable) is sent back to the model. */
  readonly run: (args: Args, context: ToolContext) => Result | Promise<Result>;
  /** @internal The arguments' JSON Schema as the caller's converter wrote it. */
  readonly jsonSchema: JSONSchema;
}

/** The tool's parameters in a format's dialect (strict for OpenAI, object root for Anthropic ...). */
export function toolSchema(tool: Tool, dialect: SchemaDialect): JSONSchema {
  return forFormat(tool.jsonSchema, dialect, `tool ${tool.name}`);
}

/** A tool call the model asked for, as the families read it. */
export interface ToolCall {
  id: string;
  name: string;
  /** JSON text (chat, Responses) or the parsed object (Messages, native). */
  arguments: unknown;
}

/** What a tool call gave: the text sent back to the model, and whether it is an error. */
export interface ToolResult {
  call: ToolCall;
  /** What the model receives. */
  content: string;
  /** True when the arguments did not validate, the tool is unknown, or `run` threw. */
  isError: boolean;
}

/**
 * The error a tool loop ends with once its signal aborted: APIUserAbortError, whatever was thrown
 * meanwhile (a tool's DOMException, a request's error), kept as its cause; a ToolAbortError stays.
 */
export function loopAborted(error: unknown, signal: AbortSignal | undefined): unknown {
  if (!signal?.aborted || error instanceof APIUserAbortError || error instanceof ToolAbortError) return error;
  return new APIUserAbortError("The tool loop was aborted.", { cause: error });
}

/**
 * Runs one call: unknown tools, unparsable or invalid arguments and thrown errors become error
 * results the model can react to; only a ToolAbortError (or the loop's abort) escapes. An abort
 * ends it at once, even when the tool ignores its signal: the tool's promise is abandoned (its
 * outcome is dropped), so the loop settles instead of waiting for a call that may never return.
 */
export async function runTool(
  tools: readonly Tool[],
  call: ToolCall,
  signal?: AbortSignal,
): Promise<ToolResult> {
  const fail = (content: string): ToolResult => ({ call, content, isError: true });
  const tool = tools.find((candidate) => candidate.name === call.name);
  if (!tool) return fail(`Error: there is no tool named "${call.name}".`);
  let args: unknown = call.arguments;
  if (typeof args === "string") {
    try {
      args = args.trim() === "" ? {} : JSON.parse(args);
    } catch {
      return fail(`Error: the arguments are not valid JSON: ${args}`);
    }
  }
  const checked = await validateOutput(tool.parameters, dropNullOptionals(args, tool.jsonSchema));
  if (checked.issues) {
    const list = checked.issues.map((issue) => issue.message).join("; ");
    return fail(`Error: invalid arguments for ${tool.name}: ${list}`);
  }
  try {
    const running = Promise.resolve().then(() => tool.run(checked.value, { callId: call.id, signal }));
    const result = await (signal ? untilAborted(running, signal) : running);
    return {
      call,
      content: typeof result === "string" ? result : (JSON.stringify(result) ?? ""),
      isError: false,
    };
  } catch (error) {
    if (error instanceof ToolAbortError || signal?.aborted) throw loopAborted(error, signal);
    // The text goes to the model (and its logs): the client's key and every registered secret are
    // removed, as from every other string genway writes.
    return fail(`Error: ${redact(error instanceof Error ? error.message : String(error))}`);
  }
}
