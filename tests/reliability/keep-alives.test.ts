/**
 * Keep-alives are not progress for the idle clock: a relay that keeps pinging while its upstream
 * is dead (new-api, pings turned on, writes `: PING` on a ticker whatever the upstream does, relay/helper/
 * stream_scanner.go; Anthropic's `event: ping` passes through it) must not keep a cut answer open.
 */
import type http from "node:http";
import { describe, it, type onTestFinished } from "vitest";
import Genway, { APITimeoutError } from "../../src/index.js";
import { hello, httpServer, loopback } from "../support/index.js";

/** Settles `promise`, or says it is still pending after `ms` (a hang is what these tests look for). */
function settled<T>(promise: Promise<T>, ms: number): Promise<T | Error | "pending"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Promise<"pending">((resolve) => {
    timer = setTimeout(() => resolve("pending"), ms);
  });
  return Promise.race([promise.catch((error: Error) => error), pending]).finally(() => clearTimeout(timer));
}

/** A loopback server answering every request with `respond`; closed when the test `finished` belongs to ends. */
async function server(
  finished: typeof onTestFinished,
  respond: (res: http.ServerResponse) => void,
): Promise<string> {
  return (
    await httpServer((req, res) => {
      req.resume();
      respond(res);
    }, finished)
  ).url;
}

/** Writes `frame` every `ms` until the response closes. */
function every(res: http.ServerResponse, ms: number, frame: string): void {
  const timer = setInterval(() => res.write(frame), ms);
  res.on("close", () => clearInterval(timer));
}

// Each test on a server of its own, side by side: they wait on clocks, not on the CPU.
describe.concurrent("keep-alives do not hold the idle clock off", () => {
  it("E9: a chat stream cut upstream behind new-api's `: PING` ends with APITimeoutError (idle) within idleTimeout", async ({
    onTestFinished,
    expect,
  }) => {
    const { gw, mock } = await loopback(
      { idleTimeout: 400 },
      { relayStreams: { pingEvery: 50 } },
      onTestFinished,
    );
    mock.inject({ match: "/v1/chat/completions", stallAfter: 2 });
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const outcome = await settled(stream.finalContent(), 5000);
    expect(outcome).toBeInstanceOf(APITimeoutError);
    expect((outcome as APITimeoutError).phase).toBe("idle");
    // What arrived before the cut is kept.
    expect(stream.snapshot().choices[0]?.message.content).not.toBe("");
  });

  it("E9: a Messages stream behind new-api's `: PING` ends the same way", async ({
    onTestFinished,
    expect,
  }) => {
    const { gw, mock } = await loopback(
      { idleTimeout: 400 },
      { relayStreams: { pingEvery: 50 } },
      onTestFinished,
    );
    mock.inject({ match: "/v1/messages", stallAfter: 4 });
    const stream = await gw.messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 100,
      messages: [{ role: "user", content: "story" }],
      stream: true,
    });
    const outcome = await settled(stream.finalText(), 5000);
    expect(outcome).toBeInstanceOf(APITimeoutError);
    expect((outcome as APITimeoutError).phase).toBe("idle");
  });

  it("E9: Anthropic's `event: ping` repeated by a stalled upstream is no progress either", async ({
    onTestFinished,
    expect,
  }) => {
    const url = await server(onTestFinished, (res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const event = (e: { type: string }) => res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
      event({
        type: "message_start",
        message: { id: "m", type: "message", role: "assistant", model: "c", content: [], usage: {} },
      } as never);
      event({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } } as never);
      event({
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: "Once upon a" },
      } as never);
      every(res, 50, `event: ping\ndata: {"type": "ping"}\n\n`);
    });
    const gw = new Genway({ apiKey: "sk-x", baseURL: url, logLevel: "off", idleTimeout: 400 });
    const stream = await gw.messages.create({
      model: "c",
      max_tokens: 100,
      messages: [{ role: "user", content: "story" }],
      stream: true,
    });
    const outcome = await settled(stream.finalText(), 5000);
    expect(outcome).toBeInstanceOf(APITimeoutError);
    expect(stream.snapshot().content).toEqual([{ type: "text", text: "Once upon a" }]);
  });

  it("a stream whose data keeps coming between the pings is not cut, however long it runs", async ({
    onTestFinished,
    expect,
  }) => {
    // About 2 s of frames 100 ms apart, pings in between, under a 1 s idle window.
    const { gw } = await loopback(
      { idleTimeout: 1000 },
      { streamDelayMs: 100, relayStreams: { pingEvery: 30 } },
      onTestFinished,
    );
    const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(" ");
    const stream = await gw.chat.completions.create({
      ...hello,
      messages: [{ role: "user", content: words }],
      stream: true,
    });
    const completion = await stream.finalCompletion();
    expect(completion.choices[0]?.finish_reason).toBe("stop");
  });

  it("one large event trickling in slowly is progress: a part of an event counts, not only a whole one", async ({
    onTestFinished,
    expect,
  }) => {
    const payload = JSON.stringify({
      id: "c",
      object: "chat.completion.chunk",
      created: 1,
      model: "m",
      choices: [{ index: 0, delta: { content: "x".repeat(2000) }, finish_reason: "stop" }],
    });
    const url = await server(onTestFinished, (res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const frame = `data: ${payload}\n\n`;
      let at = 0;
      const timer = setInterval(() => {
        if (at >= frame.length) {
          clearInterval(timer);
          res.end("data: [DONE]\n\n");
          return;
        }
        res.write(frame.slice(at, at + 400));
        at += 400;
      }, 150);
      res.on("close", () => clearInterval(timer));
    });
    const gw = new Genway({ apiKey: "sk-x", baseURL: url, logLevel: "off", idleTimeout: 600 });
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    // One event in six pieces 150 ms apart (900 ms) under a 600 ms idle window: cut only if a piece
    // were not progress.
    expect((await stream.finalContent())?.length).toBe(2000);
  });
});

