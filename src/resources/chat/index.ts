/** gw.chat namespace. */
import type { ClientContext } from "../../core/http/index.js";
import { ChatCompletions } from "./completions.js";

/** `gw.chat`: the OpenAI-format chat API. */
export class Chat {
  readonly completions: ChatCompletions;
  constructor(client: ClientContext) {
    this.completions = new ChatCompletions(client);
  }
}

export { ChatCompletions } from "./completions.js";
export { chatImageUrls } from "./images.js";
export type { ChatModel } from "./models.js";
export type {
  ChatCompletionParsedStream,
  ChatCompletionParseParams,
  ChatCompletionParseParamsStreaming,
  ChatParseableFormat,
  ParsedChatCompletion,
  ParsedChatCompletionChoice,
  ParsedChatCompletionMessage,
} from "./parse.js";
export type * from "./requests.js";
export { type ResponseFormatOptions, zodResponseFormat } from "./response-format.js";
export type * from "./results.js";
export {
  type ChatRunToolsParams,
  type ChatStreamingToolRunner,
  type ChatToolRunner,
  chatTool,
} from "./run-tools.js";
export { ChatCompletionStream } from "./stream.js";
