/**
 * /v1beta/models/{model}:generateContent and :streamGenerateContent in the native format. With
 * `?alt=sse` the stream is data-only SSE separated by CRLF (`\r\n\r\n`) as upstream sends it; without
 * it, one JSON array of the chunks. Thought parts with thinkingConfig.includeThoughts, a functionCall
 * part when function declarations are given, a thoughtSignature on Gemini 3 models, and a blocked
 * prompt (promptFeedback.blockReason) for prompts containing `[blocked]`.
 */
import type { MockContext, Route } from "../context.js";
import { dataFrame, json, sse } from "../http.js";
import { countTokens, deltas, lastUserText, replyTo } from "../text.js";
import {
  DELTAS_BEFORE_FAILURE,
  googleErrorChunk,
  httpFailure,
  type MockFailure,
  requestedFailure,
} from "./failures.js";
import { checkNative } from "./native-rules.js";
import { describeMedia, sampleArguments, slices, structuredAnswer } from "./tool-samples.js";

interface Part {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { name: string; args: Record<string, unknown> };
  [key: string]: unknown;
}

interface NativeBody {
  contents: Array<{ role?: string; parts: Part[] }>;
  tools?: Array<{
    functionDeclarations?: Array<{ name: string; parameters?: unknown; parametersJsonSchema?: unknown }>;
  }>;
  toolConfig?: { functionCallingConfig?: { mode?: string } };
  generationConfig?: {
    responseMimeType?: string;
    responseJsonSchema?: unknown;
    responseSchema?: unknown;
    thinkingConfig?: { thinkingBudget?: number; includeThoughts?: boolean; thinkingLevel?: string };
  };
}

/** Words per streamed chunk: upstream chunks are a few tokens to a sentence long. */
const WORDS_PER_CHUNK = 3;

function functionToCall(body: NativeBody) {
  if (body.toolConfig?.functionCallingConfig?.mode === "NONE") return undefined;
  const answered = body.contents.at(-1)?.parts.some((part) => part.functionResponse !== undefined);
  return answered ? undefined : body.tools?.flatMap((tool) => tool.functionDeclarations ?? [])[0];
}

/** The parts of the answer, thought summary first when asked for. */
function answerParts(model: string, body: NativeBody, prompt: string, signature: string): Part[] {
  const thinking = body.generationConfig?.thinkingConfig;
  const parts: Part[] = [];
  if (thinking?.includeThoughts && thinking.thinkingBudget !== 0) {
    parts.push({
      text: `**Reading the request**\n\nThe user wrote "${prompt}"; an echo answers it.\n\n`,
      thought: true,
    });
  }
  const call = functionToCall(body);
  const config = body.generationConfig;
  const schema = config?.responseJsonSchema ?? config?.responseSchema;
  if (!call && config?.responseMimeType === "application/json" && schema) {
    // Structured output: JSON from the schema; a refusal is a safety stop with no text.
    const answer = structuredAnswer(schema, prompt);
    if (!answer.refusal) parts.push({ text: answer.text });
  } else if (call) {
    parts.push({
      functionCall: { name: call.name, args: sampleArguments(call.parameters ?? call.parametersJsonSchema) },
    });
  } else {
    const last = body.contents.at(-1)?.parts ?? [];
    const media = last.filter((part) => part.inlineData !== undefined || part.fileData !== undefined).length;
    parts.push({ text: replyTo(prompt) + describeMedia(media, 0) });
  }
  // Gemini 3 signs its turn: on the function call, else on the answer text.
  if (/gemini-3/.test(model) && parts.length) parts.at(-1)!.thoughtSignature = signature;
  return parts;
}

function usageOf(body: NativeBody, parts: Part[]) {
  const promptTokenCount = countTokens(JSON.stringify(body.contents));
  const thinking = body.generationConfig?.thinkingConfig;
  const thoughtsTokenCount = thinking && thinking.thinkingBudget !== 0 ? 64 : undefined;
  const candidatesTokenCount = parts
    .filter((part) => !part.thought)
    .reduce((n, part) => n + countTokens(JSON.stringify(part)), 0);
  return {
    promptTokenCount,
    candidatesTokenCount,
    totalTokenCount: promptTokenCount + candidatesTokenCount + (thoughtsTokenCount ?? 0),
    promptTokensDetails: [{ modality: "TEXT", tokenCount: promptTokenCount }],
    ...(thoughtsTokenCount ? { thoughtsTokenCount } : {}),
  };
}

