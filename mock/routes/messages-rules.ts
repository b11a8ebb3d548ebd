/**
 * The bounds the gateway enforces on /v1/messages (as Anthropic does), answered as 221306 parameter
 * errors; the numbers are genway's `limits`.
 */
import { limits } from "../../src/index.js";
import { isRecord, notInt, outside, type Problem, range } from "./rules.js";

const bounds = limits.messages;

/** What the gateway (new-api) puts in max_tokens when the caller leaves it out. */
const DEFAULT_MAX_TOKENS = 8192;

export function checkMessages(body: unknown): Problem | undefined {
  if (!isRecord(body)) return { message: "Request body must be a JSON object", param: "" };
  if (typeof body.model !== "string" || body.model === "")
    return { message: "model: Field required", param: "model" };
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return { message: "messages: at least one message is required", param: "messages" };
  }
  for (const [i, message] of body.messages.entries()) {
    if (!isRecord(message) || (message.role !== "user" && message.role !== "assistant")) {
      return { message: `messages.${i}.role: must be "user" or "assistant"`, param: `messages.${i}.role` };
    }
    if (typeof message.content !== "string" && !Array.isArray(message.content)) {
      return { message: `messages.${i}.content: Field required`, param: `messages.${i}.content` };
    }
  }
  if (notInt(body.max_tokens, bounds.max_tokens.minimum))
    return { message: `max_tokens: must be at least ${bounds.max_tokens.minimum}`, param: "max_tokens" };
  for (const name of ["temperature", "top_p"] as const) {
    if (outside(body[name], bounds[name]))
      return { message: `${name}: must be ${range(bounds[name])}`, param: name };
  }
  if (notInt(body.top_k, bounds.top_k.minimum))
    return { message: "top_k: must be a non-negative integer", param: "top_k" };
  return checkThinking(body) ?? checkTools(body);
}

function checkThinking(body: Record<string, unknown>): Problem | undefined {
  const thinking = body.thinking;
  if (!isRecord(thinking) || thinking.type !== "enabled") return undefined;
  const budget = thinking.budget_tokens;
  const max = typeof body.max_tokens === "number" ? body.max_tokens : DEFAULT_MAX_TOKENS;
  const least = bounds.thinking.budget_tokens.minimum;
  if (notInt(budget, least) || budget === undefined) {
    return { message: `thinking.budget_tokens: must be at least ${least}`, param: "thinking.budget_tokens" };
  }
  if ((budget as number) >= max) {
    return { message: "max_tokens must be greater than thinking.budget_tokens", param: "max_tokens" };
  }
  return undefined;
}

function checkTools(body: Record<string, unknown>): Problem | undefined {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  for (const [i, tool] of tools.entries()) {
    const custom =
      isRecord(tool) && (tool.type === undefined || tool.type === null || tool.type === "custom");
    if (custom && (typeof tool.name !== "string" || !isRecord(tool.input_schema))) {
      return { message: `tools.${i}: a custom tool needs name and input_schema`, param: `tools.${i}` };
    }
  }
  const choice = body.tool_choice;
  if (isRecord(choice) && choice.type === "tool" && !tools.some((tool) => tool?.name === choice.name)) {
    return { message: `tool_choice: no tool named ${String(choice.name)}`, param: "tool_choice" };
  }
  return undefined;
}
