/** The bounds the gateway enforces on /v1/responses, answered as 221306 parameter errors; the numbers are genway's `limits`. */
import { limits } from "../../src/index.js";
import { isRecord, notInt, outside, type Problem, range } from "./rules.js";

const bounds = limits.responses;

export function checkResponses(body: unknown): Problem | undefined {
  if (!isRecord(body)) return { message: "Request body must be a JSON object", param: "" };
  if (typeof body.model !== "string" || body.model === "")
    return { message: "model is required", param: "model" };
  const input = body.input;
  if (!(typeof input === "string" && input !== "") && !(Array.isArray(input) && input.length > 0)) {
    return { message: "input must be a non-empty string or array", param: "input" };
  }
  for (const name of ["temperature", "top_p"] as const) {
    if (outside(body[name], bounds[name]))
      return { message: `${name} must be ${range(bounds[name])}`, param: name };
  }
  const least = bounds.max_output_tokens.minimum;
  if (notInt(body.max_output_tokens, least)) {
    return {
      message: `max_output_tokens must be an integer of at least ${least}`,
      param: "max_output_tokens",
    };
  }
  const choice = body.tool_choice;
  const tools = Array.isArray(body.tools) ? body.tools : [];
  if (isRecord(choice) && choice.type === "function" && !tools.some((tool) => tool?.name === choice.name)) {
    return { message: `tool_choice names an unknown function: ${String(choice.name)}`, param: "tool_choice" };
  }
  return undefined;
}
