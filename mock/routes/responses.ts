/**
 * /v1/responses in the OpenAI Responses format: a response object, or named SSE events from
 * response.created to response.completed (with sequence numbers). A web_search tool gives a
 * web_search_call item and url_citation annotations; a function tool gives a function_call item.
 */
import type { MockContext, Route } from "../context.js";
import { json, namedFrame, sse } from "../http.js";
import { countTokens, deltas, lastUserText, replyTo } from "../text.js";
import {
  DELTAS_BEFORE_FAILURE,
  httpFailure,
  type MockFailure,
  requestedFailure,
  responsesErrorEvent,
} from "./failures.js";
import { checkResponses } from "./responses-rules.js";
import { isReasoningRequest, reasoningFor, reasoningIdOf, responsesReasoningMissing } from "./thinking.js";
import { sampleArguments, slices, structuredAnswer } from "./tool-samples.js";

interface Tool {
  type: string;
  name?: string;
  parameters?: unknown;
}

interface ResponsesBody {
  model: string;
  input: string | Array<{ type?: string; role?: string; content?: unknown }>;
  stream?: boolean;
  tools?: Tool[];
  tool_choice?: string | { type?: string; name?: string };
  instructions?: string | null;
  [key: string]: unknown;
}

const WEB_SEARCH = /^web_search/;

interface Citation {
  type: "url_citation";
  url: string;
  title: string;
  start_index: number;
  end_index: number;
}

type Item =
  | {
      type: "reasoning";
      id: string;
      summary: Array<{ type: "summary_text"; text: string }>;
      encrypted_content?: string;
    }
  | { type: "web_search_call"; id: string; status: string; action: { type: "search"; query: string } }
  | { type: "function_call"; id: string; call_id: string; name: string; arguments: string; status: string }
  | {
      type: "message";
      id: string;
      status: string;
      role: "assistant";
      content: Array<
        | { type: "output_text"; text: string; annotations: Citation[]; logprobs: unknown[] }
        | { type: "refusal"; refusal: string }
      >;
    };

/** A structured-output request (`text.format` json_schema): its answer, else undefined. */
function structuredOf(body: ResponsesBody, prompt: string) {
  const format = (body.text as { format?: { type?: string; schema?: unknown } } | undefined)?.format;
  const answeredTool = Array.isArray(body.input) && body.input.at(-1)?.type === "function_call_output";
  return format?.type === "json_schema" && !answeredTool
    ? structuredAnswer(format.schema, prompt)
    : undefined;
}

function promptOf(body: ResponsesBody): string {
  return typeof body.input === "string" ? body.input : lastUserText(body.input);
}

/**
 * A reasoning request's reasoning item, before what it led to: its summary when `reasoning.summary`
 * asks for one, its encrypted content with `include: ["reasoning.encrypted_content"]`.
 */
function reasoningItem(body: ResponsesBody, id: string, text: string): Item {
  const { summary } = body.reasoning as { summary?: unknown };
  const encrypted = Array.isArray(body.include) && body.include.includes("reasoning.encrypted_content");
  return {
    type: "reasoning",
    id,
    summary: summary ? [{ type: "summary_text", text }] : [],
    ...(encrypted ? { encrypted_content: `enc_${btoa(text)}` } : {}),
  };
}

/** The output items, and what a reasoning request's model reasoned (billed as reasoning tokens). */
function outputFor(
  context: MockContext,
  body: ResponsesBody,
  prompt: string,
): { output: Item[]; reasoning: string } {
  const items = answerItems(context, body, prompt);
  if (!isReasoningRequest(body)) return { output: items, reasoning: "" };
  // A function call's reasoning item has the call's own suffix: it must come back with the call.
  const call = items.find((item) => item.type === "function_call");
  const id = call ? reasoningIdOf(call.id) : context.state.nextId("rs_mock");
  const reasoning = reasoningFor(prompt, call?.name);
  return { output: [reasoningItem(body, id, reasoning), ...items], reasoning };
}

