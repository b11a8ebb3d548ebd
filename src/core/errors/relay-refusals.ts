/**
 * The relay's own refusals (new-api 116255f07): failures of the request itself, found before any
 * channel could take it, which the same request always meets again. new-api sends most with HTTP
 * 500 (relaykit/types/error.go NewError) and marks them skip-retry itself; to a caller they are a
 * bad request, never retried.
 */

/**
 * Their codes, as the OpenAI envelope carries them (`error.code`): func Relay's checks
 * (controller/relay.go: the request read and checked, the sensitive words, the price) and each
 * handler's (relay/*_handler.go: the request copied and converted, the model mapped).
 */
export const RELAY_REFUSALS: ReadonlySet<string> = new Set([
  "invalid_request",
  "sensitive_words_detected",
  "convert_request_failed",
  "model_price_error",
  "read_request_body_failed",
  "channel:model_mapped_error",
]);

/**
 * The words of each refusal on /v1/messages, where the Claude envelope has no code: ToClaudeError
 * keeps only the type, `new_api_error` for every error new-api raises itself, and the cause's words
 * (relaykit/types/error.go). new-api raises others under that type which an upstream caused and
 * which may heal (`upstream error: do request failed`, an upstream body it could not decode:
 * "invalid character '<' ..."), so only these words mark a refusal, each as new-api writes it:
 * - invalid_request: relay/helper/valid_request.go GetAndValidateClaudeRequest (the body decoded
 *   into dto.ClaudeRequest, then its checks), relay/claude_handler.go ClaudeHelper (the request
 *   copied);
 * - model_price_error: relay/helper/price.go (a model without a price, in both of its languages, or
 *   a tiered expression that fails), service/billing.go PreConsumeBilling;
 * - read_request_body_failed: common/gin.go GetRequestBody (a body over MaxRequestBodyMB);
 * - channel:model_mapped_error: relay/helper/model_mapped.go ModelMappedHelper;
 * - convert_request_failed: ClaudeHelper and the channels' ConvertClaudeRequest (relay/channel/*
 *   /adaptor.go: a channel that cannot take the Messages format).
 * new-api masks what looks like a host name in every message (relaykit/relayconvert/kitutil/mask.go
 * MaskSensitiveInfo): `dto.ClaudeRequest` arrives as `***.ClaudeRequest`. A NewAPIError without a
 * cause says its code instead (`sensitive_words_detected`): see {@link claudeRefusal}.
 */
const CLAUDE_WORDS: ReadonlyArray<readonly [code: string, words: RegExp]> = [
  [
    "invalid_request",
    /^(?:field (?:messages|model) is required|max_tokens is invalid|failed to copy request to ClaudeRequest|invalid request type, expected \*(?:dto|\*{3})\.ClaudeRequest|json: cannot unmarshal \S+(?: \S+)? into Go (?:struct field ClaudeRequest\.|value of type (?:dto|\*{3})\.ClaudeRequest))/,
  ],
  [
    "model_price_error",
    /^(?:模型 \S+ 的价格(?:未配置|尚未由管理员配置)|model \S+ (?:is configured as tiered_expr but has no billing expression|tiered expr run failed)|pre-consume quota cannot be negative)/,
  ],
  ["read_request_body_failed", /^request body exceeds \d+ MB/],
  ["channel:model_mapped_error", /^(?:unmarshal_model_mapping_failed|model_mapping_contains_cycle)\b/],
  [
    "convert_request_failed",
    /^(?:(?:not implemented|not supported|not available)$|\w+ channel: (?:\/v1\/messages )?endpoint not supported|\w+ adaptor: ConvertClaudeRequest is not implemented|expected (?:OpenAI chat completions|Gemini generateContent) request, got)/,
  ],
];

/** The request id new-api appends to every message of its own (common/utils.go MessageWithRequestId). */
const REQUEST_ID = / \(request id: [^)]*\)$/;

/**
 * The refusal a Claude envelope of the relay's own (`new_api_error`) states by its words, or
 * undefined: its code when the message is one (a NewAPIError without a cause), else the refusal
 * whose words it starts with. An upstream's error keeps the upstream's own type and is never read here.
 */
export function claudeRefusal(message: string): string | undefined {
  const named = /^([a-z_:]+)(?:\s|$)/.exec(message)?.[1];
  if (named !== undefined && RELAY_REFUSALS.has(named)) return named;
  const words = message.replace(REQUEST_ID, "");
  for (const [code, pattern] of CLAUDE_WORDS) if (pattern.test(words)) return code;
  return undefined;
}
