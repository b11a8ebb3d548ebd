/**
 * The bounds the gateway enforces on chat requests, answered as 221306 parameter errors. The
 * numbers are genway's `limits` (the spec's, declared once); the checks are the gateway's own.
 */
import { limits } from "../../src/index.js";
import { isRecord, notInt, outside, type Problem, range } from "./rules.js";

const bounds = limits.chat.completions;

export type { Problem };

export function checkChat(body: unknown): Problem | undefined {
  if (!isRecord(body)) return { message: "Request body must be a JSON object", param: "" };
  const b = body;
  if (typeof b.model !== "string" || b.model === "") return { message: "model is required", param: "model" };
  if (!Array.isArray(b.messages) || b.messages.length === 0) {
    return { message: "messages must be a non-empty array", param: "messages" };
  }
  for (const name of ["temperature", "top_p", "presence_penalty", "frequency_penalty"] as const) {
    if (outside(b[name], bounds[name]))
      return { message: `${name} must be ${range(bounds[name])}`, param: name };
  }
  if (Array.isArray(b.stop) && b.stop.length > bounds.stop.maxItems)
    return { message: `stop takes at most ${bounds.stop.maxItems} sequences`, param: "stop" };
  if (b.logit_bias && typeof b.logit_bias === "object") {
    for (const bias of Object.values(b.logit_bias)) {
      if (outside(bias, bounds.logit_bias))
        return { message: `logit_bias values must be ${range(bounds.logit_bias)}`, param: "logit_bias" };
    }
  }
  if (notInt(b.n, bounds.n.minimum))
    return { message: `n must be an integer of at least ${bounds.n.minimum}`, param: "n" };
  if (notInt(b.max_tokens, bounds.max_tokens.minimum))
    return { message: `max_tokens must be at least ${bounds.max_tokens.minimum}`, param: "max_tokens" };
  return checkToolChoice(b.tools, b.tool_choice);
}

function checkToolChoice(tools: unknown, choice: unknown): Problem | undefined {
  if (choice === undefined || choice === null || choice === "none" || choice === "auto") return undefined;
  const names = Array.isArray(tools) ? tools.map((tool) => tool?.function?.name) : [];
  if (names.length === 0) {
    return { message: "tool_choice is only allowed when tools are specified", param: "tool_choice" };
  }
  const forced = isRecord(choice) && isRecord(choice.function) ? choice.function.name : undefined;
  if (forced !== undefined && !names.includes(forced)) {
    return { message: `tool_choice names an unknown function: ${String(forced)}`, param: "tool_choice" };
  }
  return undefined;
}
