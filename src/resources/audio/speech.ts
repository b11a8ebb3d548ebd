/** gw.audio.speech: text-to-speech as a streaming BinaryResponse. */
import type { APIPromise, ClientContext, RequestOptions } from "../../core/http/index.js";
import { BinaryResponse } from "../../core/uploads/index.js";
import { CREATE } from "./operations.js";
import type { SpeechCreateParams } from "./requests.js";

/** A speech answer: its audio streams once its first bytes arrived; 0 bytes is an error naming the audio. */
const AUDIO = BinaryResponse.opener("audio");

/** `gw.audio.speech`: text to speech on /v1/audio/speech. */
export class Speech {
  constructor(private readonly client: ClientContext) {}

  /**
   * POST /v1/audio/speech. Resolves when the audio starts to arrive: iterate it, pipe `body`, or
   * `saveToFile(audio, path)` from genway/node; nothing is buffered unless you call
   * `arrayBuffer()`/`blob()`. Any model and voice are sent; input length, speed and the format are
   * checked. Billed per character, so a failure is retried only when the gateway
   * certainly did not take the request. An answer with no audio (0 bytes) rejects with a
   * MalformedResponseError (`type: "empty_body"`): it may have been billed.
   */
  create(params: SpeechCreateParams, options?: RequestOptions): APIPromise<BinaryResponse> {
    return this.client.transport.open(CREATE, params, options, AUDIO);
  }
}
