/** /v1/chat/completions in the OpenAI format: JSON, or chunks ending with `data: [DONE]`. */
import type { MockContext, Route } from "../context.js";
import { dataFrame, json, sse } from "../http.js";
import { cutChatTail, type RelayStreamOptions } from "../relay-streams.js";
import { countTokens, deltas, lastUserText, replyTo } from "../text.js";
import { checkChat } from "./chat-rules.js";
import {
  DELTAS_BEFORE_FAILURE,
  httpFailure,
  type MockFailure,
  openaiErrorChunk,
  requestedFailure,
} from "./failures.js";
import { chatReasoningMissing, isThinkingChat, reasoningFor } from "./thinking.js";
import { describeMedia, isImageModel, sampleArguments, slices, structuredAnswer } from "./tool-samples.js";

interface Tool {
  function?: { name?: string; parameters?: unknown };
}

interface Message {
  role?: string;
  content?: unknown;
}

interface ChatBody {
  model: string;
  messages: Message[];
  thinking?: unknown;
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  tools?: Tool[];
  tool_choice?: string | { function?: { name?: string } };
  n?: number;
  response_format?: { type?: string; json_schema?: { schema?: unknown } };
}

/** The tool the model calls: none when told not to, or when the last message is a tool's result. */
function chooseTool(body: ChatBody): Tool | undefined {
  if (!body.tools?.length || body.tool_choice === "none") return undefined;
  if (body.messages.at(-1)?.role === "tool") return undefined;
  const forced = typeof body.tool_choice === "object" ? body.tool_choice.function?.name : undefined;
  return body.tools.find((tool) => tool.function?.name === forced) ?? body.tools[0];
}

function countParts(messages: Message[], type: string): number {
  const last = messages.findLast((message) => message.role === "user");
  return Array.isArray(last?.content)
    ? last.content.filter((part) => (part as { type?: string })?.type === type).length
    : 0;
}

/** The assistant's text: an echo of the prompt, what media it saw, or an image for image models. */
function answer(body: ChatBody, id: string): string {
  if (body.messages.at(-1)?.role === "tool")
    return `The tool answered: ${String(body.messages.at(-1)?.content)}`;
  const prompt = lastUserText(body.messages);
  if (isImageModel(body.model)) {
    return `Here is your image for "${prompt}".\n\n![image](https://files.genway.mock/images/${id}.png)`;
  }
  return (
    replyTo(prompt) +
    describeMedia(countParts(body.messages, "image_url"), countParts(body.messages, "video_url"))
  );
}

function completion(context: MockContext, body: ChatBody): Response {
  const failure = requestedFailure(lastUserText(body.messages));
  if (failure && !body.stream) return context.fail(httpFailure(failure, "openai"));
  const thinking = isThinkingChat(body);
  const refused = thinking ? chatReasoningMissing(body) : undefined;
  if (refused) return context.fail(refused);
  const id = context.state.nextId("chatcmpl-mock");
  // Structured output: JSON from the schema (or a refusal, a cut, a broken answer, on a marker).
  const structured =
    body.response_format?.type === "json_schema" && body.messages.at(-1)?.role !== "tool"
      ? structuredAnswer(body.response_format.json_schema?.schema, lastUserText(body.messages))
      : undefined;
  const text = structured ? structured.text : answer(body, id);
  const refusal = structured?.refusal ?? null;
  const finish = structured?.truncated ? "length" : "stop";
  // A failing call fails while writing its text, so it calls no tools.
  const tool = failure || structured ? undefined : chooseTool(body);
  const args = tool ? JSON.stringify(sampleArguments(tool.function?.parameters)) : "";
  // A thinking model reasons first, in `reasoning_content` (DeepSeek's field, which new-api relays as it came).
  const reasoning = thinking ? reasoningFor(lastUserText(body.messages), tool?.function?.name) : undefined;
  const promptTokens = countTokens(JSON.stringify(body.messages));
  const reasoningTokens = countTokens(reasoning ?? "");
  const completionTokens = countTokens(tool ? args : text) + reasoningTokens;
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: reasoningTokens, audio_tokens: 0 },
  };
  const base = {
    id,
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    system_fingerprint: "fp_genway_mock",
  };
  const call = { id: `call_${id}`, type: "function", name: tool?.function?.name };

  if (!body.stream) {
    const message = {
      ...(tool
        ? {
            role: "assistant",
            content: null,
            tool_calls: [{ id: call.id, type: call.type, function: { name: call.name, arguments: args } }],
          }
        : { role: "assistant", content: refusal ? null : text, refusal }),
      ...(reasoning ? { reasoning_content: reasoning } : {}),
    };
    const choices = Array.from({ length: body.n ?? 1 }, (_, index) => ({
      index,
      message,
      logprobs: null,
      finish_reason: tool ? "tool_calls" : finish,
    }));
    return json({ ...base, object: "chat.completion", choices, usage });
  }
  return sse(
    streamFrames(
      body,
      base,
      tool ? { ...call, args } : undefined,
      { text, refusal, finish, reasoning },
      usage,
      failure,
      context.state.options.relayStreams,
    ),
    context.frames(),
  );
}

