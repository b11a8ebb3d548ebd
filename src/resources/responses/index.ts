/** gw.responses namespace. */
export type { ResponsesModel } from "./models.js";
export { outputText } from "./output-text.js";
export {
  type ParsedResponse,
  type ResponseParseableFormat,
  type ResponseParsedStream,
  type ResponseParseParams,
  type ResponseParseParamsStreaming,
  zodTextFormat,
} from "./parse.js";
export { Responses } from "./responses.js";
export {
  type ResponseRunToolsParams,
  type ResponseStreamingToolRunner,
  type ResponseToolRunner,
  responseTool,
} from "./run-tools.js";
export { ResponseStream } from "./stream.js";
export type * from "./types.js";
