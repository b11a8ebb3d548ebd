/**
 * Token usage as each wire format reports it, and its split into billing components: prompt,
 * completion, cache hits and cache writes, each counted once.
 */
import { PricingError } from "../errors/pricing-error.js";

/** @inline */
type Count = number | null | undefined;

/** A count as given: absent is 0; anything but a finite number >= 0 is refused. */
export function count(value: unknown, field: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new PricingError(
      "invalid_quantity",
      `${field} must be a finite number >= 0, got ${String(value)}.`,
    );
  }
  return value;
}

/** OpenAI chat: cached_tokens are part of prompt_tokens. */
export interface ChatUsage {
  prompt_tokens?: Count;
  completion_tokens?: Count;
  total_tokens?: Count;
  prompt_tokens_details?: { cached_tokens?: Count } | null;
}
/** Anthropic Messages: input_tokens excludes cache reads and cache writes. */
export interface MessagesUsage {
  input_tokens?: Count;
  output_tokens?: Count;
  cache_read_input_tokens?: Count;
  cache_creation_input_tokens?: Count;
}
/** OpenAI Responses: cached_tokens are part of input_tokens; reasoning is part of output_tokens. */
export interface ResponsesUsage {
  input_tokens?: Count;
  output_tokens?: Count;
  input_tokens_details?: { cached_tokens?: Count } | null;
  output_tokens_details?: { reasoning_tokens?: Count } | null;
}
/** Native multimodal usageMetadata: cachedContentTokenCount is part of promptTokenCount. */
export interface NativeUsage {
  promptTokenCount?: Count;
  candidatesTokenCount?: Count;
  thoughtsTokenCount?: Count;
  cachedContentTokenCount?: Count;
  toolUsePromptTokenCount?: Count;
  totalTokenCount?: Count;
}
/** Already split into billing components (what {@link normalizeUsage} returns). */
export interface TokenCounts {
  prompt: number;
  completion: number;
  cacheHit?: number;
  cacheWrite?: number;
}

/** Token usage as any wire format reports it (or already split into billing components). */
export type TokenUsage = ChatUsage | MessagesUsage | ResponsesUsage | NativeUsage | TokenCounts;

/** The fields that tell each usage shape apart. */
const CHAT = ["prompt_tokens", "completion_tokens"];
const NATIVE = ["promptTokenCount", "candidatesTokenCount", "thoughtsTokenCount", "cachedContentTokenCount"];
const INPUT_OUTPUT = [
  "input_tokens",
  "output_tokens",
  "cache_read_input_tokens",
  "cache_creation_input_tokens",
];
const COUNTS = ["prompt", "completion", "cacheHit", "cacheWrite"];

/** Whether `u` has any of `keys` set. */
function has(u: Record<string, unknown>, keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) if (u[keys[i]!] != null) return true;
  return false;
}

/** The prompt with its cached part taken out (never below zero: more cached than prompt is refused). */
function minus(total: number, cached: number, field: string): number {
  if (cached > total) throw new PricingError("invalid_quantity", `${field} exceeds the prompt token count.`);
  return total - cached;
}

/**
 * Splits any supported usage shape into prompt / completion / cache hit / cache write tokens, with
 * cache hits taken out of the prompt where the format counts them in it (OpenAI chat, Responses,
 * native) and not where it already leaves them out (Anthropic). Thoughts count as completion.
 */
export function normalizeUsage(usage: TokenUsage): Required<TokenCounts> {
  if (typeof usage !== "object" || usage === null) {
    throw new PricingError("invalid_quantity", `usage must be an object, got ${String(usage)}.`);
  }
  // Every billed call of a client goes through here (core/http/ledger.ts): no closure or array is
  // made per call.
  const u = usage as Record<string, any>;
  if (has(u, CHAT)) {
    const cached = count(u.prompt_tokens_details?.cached_tokens, "prompt_tokens_details.cached_tokens");
    const prompt = count(u.prompt_tokens, "prompt_tokens");
    const completion = count(u.completion_tokens, "completion_tokens");
    return { prompt: minus(prompt, cached, "cached_tokens"), completion, cacheHit: cached, cacheWrite: 0 };
  }
  if (has(u, NATIVE)) {
    const cached = count(u.cachedContentTokenCount, "cachedContentTokenCount");
    const prompt =
      count(u.promptTokenCount, "promptTokenCount") +
      count(u.toolUsePromptTokenCount, "toolUsePromptTokenCount");
    const completion =
      count(u.candidatesTokenCount, "candidatesTokenCount") +
      count(u.thoughtsTokenCount, "thoughtsTokenCount");
    return {
      prompt: minus(prompt, cached, "cachedContentTokenCount"),
      completion,
      cacheHit: cached,
      cacheWrite: 0,
    };
  }
  if (has(u, INPUT_OUTPUT)) {
    const input = count(u.input_tokens, "input_tokens");
    const completion = count(u.output_tokens, "output_tokens");
    const responsesCached = count(
      u.input_tokens_details?.cached_tokens,
      "input_tokens_details.cached_tokens",
    );
    return {
      prompt: minus(input, responsesCached, "input_tokens_details.cached_tokens"),
      completion,
      cacheHit: responsesCached + count(u.cache_read_input_tokens, "cache_read_input_tokens"),
      cacheWrite: count(u.cache_creation_input_tokens, "cache_creation_input_tokens"),
    };
  }
  if (has(u, COUNTS)) {
    return {
      prompt: count(u.prompt, "prompt"),
      completion: count(u.completion, "completion"),
      cacheHit: count(u.cacheHit, "cacheHit"),
      cacheWrite: count(u.cacheWrite, "cacheWrite"),
    };
  }
  throw new PricingError(
    "invalid_quantity",
    `Unrecognised usage object (fields: ${Object.keys(u).join(", ") || "none"}). Expected prompt_tokens/` +
      "completion_tokens, input_tokens/output_tokens, promptTokenCount/candidatesTokenCount or prompt/completion.",
  );
}