function respond(context: MockContext, body: NativeBody): Response {
  const { method } = context.params;
  // The client percent-encodes the id into its path segment; the model is the decoded id.
  const model = decodeURIComponent(context.params.model ?? "");
  const stream = method === "streamGenerateContent";
  const prompt = lastUserText(body.contents);
  const failure = requestedFailure(prompt);
  if (failure && !stream) return context.fail(httpFailure(failure, "google"));
  const base = { modelVersion: model, responseId: context.state.nextId("mock-resp-") };
  const blocked = blockedPrompt(body, prompt, base);
  if (blocked) {
    if (!stream) return json(blocked);
    if (context.url.searchParams.get("alt") !== "sse") return json([blocked]);
    return sse([dataFrame(blocked, "\r\n")], context.frames());
  }
  const signature = `sig_${context.state.nextId("")}`;
  const parts = failure ? [{ text: replyTo(prompt) }] : answerParts(model, body, prompt, signature);
  const finishReason = structuredFinish(body, prompt);
  const usageMetadata = usageOf(body, parts);
  if (!stream) {
    return json({
      candidates: [{ content: { parts, role: "model" }, finishReason, index: 0 }],
      usageMetadata,
      ...base,
    });
  }
  const whole = streamChunks(parts, usageMetadata, base, failure, finishReason);
  // The relay's upstream breaks after this many chunks, never the last (see RelayStreamOptions.cutAfter).
  const cut = context.state.options.relayStreams?.cutAfter;
  const chunks = cut === undefined ? whole : whole.slice(0, Math.min(cut, whole.length - 1));
  if (context.url.searchParams.get("alt") !== "sse") return json(chunks);
  // Through new-api (any relayStreams switch), each chunk is re-written with helper.StringData:
  // `data: …\n\n` (relay/channel/gemini/relay-gemini-native.go GeminiTextGenerationStreamHandler), not Gemini's CRLF.
  const eol = context.state.options.relayStreams ? "\n" : "\r\n";
  return sse(
    chunks.map((chunk) => dataFrame(chunk, eol)),
    context.frames(),
  );
}

/** How a structured answer ends: SAFETY on `[refusal]`, MAX_TOKENS on `[truncated]`, else STOP. */
function structuredFinish(body: NativeBody, prompt: string): string {
  if (body.generationConfig?.responseMimeType !== "application/json") return "STOP";
  if (/\[refusal\]/i.test(prompt)) return "SAFETY";
  return /\[truncated\]/i.test(prompt) ? "MAX_TOKENS" : "STOP";
}

/**
 * A prompt containing `[blocked]` (or `[blocked:PROHIBITED_CONTENT]`, any reason) is refused as
 * upstream refuses one: a 200 whose only news is `promptFeedback.blockReason`, no candidates, and
 * usage counting the prompt alone. Streamed, it is the one chunk.
 */
function blockedPrompt(body: NativeBody, prompt: string, base: Record<string, unknown>) {
  const match = /\[blocked(?::(\w+))?\]/i.exec(prompt);
  if (!match) return undefined;
  const promptTokenCount = countTokens(JSON.stringify(body.contents));
  return {
    promptFeedback: { blockReason: match[1]?.toUpperCase() ?? "PROHIBITED_CONTENT" },
    usageMetadata: {
      promptTokenCount,
      totalTokenCount: promptTokenCount,
      promptTokensDetails: [{ modality: "TEXT", tokenCount: promptTokenCount }],
    },
    ...base,
  };
}

/** The chunks of a streamed answer: each a whole response with the next parts and the usage so far. */
function streamChunks(
  parts: Part[],
  usage: ReturnType<typeof usageOf>,
  base: Record<string, unknown>,
  failure: MockFailure | undefined,
  finishReason: string,
): unknown[] {
  const pieces: Part[] = [];
  for (const part of parts) {
    // Function calls and thought summaries arrive whole; answer text a few words at a time.
    if (typeof part.text !== "string" || part.thought) {
      pieces.push(part);
      continue;
    }
    // JSON (structured output) arrives in small slices, prose a few words at a time.
    if (part.text.startsWith("{")) for (const text of slices(part.text)) pieces.push({ text });
    else {
      const words = deltas(part.text);
      for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) {
        pieces.push({ text: words.slice(i, i + WORDS_PER_CHUNK).join("") });
      }
    }
    // Gemini 3 streams a signed answer's text first, then the signature on an empty final part.
    if (part.thoughtSignature) pieces.push({ text: "", thoughtSignature: part.thoughtSignature });
  }
  const chunk = (part: Part, last: boolean, sent: number) => ({
    candidates: [{ content: { parts: [part], role: "model" }, ...(last ? { finishReason } : {}), index: 0 }],
    usageMetadata: last
      ? usage
      : {
          ...usage,
          candidatesTokenCount: sent,
          totalTokenCount: usage.promptTokenCount + sent + (usage.thoughtsTokenCount ?? 0),
        },
    ...base,
  });
  let sent = 0;
  const chunks: unknown[] = [];
  // A safety stop with no text still ends with a finish reason.
  if (pieces.length === 0) pieces.push({ text: "" });
  for (const [i, part] of pieces.entries()) {
    // Fail after as many words as the other formats send before failing.
    if (failure && i * WORDS_PER_CHUNK >= DELTAS_BEFORE_FAILURE)
      return [...chunks, googleErrorChunk(failure)];
    if (!part.thought) sent += countTokens(JSON.stringify(part));
    chunks.push(chunk(part, i === pieces.length - 1, sent));
  }
  return chunks;
}

export const nativeRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/v1beta\/models\/(?<model>[^/:]+):(?<method>generateContent|streamGenerateContent)$/,
    handle(context) {
      const problem = checkNative(context.body);
      if (problem) return context.fail({ status: 400, code: 221306, type: "INVALID_ARGUMENT", ...problem });
      return respond(context, context.body as NativeBody);
    },
  },
];
