/** gw.responses namespace. */
export type { ResponsesModel } from "./models.js";
export { outputText } from "./output-text.js";
export { Responses } from "./responses.js";
export { ResponseStream } from "./stream.js";
export type * from "./types.js";
