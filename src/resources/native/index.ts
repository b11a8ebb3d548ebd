/** gw.native namespace. */
export { answerText, functionCalls, thoughtText } from "./helpers.js";
export type { NativeModel } from "./models.js";
export { Native } from "./native.js";
export {
  type GenerateContentParsedStream,
  type NativeParseParams,
  type NativeParseParamsStreaming,
  nativeTools,
  type ParsedGenerateContentResponse,
} from "./parse.js";
export type * from "./requests.js";
export type * from "./results.js";
export { GenerateContentStream } from "./stream.js";
