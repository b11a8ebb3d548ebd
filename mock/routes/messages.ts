/**
 * /v1/messages in the Anthropic format: JSON, or named SSE events (message_start ... message_stop,
 * a ping after the first block starts). Thinking blocks when `thinking` is enabled (or adaptive), a tool_use block
 * when custom tools are given (unless tool_choice is none or the last turn is a tool result).
 */
import type { MockContext, Route } from "../context.js";
import { json, namedFrame, sse } from "../http.js";
import { bareErrorTail, type RelayStreamOptions, threeNewlineFrame } from "../relay-streams.js";
import { countTokens, deltas, lastUserText, replyTo } from "../text.js";
import {
  anthropicErrorEvent,
  DELTAS_BEFORE_FAILURE,
  httpFailure,
  type MockFailure,
  requestedFailure,
} from "./failures.js";
import { checkMessages } from "./messages-rules.js";
import { messagesThinkingMissing, reasoningFor, SIGNATURE_PREFIX } from "./thinking.js";
import { describeMedia, sampleArguments, slices, structuredAnswer } from "./tool-samples.js";

interface Tool {
  type?: string | null;
  name?: string;
  input_schema?: unknown;
}

interface MessagesBody {
  model: string;
  system?: unknown;
  messages: Array<{ role: string; content: unknown }>;
  stream?: boolean;
  tools?: Tool[];
  tool_choice?: { type?: string; name?: string };
  thinking?: { type?: string };
}

type Block =
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

interface MockMessage {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: Block[];
  stop_reason: "tool_use" | "end_turn" | "refusal" | "max_tokens" | null;
  stop_sequence: null;
  usage: {
    input_tokens: number;
    cache_creation_input_tokens: number;
    cache_read_input_tokens: number;
    output_tokens: number;
    service_tier: string;
  };
}

function blocksOf(content: unknown): Array<{ type?: string }> {
  return Array.isArray(content) ? (content as Array<{ type?: string }>) : [];
}

/** The custom tool the model calls, if any. Server tools (web_search...) are the upstream's business. */
function chooseTool(body: MessagesBody): Tool | undefined {
  const tools = (body.tools ?? []).filter((tool) => !tool.type || tool.type === "custom");
  if (tools.length === 0 || body.tool_choice?.type === "none") return undefined;
  const last = body.messages.at(-1);
  if (blocksOf(last?.content).some((block) => block.type === "tool_result")) return undefined;
  if (body.tool_choice?.type === "tool") return tools.find((tool) => tool.name === body.tool_choice?.name);
  return tools[0];
}

/** Thinking is on (enabled, or adaptive: the model decides, and the mock always thinks). */
const thinks = (body: MessagesBody) =>
  body.thinking?.type === "enabled" || body.thinking?.type === "adaptive";

function reply(context: MockContext, body: MessagesBody, prompt: string): Block[] {
  const blocks: Block[] = [];
  const last = body.messages.at(-1);
  const result = blocksOf(last?.content).find((block) => block.type === "tool_result") as
    | { content?: unknown }
    | undefined;
  const tool = chooseTool(body);
  if (thinks(body)) {
    blocks.push({
      type: "thinking",
      thinking: reasoningFor(prompt, result ? undefined : tool?.name),
      signature: `${SIGNATURE_PREFIX}${context.state.nextId("")}`,
    });
  }
  if (result) {
    blocks.push({ type: "text", text: `The tool answered: ${JSON.stringify(result.content ?? "")}` });
  } else if (tool && body.tool_choice?.type === "tool") {
    // A forced tool is how this format asks for JSON: the markers steer it as they steer the others.
    const answer = structuredAnswer(tool.input_schema, prompt);
    if (answer.refusal) blocks.push({ type: "text", text: answer.refusal });
    else {
      const input = answer.truncated ? {} : (answer.value as Record<string, unknown>);
      blocks.push({
        type: "tool_use",
        id: context.state.nextId("toolu_mock"),
        name: String(tool.name),
        input,
      });
    }
  } else if (tool) {
    blocks.push({ type: "text", text: `I'll call ${tool.name} for that.` });
    blocks.push({
      type: "tool_use",
      id: context.state.nextId("toolu_mock"),
      name: String(tool.name),
      input: sampleArguments(tool.input_schema),
    });
  } else {
    const images = blocksOf(last?.content).filter((block) => block.type === "image").length;
    blocks.push({ type: "text", text: replyTo(prompt) + describeMedia(images, 0) });
  }
  return blocks;
}

/**
 * Input tokens as Anthropic bills them: the system prompt, the messages, the tool definitions, and
 * the tool-use system prompt it adds to every request with tools: 346 tokens with tool_choice auto
 * or none, 313 with any or tool (Claude Opus 4, Sonnet 4 and Sonnet 3.7 in the table at
 * https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview#pricing, 2025).
 */