function streamFrames(
  body: ChatBody,
  base: { id: string; created: number; model: string; system_fingerprint: string },
  call: { id: string; type: string; name: string | undefined; args: string } | undefined,
  {
    text,
    refusal,
    finish,
    reasoning,
  }: { text: string; refusal: string | null; finish: string; reasoning: string | undefined },
  usage: { prompt_tokens: number },
  failure: MockFailure | undefined,
  relay: RelayStreamOptions | undefined,
): string[] {
  // The relay's upstream breaks after this many deltas (see RelayStreamOptions.cutAfter).
  const cut = relay?.cutAfter;
  const upTo = (pieces: string[]) => (cut === undefined ? pieces : pieces.slice(0, cut));
  let sent = "";
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    dataFrame({
      ...base,
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      usage: null,
    });
  const frames: string[] = [];
  if (reasoning) {
    // DeepSeek's shape: the reasoning deltas first, `content: null` beside them; the answer's deltas
    // then carry `reasoning_content: null`.
    frames.push(chunk({ role: "assistant", content: null, reasoning_content: "" }));
    for (const piece of deltas(reasoning)) frames.push(chunk({ content: null, reasoning_content: piece }));
  }
  const answering = reasoning ? { reasoning_content: null } : {};
  if (call) {
    const head = { index: 0, id: call.id, type: call.type, function: { name: call.name, arguments: "" } };
    frames.push(chunk({ role: "assistant", content: null, tool_calls: [head] }));
    // Split the arguments at awkward places, as real streams do.
    for (const piece of upTo(slices(call.args))) {
      frames.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }], ...answering }));
      sent += piece;
    }
    if (cut === undefined) frames.push(chunk({}, "tool_calls"));
  } else {
    frames.push(chunk({ role: "assistant", content: "", refusal: null }));
    // A refusal streams as refusal deltas; JSON in small slices, as structured output streams.
    if (refusal) for (const piece of deltas(refusal)) frames.push(chunk({ refusal: piece }));
    const pieces = refusal ? [] : text.startsWith("{") ? slices(text) : deltas(text);
    for (const piece of failure ? pieces.slice(0, DELTAS_BEFORE_FAILURE) : upTo(pieces)) {
      frames.push(chunk({ content: piece, ...answering }));
      sent += piece;
    }
    // A failure upstream mid-stream: OpenAI sends an error object as a data event, then stops.
    if (failure) return [...frames, dataFrame(openaiErrorChunk(failure))];
    if (cut === undefined) frames.push(chunk({}, finish));
  }
  const withUsage = Boolean(body.stream_options?.include_usage);
  if (cut !== undefined) {
    // new-api after a cut upstream: its estimate of what it relayed, then [DONE] (no finish_reason).
    const estimate = { prompt: usage.prompt_tokens, completion: countTokens(sent) };
    return [...frames, ...cutChatTail(base, withUsage ? estimate : undefined)];
  }
  if (withUsage) frames.push(dataFrame({ ...base, object: "chat.completion.chunk", choices: [], usage }));
  // An upstream that stays open after its last chunk: new-api holds that chunk back and sends no
  // [DONE] (the pings follow: see RelayStreamOptions.pingAfterEnd).
  if (relay?.pingAfterEnd !== undefined) return withUsage ? frames.slice(0, -1) : frames;
  frames.push(dataFrame("[DONE]"));
  return frames;
}

export const chatRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/v1\/chat\/completions$/,
    handle(context) {
      const problem = checkChat(context.body);
      if (problem)
        return context.fail({ status: 400, code: 221306, type: "invalid_request_error", ...problem });
      return completion(context, context.body as ChatBody);
    },
  },
];
