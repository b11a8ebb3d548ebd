/**
 * D11 (adversarial review 3): a stream that is complete by its format resolves `final…()` at once,
 * without waiting for the connection to close: a relay that keeps the connection open with
 * keep-alives after the end, sends no `[DONE]`, or goes silent. After completion the request is
 * closed. The rule for chat, whose usage chunk may follow the finish, is in docs/reliability.md.
 */
import { describe, expect, it, vi } from "vitest";
import Genway, { APITimeoutError } from "../../../src/index.js";
import { loopback, place, thrown } from "../../support/index.js";

const hi = [{ role: "user" as const, content: "hi" }];
const encoder = new TextEncoder();
const chunk = (choices: unknown[], usage?: unknown) =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices, ...(usage ? { usage } : {}) })}\n\n`;
const content = chunk([{ index: 0, delta: { content: "complete answer" }, finish_reason: null }]);
const finish = chunk([{ index: 0, delta: {}, finish_reason: "stop" }]);
const usage = chunk([], { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 });

/**
 * A client whose answer is `frames`, then a connection that stays open: `: keep-alive` every few ms
 * when `ping` is set, else silence. `open.cancelled` says whether the client closed the body.
 */
function heldOpen(frames: string[], ping: boolean, options: { idleTimeout?: number; prices?: "spec" } = {}) {
  const open = { cancelled: false, pings: 0 };
  const gw = new Genway({
    apiKey: "sk-d11",
    baseURL: "http://relay.test",
    maxRetries: 0,
    logLevel: "off",
    ...options,
    fetch: async () => {
      let timer: ReturnType<typeof setInterval> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const frame of frames) controller.enqueue(encoder.encode(frame));
          if (ping) {
            timer = setInterval(() => {
              open.pings++;
              controller.enqueue(encoder.encode(": keep-alive\n\n"));
            }, 5);
          }
        },
        cancel() {
          open.cancelled = true;
          clearInterval(timer);
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    },
  });
  return { gw, open };
}

describe("D11: a finished stream resolves without waiting for the connection to close", () => {
  it("D11: chat, finish chunk and usage chunk, then keep-alives and no [DONE]: finalContent() resolves with the usage, and the request is closed", async () => {
    const { gw, open } = heldOpen([content, finish, usage], true);
    const stream = await gw.chat.completions.create({ model: "m", messages: hi, stream: true });
    const completion = await stream.finalCompletion();
    expect(completion.choices[0]).toMatchObject({
      message: { content: "complete answer" },
      finish_reason: "stop",
    });
    expect(completion.usage).toEqual({ prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 });
    // Released after a short grace for the body's end (docs/reliability.md): the relay never ends it.
    await vi.waitFor(() => expect(open.cancelled).toBe(true));
    expect(stream.controller.signal.aborted).toBe(true);
  });

  it("D11: chat through new-api with an upstream that stays open (mock relayStreams.pingAfterEnd): the usage chunk is held back, and the first keep-alive after the finish completes the stream", async () => {
    const { gw, mock } = await loopback({}, { relayStreams: { pingAfterEnd: 20 } });
    const stream = await gw.chat.completions.create({ model: "gpt-4o-mini", messages: hi, stream: true });
    const completion = await stream.finalCompletion();
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.choices[0]?.message.content).toMatch(/^Hello from the genway mock gateway/);
    expect(completion.usage).toBeUndefined(); // new-api still holds it
    await vi.waitFor(() => expect(stream.controller.signal.aborted).toBe(true));
    expect(mock.requests).toHaveLength(1);
  });

  it("D11: Messages, message_stop then pings from a relay that stays open (mock relayStreams.pingAfterEnd): finalText() resolves", async () => {
    const { gw } = await loopback({}, { relayStreams: { pingAfterEnd: 20, threeNewlines: true } });
    const stream = await gw.messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      messages: hi,
      stream: true,
    });
    expect(await stream.finalText()).toMatch(/^Hello from the genway mock gateway/);
    expect((await stream.finalMessage()).usage.output_tokens).toBeGreaterThan(1);
    await vi.waitFor(() => expect(stream.controller.signal.aborted).toBe(true));
  });

  it("D11: Responses and native on a relay that stays open resolve at response.completed and the finishReason", async () => {
    const { gw } = await loopback({}, { relayStreams: { pingAfterEnd: 20 } });
    const response = await gw.responses.create({ model: "gpt-5", input: "hi", stream: true });
    expect((await response.finalResponse()).status).toBe("completed");
    const native = await gw.native.streamGenerateContent({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
    });
    expect((await native.finalResponse()).candidates?.[0]?.finishReason).toBe("STOP");
  });

  it("D11: a finished chat answer on a silent open connection resolves at the idle timeout instead of throwing the answer away (an unfinished one still times out)", async () => {
    place("m", "coding-chat");
    const { gw, open } = heldOpen([content, finish], false, { idleTimeout: 100, prices: "spec" });
    const stream = await gw.chat.completions.create({
      model: "m",
      messages: hi,
      max_tokens: 50,
      stream: true,
    });
    expect(await stream.finalContent()).toBe("complete answer");
    await vi.waitFor(() => expect(open.cancelled).toBe(true));
    // No usage came: priced at what it delivered (docs/cost.md), not lost.
    expect(stream.cost()?.total).toBeGreaterThan(0);

    const unfinished = heldOpen([content], false, { idleTimeout: 100 });
    const cut = await unfinished.gw.chat.completions.create({ model: "m", messages: hi, stream: true });
    const error = await thrown(() => cut.finalCompletion());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.phase).toBe("idle");
    expect(cut.snapshot().choices[0]?.message.content).toBe("complete answer");
  });

  it("D11: with n = 2, one finished choice is not the whole answer; both are", async () => {
    const two = (index: number, delta: object, reason: string | null) => ({
      index,
      delta,
      finish_reason: reason,
    });
    const frames = [
      chunk([two(0, { content: "a" }, null), two(1, { content: "b" }, null)]),
      chunk([two(0, {}, "stop")]),
      usage,
    ];
    const unfinished = heldOpen(frames, false, { idleTimeout: 100 });
    const cut = await unfinished.gw.chat.completions.create({ model: "m", messages: hi, n: 2, stream: true });
    expect(await thrown(() => cut.finalCompletion())).toBeInstanceOf(APITimeoutError);
    const whole = heldOpen([...frames.slice(0, 2), chunk([two(1, {}, "stop")]), usage], true);
    const stream = await whole.gw.chat.completions.create({ model: "m", messages: hi, n: 2, stream: true });
    expect((await stream.finalCompletion()).choices.map((c) => c.finish_reason)).toEqual(["stop", "stop"]);
  });
});
