/** gw.chat namespace. */
import type { Resource } from "../../core/resource.js";
import { ChatCompletions } from "./completions.js";

/** `gw.chat`: the OpenAI-format chat API. */
export class Chat {
  readonly completions: ChatCompletions;
  constructor(client: Resource) {
    this.completions = new ChatCompletions(client);
  }
}

export { ChatCompletions } from "./completions.js";
export { chatImageUrls } from "./images.js";
export type { ChatModel } from "./models.js";
export { ChatCompletionStream } from "./stream.js";
export type * from "./types.js";
