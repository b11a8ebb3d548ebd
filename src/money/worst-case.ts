/**
 * Worst cases of chat calls, before sending. A byte-level tokenizer never makes more tokens than
 * the text has UTF-8 bytes, so the request's JSON body (serialized once, and sent as it was
 * measured) bounds every prompt token it carries: messages, system, tools and their schemas,
 * response formats, extra_body (images by URL count as their URL: see docs/cost.md). What the
 * body does not show is added or refused: a tool-use system prompt the upstream adds to any
 * request with tools, and input the call only refers to (an earlier response, a cache, a hosted
 * tool's results), which nothing bounds. The answer is bounded only by the output limit the call
 * sets; without one, nothing bounds it.
 */
import type { OperationMeter, TokenBilling, Units } from "../core/http/cost.js";

/**
 * The largest tool-use system prompt published for any model: Anthropic adds one to every request
 * with tools, 804 tokens for Claude Opus 4.7 with tool_choice any/tool (313 to 804 across the
 * models listed at https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview, "Pricing",
 * as of 2026-07). A relay may send any format's tools to such a model, so every format counts it.
 */
const TOOL_SYSTEM_PROMPT_TOKENS = 804;

/**
 * What a call bills, by its operation's `meter`: a function's own units, or a chat format's
 * {@link tokenUnits}. With `answer` undefined, the worst case (from the params and `body`, the JSON
 * to be sent); with the answer (or a stream's assembled result), what it used.
 */
export function unitsOf<P>(meter: OperationMeter<P>, params: P, answer?: unknown, body?: string): Units {
  return typeof meter === "function" ? meter(params, answer, body) : tokenUnits(meter, params, answer, body);
}

/**
 * The units of a token-billed chat call: with the answer, the usage it reports; before sending,
 * the worst case: prompt tokens at most the UTF-8 bytes of `body` (the request's JSON as it will be
 * sent) plus a tool-use system prompt, and the output limit for each answer; unpriced, with the
 * reason, when the call sets no output limit or refers to input the request does not hold.
 */
function tokenUnits<P>(billing: TokenBilling<P>, params: P, answer?: unknown, body?: string): Units {
  const model = billing.model(params);
  if (answer !== undefined) return { model, usage: billing.usage(answer) };
  const limit = billing.limit(params);
  if (typeof limit !== "number") {
    return { model, unpriced: `the call sets no ${billing.limitField}, so its answer may be any length` };
  }
  const hidden = billing.hidden?.(params);
  if (hidden !== undefined) return { model, unpriced: `${hidden}, so nothing bounds its prompt` };
  if (body === undefined) return { model, unpriced: "the request has no JSON body to bound its prompt" };
  const prompt = utf8Length(body) + (billing.declaresTools(params) ? TOOL_SYSTEM_PROMPT_TOKENS : 0);
  const completion = limit * (billing.choices?.(params) ?? 1);
  return { model, usage: { prompt, completion }, worstCase: true };
}

/** Node's Buffer counts UTF-8 bytes without encoding; elsewhere they are counted by hand. */
const nodeBuffer = (globalThis as { Buffer?: { byteLength(text: string, encoding: "utf8"): number } }).Buffer;

/** The UTF-8 length of `text`, without building the bytes. */
function utf8Length(text: string): number {
  if (nodeBuffer) return nodeBuffer.byteLength(text, "utf8");
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    // 2 bytes below U+0800, 3 above; a surrogate pair (2 units) is 4 bytes, so 1 unit adds 1 each.
    bytes += unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}
