/** gw.messages namespace. */
export { Messages } from "./messages.js";
export type { MessagesModel } from "./models.js";
export { MessageStream } from "./stream.js";
export type * from "./types.js";
