/**
 * `gw.messages.runTools`: the tool loop in the Messages format. Tools go out as custom tools; calls
 * come back as `tool_use` blocks, results go back in one user turn of `tool_result` blocks. Reached
 * only through `defineTool` tools, which carry {@link runMessageTools} to the method under
 * {@link MESSAGES_RUN_TOOLS} (lib/carried.ts).
 */
import type { RequestOptions } from "../../core/http/index.js";
import { callsIn } from "../../lib/answer-shape.js";
import { carriedMethod } from "../../lib/carried.js";
import {
  type LoopFormat,
  type RunnerOptions,
  type RunnerStep,
  type RunnerStreamStep,
  stepOptions,
  ToolRunner,
} from "../../lib/runner.js";
import { type Tool, toolSchema } from "../../lib/tools.js";
import { blocksOf, type MessagesCreate, textOf } from "./parse.js";
import type { CustomToolParam, MessageCreateParamsNonStreaming, MessageParam } from "./requests.js";
import type { Message, ToolUseBlock } from "./results.js";
import type { MessageStream } from "./stream.js";

/** `runTools` params: a Messages request whose `tools` are {@link defineTool} tools. */
export interface MessageRunToolsParams
  extends Omit<MessageCreateParamsNonStreaming, "tools" | "stream">,
    RunnerOptions {
  /** The tools the model may call (made by `defineTool`). */
  tools: Tool[];
  /** Stream each step: the runner then yields `{ request, stream }` as each step's stream opens. */
  stream?: boolean;
}

/** A Messages tool loop; `finalMessage()` is the last message. */
export type MessageToolRunner<Item = RunnerStep<MessageCreateParamsNonStreaming, Message>> = ToolRunner<
  MessageCreateParamsNonStreaming,
  Message,
  MessageParam,
  Item,
  Message
>;

/** A Messages tool loop that streams each step. */
export type MessageStreamingToolRunner = MessageToolRunner<
  RunnerStreamStep<MessageCreateParamsNonStreaming, MessageStream>
>;

/** A defineTool tool as a Messages custom tool. */
export function messageTool(tool: Tool): CustomToolParam {
  return {
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    input_schema: toolSchema(tool, "anthropic-tool") as CustomToolParam["input_schema"],
  };
}

const OPERATION = "messages.runTools";

/** The tool_use blocks of a message, each checked to have an id and a name. */
const uses = (message: Message) =>
  callsIn<ToolUseBlock>(
    blocksOf(message, OPERATION),
    "content",
    "tool_use",
    ["id", "name"],
    OPERATION,
    message,
  );

/** `gw.messages.runTools`: {@link runMessageTools}, as every `defineTool` tool carries it. */
export const MESSAGES_RUN_TOOLS = carriedMethod<typeof runMessageTools>(OPERATION, "tools", "defineTool");

/** `gw.messages.runTools`. */
export function runMessageTools(
  messages: MessagesCreate,
  params: MessageRunToolsParams,
  options: RequestOptions = {},
): MessageToolRunner<never> {
  const { tools, maxSteps, signal, stream, messages: conversation, ...rest } = params;
  const wireTools = tools.map(messageTool);
  const send = stepOptions(options, signal);
  const format: LoopFormat<MessageCreateParamsNonStreaming, Message, MessageParam, MessageStream, Message> = {
    operation: OPERATION,
    request: (history) => ({ ...rest, messages: [...history], tools: wireTools }),
    send: (request) => Promise.resolve(messages.create(request, send)),
    stream: (request) => Promise.resolve(messages.create({ ...request, stream: true }, send)),
    finalOf: (messageStream) => messageStream.finalMessage(),
    toolCalls: (message) =>
      uses(message).map((use) => ({ id: use.id, name: use.name, arguments: use.input })),
    // The assistant turn goes back as it came (thinking signatures included), then one user turn of results.
    turn: (message, results) => {
      const assistant: MessageParam = { role: "assistant", content: message.content };
      if (results.length === 0) return [assistant];
      const content = results.map((result) => ({
        type: "tool_result" as const,
        tool_use_id: result.call.id,
        content: result.content,
        ...(result.isError ? { is_error: true } : {}),
      }));
      return [assistant, { role: "user", content }];
    },
    content: (message) => (uses(message).length ? null : textOf(blocksOf(message, OPERATION))),
    message: (message) => message,
    usage: (message) => message.usage,
  };
  return new ToolRunner(format, tools, conversation, { maxSteps, signal: send.signal, stream });
}
