/** `output_text`: the text of a response's messages, computed by the SDK as openai-node does. */
import type { ResponseObject } from "./results.js";

/** The text of every output message of a response, joined (what `output_text` holds). */
export function outputText(response: Pick<ResponseObject, "output">): string {
  // The shapes are the gateway's: a hostile or broken one (content that is no list, text that is no
  // string) adds nothing rather than throwing a TypeError.
  let text = "";
  for (const item of list(response.output)) {
    if (item?.type !== "message") continue;
    for (const part of list(item.content)) {
      if (part?.type === "output_text" && typeof part.text === "string") text += part.text;
    }
  }
  return text;
}

/** The response with `output_text` set (the gateway does not send it). */
export function withOutputText(response: ResponseObject): ResponseObject {
  if (response && typeof response === "object" && Array.isArray(response.output)) {
    response.output_text = outputText(response);
  }
  return response;
}

const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
