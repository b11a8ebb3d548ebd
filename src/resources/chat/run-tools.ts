/**
 * `gw.chat.completions.runTools`: the tool loop in the chat format. Tools go out as strict
 * functions; calls come back in `message.tool_calls`, results go back as `tool` messages.
 * Reached only through `defineTool` tools, which carry it (core/structured/carried.ts).
 */
import type { RequestOptions } from "../../core/http/index.js";
import {
  type LoopFormat,
  type RunnerOptions,
  type RunnerStep,
  type RunnerStreamStep,
  stepOptions,
  ToolRunner,
} from "../../core/structured/runner.js";
import { type Tool, toolSchema } from "../../core/structured/tools.js";
import type { ChatCreate } from "./parse.js";
import type { ChatCompletionStream } from "./stream.js";
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessage,
  ChatFunctionTool,
  ChatMessage,
} from "./types.js";

/** `runTools` params: a chat request whose `tools` are {@link defineTool} tools. */
export interface ChatRunToolsParams
  extends Omit<ChatCompletionCreateParamsNonStreaming, "tools" | "stream">,
    RunnerOptions {
  /** The tools the model may call (made by `defineTool`). */
  tools: Tool[];
  /** Stream each step: the runner then yields `{ request, stream }` as each step's stream opens. */
  stream?: boolean;
}

/** A chat tool loop. Iterate its steps, or await `finalContent()`. */
export type ChatToolRunner<Item = RunnerStep<ChatCompletionCreateParamsNonStreaming, ChatCompletion>> =
  ToolRunner<
    ChatCompletionCreateParamsNonStreaming,
    ChatCompletion,
    ChatMessage,
    Item,
    ChatCompletionMessage
  >;

/** A chat tool loop that streams each step. */
export type ChatStreamingToolRunner = ChatToolRunner<
  RunnerStreamStep<ChatCompletionCreateParamsNonStreaming, ChatCompletionStream>
>;

/** A defineTool tool as a chat function tool (strict mode). */
export function chatTool(tool: Tool): ChatFunctionTool {
  return {
    type: "function",
    function: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: toolSchema(tool, "openai-strict"),
      strict: true,
    },
  };
}

/** `gw.chat.completions.runTools`. */
export function runChatTools(
  completions: ChatCreate,
  params: ChatRunToolsParams,
  options: RequestOptions = {},
): ChatToolRunner<never> {
  // The items are finished steps, or stream steps with `stream: true` (the overloads say which).
  const { tools, maxSteps, signal, stream, messages, ...rest } = params;
  const wireTools = tools.map(chatTool);
  const send = stepOptions(options, signal);
  const format: LoopFormat<
    ChatCompletionCreateParamsNonStreaming,
    ChatCompletion,
    ChatMessage,
    ChatCompletionStream,
    ChatCompletionMessage
  > = {
    request: (conversation) => ({ ...rest, messages: [...conversation], tools: wireTools }),
    send: (request) => Promise.resolve(completions.create(request, send)),
    stream: (request) => Promise.resolve(completions.create({ ...request, stream: true }, send)),
    finalOf: (chatStream) => chatStream.finalCompletion(),
    toolCalls: (response) =>
      (response.choices[0]?.message.tool_calls ?? []).map((call) => ({
        id: call.id,
        name: call.function.name,
        arguments: call.function.arguments,
      })),
    turn: (response, results) => {
      const message = response.choices[0]?.message;
      const assistant: ChatMessage = { role: "assistant", content: message?.content ?? null };
      if (message?.tool_calls?.length) assistant.tool_calls = message.tool_calls;
      return [
        assistant,
        ...results.map((result) => ({ role: "tool", tool_call_id: result.call.id, content: result.content })),
      ];
    },
    content: (response) => response.choices[0]?.message.content ?? null,
    message: (response) => response.choices[0]?.message as ChatCompletionMessage,
    usage: (response) => response.usage,
  };
  return new ToolRunner(format, tools, messages, { maxSteps, signal: send.signal, stream });
}