function answerItems(context: MockContext, body: ResponsesBody, prompt: string): Item[] {
  const id = (prefix: string) => context.state.nextId(prefix);
  const allowed = body.tool_choice !== "none";
  const answeredTool = Array.isArray(body.input) && body.input.at(-1)?.type === "function_call_output";
  const choice = typeof body.tool_choice === "object" ? body.tool_choice : undefined;
  // A forced hosted tool ({type: "web_search_preview"}) means no function call.
  const fn =
    choice && choice.type !== "function"
      ? undefined
      : body.tools?.find((tool) => tool.type === "function" && (!choice || tool.name === choice.name));
  if (allowed && fn && !answeredTool) {
    const args = JSON.stringify(sampleArguments(fn.parameters));
    return [
      {
        type: "function_call",
        id: id("fc_mock"),
        call_id: id("call_mock"),
        name: String(fn.name),
        arguments: args,
        status: "completed",
      },
    ];
  }
  const items: Item[] = [];
  const structured = structuredOf(body, prompt);
  if (structured?.refusal) {
    const content = [{ type: "refusal" as const, refusal: structured.refusal }];
    return [{ type: "message", id: id("msg_mock"), status: "completed", role: "assistant", content }];
  }
  let text = structured ? structured.text : answeredTool ? "Thanks, the tool answered." : replyTo(prompt);
  const annotations: Citation[] = [];
  if (allowed && body.tools?.some((tool) => WEB_SEARCH.test(tool.type))) {
    items.push({
      type: "web_search_call",
      id: id("ws_mock"),
      status: "completed",
      action: { type: "search", query: prompt },
    });
    const title = "genway mock search result";
    const lead = `${text} According to the web, `;
    text = `${lead}${title}.`;
    annotations.push({
      type: "url_citation",
      url: "https://example.com/genway-mock-result",
      title,
      start_index: lead.length,
      end_index: lead.length + title.length,
    });
  }
  items.push({
    type: "message",
    id: id("msg_mock"),
    status: "completed",
    role: "assistant",
    content: [{ type: "output_text", text, annotations, logprobs: [] }],
  });
  return items;
}

function respond(context: MockContext, body: ResponsesBody): Response {
  const prompt = promptOf(body);
  const failure = requestedFailure(prompt);
  if (failure && !body.stream) return context.fail(httpFailure(failure, "openai"));
  const refused = isReasoningRequest(body) ? responsesReasoningMissing(body.input) : undefined;
  if (refused) return context.fail(refused);
  // A failing call fails while writing its message, so it calls no tools.
  const { output, reasoning } = outputFor(context, failure ? { ...body, tools: [] } : body, prompt);
  // A structured answer cut at the output limit ends the response incomplete.
  const truncated = !failure && structuredOf(body, prompt)?.truncated;
  const inputTokens = countTokens(JSON.stringify(body.input));
  // Reasoning is billed as output whether or not its summary was asked for.
  const answer = output.filter((item) => item.type !== "reasoning");
  const outputTokens = countTokens(JSON.stringify(answer)) + countTokens(reasoning);
  const response = {
    id: context.state.nextId("resp_mock"),
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status: truncated ? "incomplete" : "completed",
    background: false,
    error: null,
    incomplete_details: truncated ? { reason: "max_output_tokens" } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: body.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: body.previous_response_id ?? null,
    reasoning: isReasoningRequest(body) ? body.reasoning : { effort: null, summary: null },
    store: true,
    temperature: body.temperature ?? 1,
    text: { format: { type: "text" } },
    tool_choice: body.tool_choice ?? "auto",
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: "disabled",
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: countTokens(reasoning) },
      total_tokens: inputTokens + outputTokens,
    },
    user: null,
    metadata: {},
  };
  if (!body.stream) return json(response);
  const { frames, deltaAt } = streamFrames(response, failure);
  // The relay's upstream breaks before this delta (or the closing event), and the body just ends
  // (see RelayStreamOptions.cutAfter).
  const cut = context.state.options.relayStreams?.cutAfter;
  return sse(
    cut === undefined ? frames : frames.slice(0, deltaAt[cut] ?? frames.length - 1),
    context.frames(),
  );
}

