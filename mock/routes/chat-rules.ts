/** The bounds the gateway enforces on chat requests, answered as 221306 parameter errors. */
import { isRecord, notInt, outside, type Problem } from "./rules.js";

export type { Problem };

export function checkChat(body: unknown): Problem | undefined {
  if (!isRecord(body)) return { message: "Request body must be a JSON object", param: "" };
  const b = body;
  if (typeof b.model !== "string" || b.model === "") return { message: "model is required", param: "model" };
  if (!Array.isArray(b.messages) || b.messages.length === 0) {
    return { message: "messages must be a non-empty array", param: "messages" };
  }
  if (outside(b.temperature, 0, 2))
    return { message: "temperature must be between 0 and 2", param: "temperature" };
  if (outside(b.top_p, 0, 1)) return { message: "top_p must be between 0 and 1", param: "top_p" };
  for (const name of ["presence_penalty", "frequency_penalty"]) {
    if (outside(b[name], -2, 2)) return { message: `${name} must be between -2 and 2`, param: name };
  }
  if (Array.isArray(b.stop) && b.stop.length > 4)
    return { message: "stop takes at most 4 sequences", param: "stop" };
  if (b.logit_bias && typeof b.logit_bias === "object") {
    for (const bias of Object.values(b.logit_bias)) {
      if (outside(bias, -100, 100))
        return { message: "logit_bias values must be between -100 and 100", param: "logit_bias" };
    }
  }
  if (notInt(b.n, 1)) return { message: "n must be an integer of at least 1", param: "n" };
  if (notInt(b.max_tokens, 1)) return { message: "max_tokens must be at least 1", param: "max_tokens" };
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
