/** gw.responses namespace. */
export type { ResponsesModel } from "./models.js";
export { outputText } from "./output-text.js";
export type {
  ParsedResponse,
  ResponseParseableFormat,
  ResponseParsedStream,
  ResponseParseParams,
  ResponseParseParamsStreaming,
} from "./parse.js";
export type * from "./requests.js";
export { Responses } from "./responses.js";
export type * from "./results.js";
export {
  type ResponseRunToolsParams,
  type ResponseStreamingToolRunner,
  type ResponseToolRunner,
  responseTool,
} from "./run-tools.js";
export { ResponseStream } from "./stream.js";
export { zodTextFormat } from "./text-format.js";
