/**
 * `gw.chat.completions.runTools`: the tool loop in the chat format. Tools go out as strict
 * functions; calls come back in `message.tool_calls`, results go back as `tool` messages.
 * Reached only through `defineTool` tools, which carry {@link runChatTools} to the method under
 * {@link CHAT_RUN_TOOLS} (lib/carried.ts).
 */
import type { RequestOptions } from "../../core/http/index.js";
import { part } from "../../lib/answer-shape.js";
import { carriedMethod } from "../../lib/carried.js";
import {
  type LoopFormat,
  type RunnerOptions,
  type RunnerStep,
  type RunnerStreamStep,
  stepOptions,
  ToolRunner,
} from "../../lib/runner.js";
import { type Tool, type ToolCall, toolSchema } from "../../lib/tools.js";
import { type ChatCreate, choicesOf, contentText } from "./parse.js";
import type { ChatCompletionCreateParamsNonStreaming, ChatFunctionTool, ChatMessage } from "./requests.js";
import type { ChatCompletion, ChatCompletionMessage } from "./results.js";
import type { ChatCompletionStream } from "./stream.js";

const OPERATION = "chat.completions.runTools";

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

/** The first choice's message, checked (a MalformedResponseError names what is missing). */
const messageOf = (response: ChatCompletion) => choicesOf(response, OPERATION)[0]!.message;

/** The tool calls of the first choice, each checked to have an id and a function name. */
function toolCallsOf(response: ChatCompletion): ToolCall[] {
  const calls = messageOf(response).tool_calls;
  if (calls == null) return [];
  const path = "choices.0.message.tool_calls";
  return part<unknown[]>(calls, path, "a list", OPERATION, response).map((call, i) => {
    part(call, `${path}.${i}`, "an object", OPERATION, response);
    const { id, function: fn } = call as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
    part(fn, `${path}.${i}.function`, "an object", OPERATION, response);
    return {
      id: part<string>(id, `${path}.${i}.id`, "a string", OPERATION, response),
      name: part<string>(fn!.name, `${path}.${i}.function.name`, "a string", OPERATION, response),
      arguments: fn!.arguments,
    };
  });
}

/** `gw.chat.completions.runTools`: {@link runChatTools}, as every `defineTool` tool carries it. */
export const CHAT_RUN_TOOLS = carriedMethod<typeof runChatTools>(OPERATION, "tools", "defineTool");

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
    operation: OPERATION,
    request: (conversation) => ({ ...rest, messages: [...conversation], tools: wireTools }),
    send: (request) => Promise.resolve(completions.create(request, send)),
    stream: (request) => Promise.resolve(completions.create({ ...request, stream: true }, send)),
    finalOf: (chatStream) => chatStream.finalCompletion(),
    toolCalls: toolCallsOf,
    turn: (response, results) => {
      const message = messageOf(response);
      const assistant: ChatMessage = { role: "assistant", content: message.content ?? null };
      // A thinking model's reasoning goes back under the name it came in: DeepSeek, Kimi and GLM
      // refuse a tool-call turn without it ("reasoning_content is missing").
      for (const name of ["reasoning_content", "reasoning"] as const) {
        const reasoning = message[name];
        if (typeof reasoning === "string" && reasoning) assistant[name] = reasoning;
      }
      if (message.tool_calls?.length) assistant.tool_calls = message.tool_calls;
      return [
        assistant,
        ...results.map((result) => ({
          role: "tool" as const,
          tool_call_id: result.call.id,
          content: result.content,
        })),
      ];
    },
    content: (response) => {
      const content = messageOf(response).content;
      return content == null ? null : contentText(content);
    },
    message: (response) => messageOf(response) as ChatCompletionMessage,
    usage: (response) => response.usage,
  };
  return new ToolRunner(format, tools, messages, { maxSteps, signal: send.signal, stream });
}
