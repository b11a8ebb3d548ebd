/** The bounds the gateway enforces on /v1/responses, answered as 221306 parameter errors. */
import { isRecord, notInt, outside, type Problem } from "./rules.js";

export function checkResponses(body: unknown): Problem | undefined {
  if (!isRecord(body)) return { message: "Request body must be a JSON object", param: "" };
  if (typeof body.model !== "string" || body.model === "")
    return { message: "model is required", param: "model" };
  const input = body.input;
  if (!(typeof input === "string" && input !== "") && !(Array.isArray(input) && input.length > 0)) {
    return { message: "input must be a non-empty string or array", param: "input" };
  }
  if (outside(body.temperature, 0, 2))
    return { message: "temperature must be between 0 and 2", param: "temperature" };
  if (outside(body.top_p, 0, 1)) return { message: "top_p must be between 0 and 1", param: "top_p" };
  if (notInt(body.max_output_tokens, 16)) {
    return { message: "max_output_tokens must be an integer of at least 16", param: "max_output_tokens" };
  }
  const choice = body.tool_choice;
  const tools = Array.isArray(body.tools) ? body.tools : [];
  if (isRecord(choice) && choice.type === "function" && !tools.some((tool) => tool?.name === choice.name)) {
    return { message: `tool_choice names an unknown function: ${String(choice.name)}`, param: "tool_choice" };
  }
  return undefined;
}