function streamFrames(
  response: { output: Item[]; status: string; [key: string]: unknown },
  failure: MockFailure | undefined,
): { frames: string[]; deltaAt: number[] } {
  let sequence = 0;
  const frames: string[] = [];
  /** Where each delta event starts among the frames. */
  const deltaAt: number[] = [];
  const emit = (payload: { type: string; [key: string]: unknown }) => {
    if (payload.type.endsWith(".delta")) deltaAt.push(frames.length);
    frames.push(namedFrame(payload.type, { ...payload, sequence_number: sequence++ }));
  };
  const pending = { ...response, status: "in_progress", output: [], usage: null };
  emit({ type: "response.created", response: pending });
  emit({ type: "response.in_progress", response: pending });
  for (const [output_index, item] of response.output.entries()) {
    const at = { output_index, item_id: item.id };
    if (item.type === "reasoning") {
      emit({ type: "response.output_item.added", output_index, item: { ...item, summary: [] } });
      for (const [summary_index, part] of item.summary.entries()) {
        const inSummary = { ...at, summary_index };
        emit({ type: "response.reasoning_summary_part.added", ...inSummary, part: { ...part, text: "" } });
        for (const delta of deltas(part.text))
          emit({ type: "response.reasoning_summary_text.delta", ...inSummary, delta });
        emit({ type: "response.reasoning_summary_text.done", ...inSummary, text: part.text });
        emit({ type: "response.reasoning_summary_part.done", ...inSummary, part });
      }
    } else if (item.type === "web_search_call") {
      emit({ type: "response.output_item.added", output_index, item: { ...item, status: "in_progress" } });
      for (const phase of ["in_progress", "searching", "completed"])
        emit({ type: `response.web_search_call.${phase}`, ...at });
    } else if (item.type === "function_call") {
      emit({
        type: "response.output_item.added",
        output_index,
        item: { ...item, arguments: "", status: "in_progress" },
      });
      for (const delta of slices(item.arguments))
        emit({ type: "response.function_call_arguments.delta", ...at, delta });
      emit({ type: "response.function_call_arguments.done", ...at, arguments: item.arguments });
    } else {
      emit({
        type: "response.output_item.added",
        output_index,
        item: { ...item, status: "in_progress", content: [] },
      });
      const part = item.content[0]!;
      const inPart = { ...at, content_index: 0 };
      if (part.type === "refusal") {
        emit({ type: "response.content_part.added", ...inPart, part: { type: "refusal", refusal: "" } });
        for (const delta of deltas(part.refusal)) emit({ type: "response.refusal.delta", ...inPart, delta });
        emit({ type: "response.refusal.done", ...inPart, refusal: part.refusal });
        emit({ type: "response.content_part.done", ...inPart, part });
        emit({ type: "response.output_item.done", output_index, item });
        continue;
      }
      emit({
        type: "response.content_part.added",
        ...inPart,
        part: { type: "output_text", text: "", annotations: [] },
      });
      const pieces = part.text.startsWith("{") ? slices(part.text) : deltas(part.text);
      for (const delta of failure ? pieces.slice(0, DELTAS_BEFORE_FAILURE) : pieces) {
        emit({ type: "response.output_text.delta", ...inPart, delta, logprobs: [] });
      }
      if (failure) {
        // Upstream reports the failure twice: an error event, then response.failed.
        const error = responsesErrorEvent(failure, sequence++);
        frames.push(namedFrame("error", error));
        const failed = {
          ...pending,
          status: "failed",
          error: { code: error.error.code, message: error.error.message },
        };
        emit({ type: "response.failed", response: failed });
        return { frames, deltaAt };
      }
      for (const [annotation_index, annotation] of part.annotations.entries()) {
        emit({ type: "response.output_text.annotation.added", ...inPart, annotation_index, annotation });
      }
      emit({ type: "response.output_text.done", ...inPart, text: part.text, logprobs: [] });
      emit({
        type: "response.content_part.done",
        ...inPart,
        part: { type: "output_text", text: part.text, annotations: part.annotations },
      });
    }
    emit({ type: "response.output_item.done", output_index, item });
  }
  emit({ type: response.status === "incomplete" ? "response.incomplete" : "response.completed", response });
  return { frames, deltaAt };
}

export const responsesRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/v1\/responses$/,
    handle(context) {
      const problem = checkResponses(context.body);
      if (problem)
        return context.fail({ status: 400, code: 221306, type: "invalid_request_error", ...problem });
      return respond(context, context.body as ResponsesBody);
    },
  },
];
