/**
 * How the new-api relay (QuantumNous/new-api at 116255f07) writes streams, for the mock's
 * `relayStreams` switches: byte for byte, each from the relay source it cites. Users test their apps
 * against the relay's real failure modes with them (docs/testing.md, "Relay failure modes").
 */
import { dataFrame } from "./http.js";

/**
 * The `relayStreams` option of {@link createMockGateway}: new-api's stream behaviours, each off by
 * default. With any of them set, native events are framed as new-api writes them too (`data: …\n\n`,
 * relay/channel/gemini/relay-gemini-native.go GeminiTextGenerationStreamHandler), not with Gemini's CRLF.
 */
export interface RelayStreamOptions {
  /**
   * The upstream breaks (or times out) after this many content deltas, without an error, and the
   * relay ends the stream as new-api does. Chat: the last chunk it held, an estimated usage chunk
   * (`choices: []`, when `stream_options.include_usage`) and `data: [DONE]`; no choice has a
   * finish_reason (relay/helper/stream_scanner.go StreamScannerHandler, relay/channel/openai/relay-openai.go
   * OaiStreamHandler, relay/channel/openai/helper.go HandleFinalResponse). Messages, Responses and native: nothing more,
   * the body ends: no message_delta and no message_stop, no response.completed, no finishReason
   * (relay/channel/claude/relay-claude.go ClaudeStreamHandler and HandleStreamFinalResponse;
   * relay/channel/openai/relay_responses.go OaiResponsesStreamHandler; relay/channel/gemini/relay-gemini.go
   * geminiStreamHandler).
   */
  cutAfter?: number;
  /**
   * Messages events as new-api writes them: `event: …\n`, then `data: …\n` rendered with a blank line
   * after it, so every event ends in three newlines (relay/helper/common.go ClaudeChunkData,
   * common/custom-event.go writeData).
   */
  threeNewlines?: boolean;
  /**
   * A failing Messages stream (an `[error…]` prompt) ends as new-api ends it: the upstream's `event:
   * error` is swallowed (relay/channel/claude/relay-claude.go HandleStreamResponseData) and the deferred handler writes
   * `{"error":{"type":…,"message":…},"type":"error"}` straight onto the open stream, no `event:` or
   * `data:`, no newline (controller/relay.go: the deferred handler of func Relay).
   */
  bareErrorTail?: boolean;
  /**
   * The upstream keeps its connection open after its last event: new-api writes `: PING\n\n` every
   * this many ms (relay/helper/stream_scanner.go StreamScannerHandler's ping goroutine, relay/helper/common.go
   * PingData) and sends no `[DONE]`. A chat chunk goes out only when the next one arrives
   * (relay/channel/openai/relay-openai.go OaiStreamHandler), so the last chunk (the usage chunk, or the finish chunk) is held back too.
   */
  pingAfterEnd?: number;
  /**
   * new-api's keep-alive ticker: `: PING\n\n` every this many ms for as long as the stream is open,
   * whether or not the upstream sends anything (relay/helper/stream_scanner.go StreamScannerHandler: a goroutine
   * of its own; off unless the operator sets `ping_interval_enabled`, then every
   * `ping_interval_seconds`, 60 by default: setting/operation_setting/general_setting.go). With a `stallAfter` fault it is
   * the relay whose upstream went silent mid-answer: the pings go on, the answer never ends.
   */
  pingEvery?: number;
  /**
   * ms the upstream takes to start answering a stream (a slow or thinking model). new-api starts its
   * ping ticker before it sends the upstream request (relay/channel/api_request.go doRequest,
   * startPingKeepAlive): with `pingEvery`, the stream is open and pings before its first data event;
   * without, the relay's 200 waits for the upstream's first answer.
   */
  upstreamWait?: number;
}

/** A Messages event as new-api's ClaudeChunkData renders it: three newlines at its end. */
export function threeNewlineFrame(payload: { type: string }): string {
  return `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n\n`;
}

/**
 * new-api's deferred error on a Messages stream: gin's c.JSON of `{"type":"error","error":…}` (map
 * keys sorted, the ClaudeError's fields in declaration order: type, message), no newline.
 */
export function bareErrorTail(type: string, message: string): string {
  return JSON.stringify({ error: { type, message }, type: "error" });
}

/**
 * The usage chunk new-api sends after a cut chat stream when the client asked for usage and the
 * upstream sent none: helper.GenerateFinalUsageResponse (relay/helper/common.go) with the
 * estimated dto.Usage (relaykit/dto/openai_response.go, type Usage), then `data: [DONE]`.
 */
export function cutChatTail(
  last: { id: string; created: number; model: string; system_fingerprint?: string },
  estimate: { prompt: number; completion: number } | undefined,
): string[] {
  const tail: string[] = [];
  if (estimate) {
    tail.push(
      dataFrame({
        id: last.id,
        object: "chat.completion.chunk",
        created: last.created,
        model: last.model,
        system_fingerprint: last.system_fingerprint ?? "",
        choices: [],
        usage: {
          prompt_tokens: estimate.prompt,
          completion_tokens: estimate.completion,
          total_tokens: estimate.prompt + estimate.completion,
          prompt_tokens_details: { cached_tokens: 0, text_tokens: 0, audio_tokens: 0, image_tokens: 0 },
          completion_tokens_details: {
            text_tokens: 0,
            audio_tokens: 0,
            image_tokens: 0,
            reasoning_tokens: 0,
          },
          input_tokens: 0,
          output_tokens: 0,
          input_tokens_details: null,
          claude_cache_creation_5_m_tokens: 0,
          claude_cache_creation_1_h_tokens: 0,
        },
      }),
    );
  }
  tail.push(dataFrame("[DONE]"));
  return tail;
}
