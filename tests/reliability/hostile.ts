/** Hostile streams: a stream of each chat format whose events the test wrote (over support's `serving`). */
import type Genway from "../../src/index.js";
import { serving } from "../support/index.js";

/** An SSE body whose events carry `events` as their data (objects as JSON, strings as written). */
export function sse(events: unknown[], named = false): Response {
  const text = events
    .map((event) => {
      const data = typeof event === "string" ? event : JSON.stringify(event);
      const type =
        named && typeof event === "object" && event && "type" in event
          ? (event as { type: unknown }).type
          : undefined;
      return `${typeof type === "string" ? `event: ${type}\n` : ""}data: ${data}\n\n`;
    })
    .join("");
  return new Response(text, { headers: { "content-type": "text/event-stream" } });
}

export type Format = "chat" | "messages" | "responses" | "native";

/** Opens a stream of `format` on `gw` (the body is whatever the client's fetch answers). */
export function openStream(gw: Genway, format: Format) {
  const messages = [{ role: "user" as const, content: "hi" }];
  switch (format) {
    case "chat":
      return gw.chat.completions.create({ model: "gpt-4o", messages, stream: true });
    case "messages":
      return gw.messages.create({ model: "claude-sonnet-4-5", max_tokens: 16, messages, stream: true });
    case "responses":
      return gw.responses.create({ model: "gpt-5", input: "hi", stream: true });
    case "native":
      return gw.native.streamGenerateContent({
        model: "gemini-2.5-flash",
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
      });
  }
}

/** Reads a stream of events to its end and returns its final result (or throws its error). */
export async function drain(format: Format, events: unknown[]): Promise<unknown> {
  const { gw } = serving(() => sse(events, format === "messages" || format === "responses"));
  const stream = (await openStream(gw, format)) as unknown as AsyncIterable<unknown> & {
    snapshot(): unknown;
  };
  for await (const _ of stream) {
    // accumulate
  }
  return stream.snapshot();
}

/** Reads a stream's text() to its end and returns the text (or throws its error). */
export async function drainText(format: Format, events: unknown[]): Promise<string> {
  const { gw } = serving(() => sse(events, format === "messages" || format === "responses"));
  const stream = (await openStream(gw, format)) as unknown as { text(): AsyncIterable<string> };
  let text = "";
  for await (const delta of stream.text()) text += delta;
  return text;
}

/** Whether anything was written onto the shared prototypes. */
export function polluted(): string[] {
  const found: string[] = [];
  for (const [name, proto] of [
    ["Object.prototype", Object.prototype],
    ["Array.prototype", Array.prototype],
    ["Function.prototype", Function.prototype],
  ] as const) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (!BASELINE.get(name)?.has(key)) found.push(`${name}.${key}`);
    }
  }
  for (const key of ["id", "text", "type", "index", "function", "polluted"]) {
    if (Object.hasOwn(Array, key) || Object.hasOwn(Object, key)) found.push(`constructor.${key}`);
  }
  return found;
}

/** Removes whatever a failed case wrote onto the shared prototypes, so it cannot poison the next one. */
export function unpollute(): void {
  for (const [name, proto] of [
    ["Object.prototype", Object.prototype],
    ["Array.prototype", Array.prototype],
    ["Function.prototype", Function.prototype],
  ] as const) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (!BASELINE.get(name)?.has(key)) delete (proto as Record<string, unknown>)[key];
    }
  }
  for (const key of ["id", "text", "type", "index", "function", "polluted"]) {
    for (const ctor of [Array, Object] as unknown as Record<string, unknown>[]) {
      if (Object.hasOwn(ctor, key)) delete ctor[key];
    }
  }
}

const BASELINE = new Map<string, Set<string>>([
  ["Object.prototype", new Set(Object.getOwnPropertyNames(Object.prototype))],
  ["Array.prototype", new Set(Object.getOwnPropertyNames(Array.prototype))],
  ["Function.prototype", new Set(Object.getOwnPropertyNames(Function.prototype))],
]);