function inputTokensOf(body: MessagesBody): number {
  let tokens = countTokens(JSON.stringify(body.messages));
  if (body.system !== undefined) tokens += countTokens(JSON.stringify(body.system));
  if (body.tools?.length) {
    const forced = body.tool_choice?.type === "any" || body.tool_choice?.type === "tool";
    tokens += countTokens(JSON.stringify(body.tools)) + (forced ? 313 : 346);
  }
  return tokens;
}

function respond(context: MockContext, body: MessagesBody): Response {
  const prompt = lastUserText(body.messages);
  const failure = requestedFailure(prompt);
  if (failure && !body.stream) return context.fail(httpFailure(failure, "anthropic"));
  const refused = thinks(body) ? messagesThinkingMissing(body.messages) : undefined;
  if (refused) return context.fail(refused);
  const blocks: Block[] = failure ? [{ type: "text", text: replyTo(prompt) }] : reply(context, body, prompt);
  const inputTokens = inputTokensOf(body);
  const outputTokens = blocks.reduce((sum, block) => sum + countTokens(JSON.stringify(block)), 0);
  const message: MockMessage = {
    id: context.state.nextId("msg_mock"),
    type: "message",
    role: "assistant",
    model: body.model,
    content: blocks,
    stop_reason:
      /\[refusal\]/i.test(prompt) && body.tool_choice?.type === "tool"
        ? "refusal"
        : /\[truncated\]/i.test(prompt) && body.tool_choice?.type === "tool"
          ? "max_tokens"
          : blocks.some((block) => block.type === "tool_use")
            ? "tool_use"
            : "end_turn",
    stop_sequence: null,
    usage: {
      input_tokens: inputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: outputTokens,
      service_tier: "standard",
    },
  };
  if (!body.stream) return json(message);
  return sse(streamFrames(message, failure, context.state.options.relayStreams), context.frames());
}

function streamFrames(
  message: MockMessage,
  failure: MockFailure | undefined,
  relay: RelayStreamOptions | undefined,
): string[] {
  const { content, stop_reason, stop_sequence, usage } = message;
  const frame = (payload: { type: string; [key: string]: unknown }) =>
    relay?.threeNewlines ? threeNewlineFrame(payload) : namedFrame(payload.type, payload);
  // The relay's upstream breaks after this many deltas, and the body just ends (see RelayStreamOptions.cutAfter).
  const cut = relay?.cutAfter;
  let left = cut ?? Number.POSITIVE_INFINITY;
  const more = () => left-- > 0;
  // message_start carries the message as it begins: no content, no stop reason, one output token.
  const start = { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } };
  const frames = [frame({ type: "message_start", message: start })];
  for (const [index, block] of content.entries()) {
    const delta = (value: Record<string, unknown>) =>
      frame({ type: "content_block_delta", index, delta: value });
    const open = (empty: Record<string, unknown>) => {
      frames.push(frame({ type: "content_block_start", index, content_block: empty }));
      // Upstream sends a keep-alive ping right after the first block starts.
      if (index === 0) frames.push(frame({ type: "ping" }));
    };
    if (block.type === "thinking") {
      open({ type: "thinking", thinking: "", signature: "" });
      for (const piece of deltas(block.thinking)) {
        if (!more()) return frames;
        frames.push(delta({ type: "thinking_delta", thinking: piece }));
      }
      frames.push(delta({ type: "signature_delta", signature: block.signature }));
    } else if (block.type === "tool_use") {
      open({ ...block, input: {} });
      // As upstream: an empty first fragment, then the JSON cut at awkward places.
      for (const piece of ["", ...slices(JSON.stringify(block.input))]) {
        if (!more()) return frames;
        frames.push(delta({ type: "input_json_delta", partial_json: piece }));
      }
    } else {
      open({ type: "text", text: "" });
      const pieces = deltas(block.text);
      for (const piece of failure ? pieces.slice(0, DELTAS_BEFORE_FAILURE) : pieces) {
        if (!more()) return frames;
        frames.push(delta({ type: "text_delta", text: piece }));
      }
    }
    if (failure) {
      const { error } = anthropicErrorEvent(failure);
      const tail = relay?.bareErrorTail
        ? bareErrorTail(error.type, error.message)
        : frame({ type: "error", error });
      return [...frames, tail];
    }
    frames.push(frame({ type: "content_block_stop", index }));
  }
  if (cut !== undefined) return frames;
  frames.push(
    frame({
      type: "message_delta",
      delta: { stop_reason, stop_sequence },
      usage: { output_tokens: usage.output_tokens },
    }),
    frame({ type: "message_stop" }),
  );
  return frames;
}

export const messagesRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/v1\/messages$/,
    handle(context) {
      const problem = checkMessages(context.body);
      if (problem)
        return context.fail({ status: 400, code: 221306, type: "invalid_request_error", ...problem });
      return respond(context, context.body as MessagesBody);
    },
  },
];
