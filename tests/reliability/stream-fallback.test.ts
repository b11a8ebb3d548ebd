/**
 * Model fallback and streams: a stream falls back only while it opens, on an
 * HTTP error status that proves the call was not billed. Once the gateway answered 200, the stream
 * is the caller's; an error event inside it, even before any text, ends it as it is (the decision and
 * its reasons: docs/reliability.md, "Model fallback and streams").
 */
import { describe, expect, it } from "vitest";
import { APIError } from "../../src/index.js";
import { rejection, serving } from "../support/index.js";
import { sse } from "./hostile.js";

const noChannel = { error: { message: "no available channel for model a", code: "model_not_found" } };
const hello = { messages: [{ role: "user" as const, content: "hi" }], stream: true as const };
const answer = [
  { id: "c", choices: [{ index: 0, delta: { content: "from b" }, finish_reason: "stop" }] },
  "[DONE]",
];

async function text(stream: AsyncIterable<{ choices?: Array<{ delta?: { content?: string | null } }> }>) {
  let out = "";
  for await (const chunk of stream) out += chunk.choices?.[0]?.delta?.content ?? "";
  return out;
}

describe("stream fallback applies only while the stream opens", () => {
  it("a 503 before the stream opens goes to the next model", async () => {
    const { gw, calls } = serving((_, init) =>
      JSON.parse(String(init.body)).model === "a" ? Response.json(noChannel, { status: 503 }) : sse(answer),
    );
    const { data, model } = await gw.chat.completions.create({ ...hello, model: ["a", "b"] }).withResponse();
    expect(model).toBe("b");
    expect(await text(data)).toBe("from b");
    // Two chat requests (reading withResponse() also loaded the gateway's prices beside them).
    expect(calls.filter((c) => c.url.endsWith("/v1/chat/completions"))).toHaveLength(2);
  });

  it("a 200 whose first event is an error does not fall back: the error ends the stream, one request", async () => {
    const { gw, calls } = serving((_, init) =>
      JSON.parse(String(init.body)).model === "a" ? sse([noChannel]) : sse(answer),
    );
    const stream = await gw.chat.completions.create({ ...hello, model: ["a", "b"] });
    const error = await rejection(text(stream));
    expect(error).toBeInstanceOf(APIError);
    expect(error.message).toContain("no available channel");
    expect(calls).toHaveLength(1);
  });
});
