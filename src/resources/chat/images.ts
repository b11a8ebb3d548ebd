/**
 * Image generation through chat: relayed image models answer with the image inside the message,
 * either as markdown (`![image](https://...)` or a `data:` URL) in `content`, or as an `images`
 * array of image_url parts (the OpenRouter/Gemini-compatible shape). This reads both.
 */
import type { ChatCompletion, ChatCompletionMessage } from "./results.js";

const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*(<[^>]+>|[^)\s]+)/g;

/** The image URLs (https or data:) an assistant message carries, in order. */
export function chatImageUrls(source: ChatCompletionMessage | ChatCompletion): string[] {
  const message = isCompletion(source) ? source.choices[0]?.message : source;
  if (!message) return [];
  const urls: string[] = [];
  for (const part of Array.isArray(message.images) ? message.images : []) {
    const url = (part as { image_url?: { url?: unknown } })?.image_url?.url;
    if (typeof url === "string") urls.push(url);
  }
  for (const match of (message.content ?? "").matchAll(MARKDOWN_IMAGE)) {
    urls.push(match[1]!.replace(/^<|>$/g, ""));
  }
  return urls;
}

function isCompletion(source: ChatCompletionMessage | ChatCompletion): source is ChatCompletion {
  return Array.isArray((source as ChatCompletion).choices);
}
