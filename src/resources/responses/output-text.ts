/** `output_text`: the text of a response's messages, computed by the SDK as openai-node does. */
import type { ResponseObject } from "./types.js";

/** The text of every output message of a response, joined (what `output_text` holds). */
export function outputText(response: Pick<ResponseObject, "output">): string {
  let text = "";
  for (const item of response.output ?? []) {
    if (item?.type !== "message") continue;
    for (const part of item.content ?? []) if (part?.type === "output_text") text += part.text;
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
