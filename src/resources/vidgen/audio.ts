/** gw.vidgen.audio: sound from text or from a video. Each returns a Task. */
import type { APIPromise, RequestOptions } from "../../core/http/index.js";
import { OPERATIONS } from "./operations.js";
import type { VidgenTextToAudioParams, VidgenVideoToAudioParams } from "./requests.js";
import type { VidgenTask } from "./results.js";
import type { VidgenSubmitter } from "./submit.js";

/** `gw.vidgen.audio`: text to audio and video to audio tasks. */
export class VidgenAudio {
  /** @internal */
  readonly #submitter: VidgenSubmitter;

  constructor(submitter: VidgenSubmitter) {
    this.#submitter = submitter;
  }

  /** POST /vidgen/v1/audio/text-to-audio (kind `vidgen.text-to-audio`). */
  textToAudio(params: VidgenTextToAudioParams, options?: RequestOptions): APIPromise<VidgenTask> {
    return this.#submitter.submit(OPERATIONS.textToAudio, params, options);
  }

  /** POST /vidgen/v1/audio/video-to-audio (kind `vidgen.video-to-audio`): exactly one of video_id, video_url. */
  videoToAudio(params: VidgenVideoToAudioParams, options?: RequestOptions): APIPromise<VidgenTask> {
    return this.#submitter.submit(OPERATIONS.videoToAudio, params, options);
  }
}
