/** The bounds the gateway enforces on generateContent, answered as 221306 parameter errors. */
import { isRecord, notInt, outside, type Problem } from "./rules.js";

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
  if (outside(config.temperature, 0, 2)) {
    return {
      message: "generationConfig.temperature must be between 0 and 2",
      param: "generationConfig.temperature",
    };
  }
  if (outside(config.topP, 0, 1))
    return { message: "generationConfig.topP must be between 0 and 1", param: "generationConfig.topP" };
  if (notInt(config.candidateCount, 1) || outside(config.candidateCount, 1, 8)) {
    return {
      message: "generationConfig.candidateCount must be between 1 and 8",
      param: "generationConfig.candidateCount",
    };
  }
  if (notInt(config.maxOutputTokens, 1)) {
    return {
      message: "generationConfig.maxOutputTokens must be at least 1",
      param: "generationConfig.maxOutputTokens",
    };
  }
  const thinking = isRecord(config.thinkingConfig) ? config.thinkingConfig : {};
  if (notInt(thinking.thinkingBudget, -1) || outside(thinking.thinkingBudget, -1, 32768)) {
    return {
      message: "generationConfig.thinkingConfig.thinkingBudget must be an integer from -1 to 32768",
      param: "generationConfig.thinkingConfig.thinkingBudget",
    };
  }
  return undefined;
}
