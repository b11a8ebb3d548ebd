/** gw.messages namespace. */
export { Messages } from "./messages.js";
export type { MessagesModel } from "./models.js";
export type {
  MessageParsedStream,
  MessageParseOptions,
  MessageParseParams,
  MessageParseParamsStreaming,
  ParsedMessage,
} from "./parse.js";
export type * from "./requests.js";
export type * from "./results.js";
export {
  type MessageRunToolsParams,
  type MessageStreamingToolRunner,
  type MessageToolRunner,
  messageTool,
} from "./run-tools.js";
export { MessageStream } from "./stream.js";
