/**
 * The bounds the gateway enforces on generateContent, answered as 221306 parameter errors. The
 * lower bounds are genway's `limits`; the upper ones on candidateCount and thinkingBudget are the
 * upstream's own, which genway leaves to the gateway (a model may raise them).
 */
import { limits } from "../../src/index.js";
import { isRecord, notInt, outside, type Problem, range } from "./rules.js";

const bounds = limits.native.generationConfig;
/** The upstream's ceilings, not checked by genway: the mock's own. */
const MAX_CANDIDATES = 8;
const MAX_THINKING_BUDGET = 32768;

export function checkNative(body: unknown): Problem | undefined {
  if (!isRecord(body)) return { message: "Request body must be a JSON object", param: "" };
  if (!Array.isArray(body.contents) || body.contents.length === 0) {
    return { message: "contents is not specified", param: "contents" };
  }
  for (const [i, content] of body.contents.entries()) {
    if (!isRecord(content) || !Array.isArray(content.parts) || content.parts.length === 0) {
      return { message: `contents[${i}].parts must not be empty`, param: `contents[${i}].parts` };
    }
  }
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  for (const name of ["temperature", "topP"] as const) {
    const param = `generationConfig.${name}`;
    if (outside(config[name], bounds[name]))
      return { message: `${param} must be ${range(bounds[name])}`, param };
  }
  const candidates = { minimum: bounds.candidateCount.minimum, maximum: MAX_CANDIDATES };
  if (notInt(config.candidateCount, candidates.minimum) || outside(config.candidateCount, candidates)) {
    return {
      message: `generationConfig.candidateCount must be ${range(candidates)}`,
      param: "generationConfig.candidateCount",
    };
  }
  if (notInt(config.maxOutputTokens, bounds.maxOutputTokens.minimum)) {
    return {
      message: `generationConfig.maxOutputTokens must be at least ${bounds.maxOutputTokens.minimum}`,
      param: "generationConfig.maxOutputTokens",
    };
  }
  const thinking = isRecord(config.thinkingConfig) ? config.thinkingConfig : {};
  const budget = { minimum: bounds.thinkingConfig.thinkingBudget.minimum, maximum: MAX_THINKING_BUDGET };
  if (notInt(thinking.thinkingBudget, budget.minimum) || outside(thinking.thinkingBudget, budget)) {
    return {
      message: `generationConfig.thinkingConfig.thinkingBudget must be an integer from ${budget.minimum} to ${budget.maximum}`,
      param: "generationConfig.thinkingConfig.thinkingBudget",
    };
  }
  return undefined;
}
