/**
 * What a call bills, in quantities (never a price: src/money prices them): the units its answer
 * reports, believed only within what one call can bill, and the worst case before sending.
 *
 * Worst cases of chat calls: a byte-level tokenizer never makes more tokens than the text has
 * UTF-8 bytes, so the request's JSON body (serialized once, and sent as it was measured) bounds
 * every prompt token it carries: messages, system, tools and their schemas, response formats,
 * extra_body (images by URL count as their URL: see docs/cost.md). What the body does not show is
 * added or refused: a tool-use system prompt the upstream adds to any request with tools, and input
 * the call only refers to (an earlier response, a cache, a hosted tool's results), which nothing
 * bounds. The answer is bounded only by the output limit the call sets; without one, nothing
 * bounds it. The limit, the number of answers and the model are read from the body as sent:
 * the params with `extra_body` merged over them (its model field is refused: see meteredParams).
 */
import { ValidationError } from "../errors/errors.js";
import { PricingError } from "../errors/pricing-error.js";
import type { BilledFields, OperationMeter, TokenBilling, Units } from "./cost.js";
import type { Operation } from "./operation.js";
import type { RequestOptions } from "./request-options.js";
import { count, normalizeUsage, type TokenCounts, type TokenUsage } from "./usage.js";

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
 * The params a call is billed by: `params` with `extra_body` merged over them, as the body is
 * sent (an output limit, `n` or a duration set there is what the gateway bills). The model field
 * is refused there with a ValidationError, before anything is sent: fallback, budgets and costs
 * read the model from the params, and an operation that puts it in the path would not even send it.
 */
export function meteredParams<P>(op: Operation<P>, params: P, options: RequestOptions): P {
  const extra = options.extra_body;
  if (extra === undefined || extra === null || typeof extra !== "object") return params;
  const field = op.modelField ?? "model";
  if (Object.hasOwn(extra, field)) {
    throw new ValidationError(op.name, [
      {
        path: `extra_body.${field}`,
        rule: "billed_field",
        message: `sets the model of a billed call; give it as \`${field}\` in the params, where fallback, budgets and costs read it`,
      },
    ]);
  }
  return { ...params, ...extra } as P;
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
  if (!(limit >= 0 && limit < Number.POSITIVE_INFINITY)) {
    return { model, unpriced: `its output limit is ${limit}, which bounds nothing` };
  }
  const hidden = billing.hidden?.(params);
  if (hidden !== undefined) return { model, unpriced: `${hidden}, so nothing bounds its prompt` };
  if (body === undefined) return { model, unpriced: "the request has no JSON body to bound its prompt" };
  const prompt = utf8Length(body) + (billing.declaresTools(params) ? TOOL_SYSTEM_PROMPT_TOKENS : 0);
  const choices = billing.choices?.(params) ?? 1;
  if (typeof choices !== "number" || !(choices >= 0 && choices < Number.POSITIVE_INFINITY)) {
    return { model, unpriced: `the call asks for ${String(choices)} answers, which bounds nothing` };
  }
  return { model, usage: { prompt, completion: limit * choices }, worstCase: true };
}

/**
 * The most one call can bill, per quantity. Tokens: ten times the largest context window any
 * model offers (10M), so no real answer comes near it. Images: new-api's MaxImageN, the most
 * images it bills for one call (relaykit/dto/openai_image.go).
 */
const MOST_TOKENS = 1e8;
const MOST_IMAGES = 128;

/**
 * What an answer reports it used, as it can be priced: its usage split into billing components
 * (any format's shape), or unpriced with the reason when that usage cannot be read or reports more
 * than one call can bill (a hostile or broken relay's `1e20` would otherwise spend every budget).
 */
export function readUnits(units: Units): Units {
  if (units.unpriced !== undefined) return units;
  try {
    const usage = usedTokens(units);
    return usage === undefined ? units : { ...units, usage };
  } catch (error) {
    if (error instanceof PricingError)
      return { model: units.model, family: units.family, unpriced: error.message };
    throw error;
  }
}

/**
 * The usage of `units` split into billing components (undefined: it reports none), once its counts
 * are checked: each a finite number >= 0, and none past what one call can bill. Throws PricingError
 * saying which is not. Every billed call of a client comes here (core/http/ledger.ts): it makes no
 * object but the split usage.
 */
export function usedTokens(units: Units): Required<TokenCounts> | undefined {
  const { requests, images, characters } = units;
  if (requests != null) count(requests, "requests");
  if (images != null && count(images, "images") > MOST_IMAGES) beyond(`${images} images`, MOST_IMAGES);
  if (characters != null) count(characters, "characters");
  if (units.usage == null) return undefined;
  const usage = normalizeUsage(units.usage as TokenUsage);
  if (usage.prompt > MOST_TOKENS) beyond(`${usage.prompt} prompt tokens`, MOST_TOKENS);
  if (usage.completion > MOST_TOKENS) beyond(`${usage.completion} completion tokens`, MOST_TOKENS);
  if (usage.cacheHit > MOST_TOKENS) beyond(`${usage.cacheHit} cacheHit tokens`, MOST_TOKENS);
  if (usage.cacheWrite > MOST_TOKENS) beyond(`${usage.cacheWrite} cacheWrite tokens`, MOST_TOKENS);
  return usage;
}

/**
 * The fields of a request that a relay scales a per-request price by (see {@link BilledFields}), as
 * sent: each one the request gives as a string or a number, and of its `metadata` the two a veo
 * channel reads; undefined when it gives none. Nothing else is kept: the client's ledger keeps one
 * copy per distinct set.
 */
export function billedFields(params: object): BilledFields | undefined {
  const p = params as Record<string, unknown>;
  let kept: Record<string, unknown> | undefined;
  for (const field of ["duration", "seconds", "size", "quality"] as const) {
    const value = p[field];
    if (typeof value === "string" || typeof value === "number") (kept ??= {})[field] = value;
  }
  const metadata = p.metadata;
  if (typeof metadata === "object" && metadata !== null) {
    for (const field of ["durationSeconds", "resolution"] as const) {
      const value = (metadata as Record<string, unknown>)[field];
      // JSON leaves out a field set to undefined (a spread of optional settings): the relay reads
      // `duration` and `size` then. Any other value is given: a veo channel reads no other field.
      if (!Object.hasOwn(metadata, field) || value === undefined) continue;
      const picked = ((kept ??= {}).metadata ??= {}) as Record<string, unknown>;
      picked[field] = typeof value === "string" || typeof value === "number" ? value : null;
    }
  }
  return kept;
}

/** Units that report more than one call can bill: not believed. */
function beyond(what: string, most: number): never {
  throw new PricingError(
    "invalid_quantity",
    `the answer reports ${what}, more than one call can bill (${most}); not believed`,
  );
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