// Side by side as well: each on a server of its own.
describe.concurrent("before the first data event, `timeout` waits for the answer, however the relay pings", () => {
  it("review D2: a relay that opens the stream and pings while its upstream thinks is not cut by idleTimeout", async ({
    onTestFinished,
    expect,
  }) => {
    // new-api pings before its upstream's headers (relay/channel/api_request.go doRequest): 600 ms
    // of pings, 50 ms apart, under a 200 ms idle window and a 10 s response window.
    const { gw, mock } = await loopback(
      { idleTimeout: 200, timeout: 10_000 },
      { relayStreams: { pingEvery: 50, upstreamWait: 600 } },
      onTestFinished,
    );
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const completion = await stream.finalCompletion();
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.choices[0]?.message.content).toBeTruthy();
    expect(mock.requests).toHaveLength(1);
  });

  it("review D2: the same on /v1/messages, where Anthropic's own ping events may come first too", async ({
    onTestFinished,
    expect,
  }) => {
    const url = await server(onTestFinished, (res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      every(res, 50, `event: ping\ndata: {"type": "ping"}\n\n`);
      setTimeout(() => {
        for (const event of [
          {
            type: "message_start",
            message: { id: "m", type: "message", role: "assistant", model: "c", content: [], usage: {} },
          },
          { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
          { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hello" } },
          { type: "content_block_stop", index: 0 },
          { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 1 } },
          { type: "message_stop" },
        ]) {
          res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        }
        res.end();
      }, 600);
    });
    const gw = new Genway({ apiKey: "sk-x", baseURL: url, logLevel: "off", idleTimeout: 200 });
    const stream = await gw.messages.create({
      model: "c",
      max_tokens: 100,
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    });
    expect(await stream.finalText()).toBe("Hello");
  });

  it("review D2: pings before the first data event never outlast `timeout`: the response clock's APITimeoutError", async ({
    onTestFinished,
    expect,
  }) => {
    const { gw, mock } = await loopback(
      { idleTimeout: 100, timeout: 500 },
      { relayStreams: { pingEvery: 50 } },
      onTestFinished,
    );
    mock.inject({ match: "/v1/chat/completions", stallAfter: 0 });
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const outcome = await settled(stream.finalContent(), 5000);
    expect(outcome).toBeInstanceOf(APITimeoutError);
    expect(outcome).toMatchObject({ phase: "response", timeoutMs: 500 });
  });

  it("review D2: once data came, keep-alives are nothing again: the idle clock cuts a stalled answer (E9's rule)", async ({
    onTestFinished,
    expect,
  }) => {
    const { gw, mock } = await loopback(
      { idleTimeout: 300, timeout: 10_000 },
      { relayStreams: { pingEvery: 50, upstreamWait: 400 } },
      onTestFinished,
    );
    mock.inject({ match: "/v1/chat/completions", stallAfter: 2 });
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const outcome = await settled(stream.finalContent(), 5000);
    expect(outcome).toBeInstanceOf(APITimeoutError);
    expect((outcome as APITimeoutError).phase).toBe("idle");
  });
});
