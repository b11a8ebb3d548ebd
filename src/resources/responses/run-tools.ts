/**
 * `gw.responses.runTools`: the tool loop in the Responses format. Tools go out as strict functions;
 * calls come back as `function_call` items, results go back as `function_call_output` items.
 * Reached only through `defineTool` tools, which carry {@link runResponseTools} to the method under
 * {@link RESPONSES_RUN_TOOLS} (lib/carried.ts).
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
import { outputOf, type ResponsesCreate } from "./parse.js";
import type {
  ResponseCreateParamsNonStreaming,
  ResponseFunctionTool,
  ResponseInputItem,
} from "./requests.js";
import type { ResponseFunctionCall, ResponseObject } from "./results.js";
import type { ResponseStream } from "./stream.js";

/** `runTools` params: a Responses request whose `tools` are {@link defineTool} tools. */
export interface ResponseRunToolsParams
  extends Omit<ResponseCreateParamsNonStreaming, "tools" | "stream">,
    RunnerOptions {
  /** The tools the model may call (made by `defineTool`). */
  tools: Tool[];
  /** Stream each step: the runner then yields `{ request, stream }` as each step's stream opens. */
  stream?: boolean;
}

/** A Responses tool loop; `finalMessage()` is the last response. */
export type ResponseToolRunner<Item = RunnerStep<ResponseCreateParamsNonStreaming, ResponseObject>> =
  ToolRunner<ResponseCreateParamsNonStreaming, ResponseObject, ResponseInputItem, Item, ResponseObject>;

/** A Responses tool loop that streams each step. */
export type ResponseStreamingToolRunner = ResponseToolRunner<
  RunnerStreamStep<ResponseCreateParamsNonStreaming, ResponseStream>
>;

/** A defineTool tool as a Responses function tool (strict mode). */
export function responseTool(tool: Tool): ResponseFunctionTool {
  return {
    type: "function",
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    parameters: toolSchema(tool, "openai-strict"),
    strict: true,
  };
}

const OPERATION = "responses.runTools";

/** The function_call items of a response, each checked to have a call_id and a name. */
const calls = (response: ResponseObject) =>
  callsIn<ResponseFunctionCall>(
    outputOf(response, OPERATION),
    "output",
    "function_call",
    ["call_id", "name"],
    OPERATION,
    response,
  );

/** `gw.responses.runTools`: {@link runResponseTools}, as every `defineTool` tool carries it. */
export const RESPONSES_RUN_TOOLS = carriedMethod<typeof runResponseTools>(OPERATION, "tools", "defineTool");

/** `gw.responses.runTools`. */
export function runResponseTools(
  responses: ResponsesCreate,
  params: ResponseRunToolsParams,
  options: RequestOptions = {},
): ResponseToolRunner<never> {
  const { tools, maxSteps, signal, stream, input, ...rest } = params;
  const wireTools = tools.map(responseTool);
  const send = stepOptions(options, signal);
  const format: LoopFormat<
    ResponseCreateParamsNonStreaming,
    ResponseObject,
    ResponseInputItem,
    ResponseStream,
    ResponseObject
  > = {
    operation: OPERATION,
    request: (conversation) => ({ ...rest, input: [...conversation], tools: wireTools }),
    send: (request) => Promise.resolve(responses.create(request, send)),
    stream: (request) => Promise.resolve(responses.create({ ...request, stream: true }, send)),
    finalOf: (responseStream) => responseStream.finalResponse(),
    toolCalls: (response) =>
      calls(response).map((call) => ({ id: call.call_id, name: call.name, arguments: call.arguments })),
    // The model's output items go back as they came, then one output per call.
    turn: (response, results) => [
      ...outputOf(response, OPERATION),
      ...results.map((result) => ({
        type: "function_call_output" as const,
        call_id: result.call.id,
        output: result.content,
      })),
    ],
    content: (response) => (calls(response).length ? null : response.output_text),
    message: (response) => response,
    usage: (response) => response.usage,
  };
  const conversation: ResponseInputItem[] =
    typeof input === "string" ? [{ role: "user", content: input }] : input;
  return new ToolRunner(format, tools, conversation, { maxSteps, signal: send.signal, stream });
}
