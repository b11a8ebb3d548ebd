/** gw.audio.speech: text-to-speech as a streaming BinaryResponse. */
import type { APIPromise, ClientContext, RequestOptions } from "../../core/http/index.js";
import { BinaryResponse } from "../../core/uploads/index.js";
import { CREATE } from "./operations.js";
import type { SpeechCreateParams } from "./requests.js";

/** `gw.audio.speech`: text to speech on /v1/audio/speech. */
export class Speech {
  constructor(private readonly client: ClientContext) {}

  /**
   * POST /v1/audio/speech. Resolves when the audio starts to arrive: iterate it, pipe `body`, or
   * `saveToFile(audio, path)` from genway/node; nothing is buffered unless you call
   * `arrayBuffer()`/`blob()`. Any model and voice are sent; input length, speed and the format are
   * checked. Billed per character, so a failure is retried only when the gateway
   * certainly did not take the request.
   */
  create(params: SpeechCreateParams, options?: RequestOptions): APIPromise<BinaryResponse> {
    return this.client.transport.open(CREATE, params, options, BinaryResponse.open);
  }
}
