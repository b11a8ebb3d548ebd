/** /v1/chat/completions in the OpenAI format: JSON, or chunks ending with `data: [DONE]`. */
import type { MockContext, Route } from "../context.js";
import { dataFrame, json, sse } from "../http.js";
import { countTokens, deltas, lastUserText, replyTo } from "../text.js";
import { checkChat } from "./chat-rules.js";

interface Tool {
  function?: {
    name?: string;
    parameters?: { properties?: Record<string, { type?: string; enum?: unknown[] }> };
  };
}

interface ChatBody {
  model: string;
  messages: unknown[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  tools?: Tool[];
  tool_choice?: string | { function?: { name?: string } };
  n?: number;
}

/** Arguments a tool call would plausibly carry: each declared property gets a sample value. */
function sampleArguments(tool: Tool | undefined): string {
  const properties = tool?.function?.parameters?.properties ?? {};
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    args[name] =
      schema.enum?.[0] ?? (schema.type === "number" || schema.type === "integer" ? 42 : `sample ${name}`);
  }
  return JSON.stringify(args);
}

function chooseTool(body: ChatBody): Tool | undefined {
  if (!body.tools?.length || body.tool_choice === "none") return undefined;
  const forced = typeof body.tool_choice === "object" ? body.tool_choice.function?.name : undefined;
  return body.tools.find((tool) => tool.function?.name === forced) ?? body.tools[0];
}

function completion(context: MockContext, body: ChatBody): Response {
  const prompt = lastUserText(body.messages);
  const text = replyTo(prompt);
  const tool = chooseTool(body);
  const id = context.state.nextId("chatcmpl-mock");
  const promptTokens = countTokens(JSON.stringify(body.messages));
  const completionTokens = tool ? countTokens(sampleArguments(tool)) : countTokens(text);
  const created = Math.floor(Date.now() / 1000);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  const base = { id, created, model: body.model, system_fingerprint: "fp_genway_mock" };

  if (!body.stream) {
    const message = tool
      ? {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: `call_${id}`,
              type: "function",
              function: { name: tool.function?.name, arguments: sampleArguments(tool) },
            },
          ],
        }
      : { role: "assistant", content: text, refusal: null };
    const choices = Array.from({ length: body.n ?? 1 }, (_, index) => ({
      index,
      message,
      logprobs: null,
      finish_reason: tool ? "tool_calls" : "stop",
    }));
    return json({ ...base, object: "chat.completion", choices, usage });
  }

  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    dataFrame({
      ...base,
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      usage: null,
    });
  const frames: string[] = [];
  if (tool) {
    const args = sampleArguments(tool);
    frames.push(
      chunk({
        role: "assistant",
        content: null,
        tool_calls: [
          {
            index: 0,
            id: `call_${id}`,
            type: "function",
            function: { name: tool.function?.name, arguments: "" },
          },
        ],
      }),
    );
    // Split the arguments at awkward places, as real streams do.
    for (let i = 0; i < args.length; i += 7) {
      frames.push(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + 7) } }] }));
    }
    frames.push(chunk({}, "tool_calls"));
  } else {
    frames.push(chunk({ role: "assistant", content: "", refusal: null }));
    for (const piece of deltas(text)) frames.push(chunk({ content: piece }));
    frames.push(chunk({}, "stop"));
  }
  if (body.stream_options?.include_usage) {
    frames.push(dataFrame({ ...base, object: "chat.completion.chunk", choices: [], usage }));
  }
  frames.push(dataFrame("[DONE]"));
  return sse(frames, context.frames());
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
