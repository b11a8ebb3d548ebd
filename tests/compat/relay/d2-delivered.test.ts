/**
 * D2 (adversarial review 3): a stream aborted, cut or stalled before its final usage is priced at
 * what it delivered (output tokens counted from its deltas, docs/cost.md: a quarter token per ASCII
 * character, one per other character, never below the usage that arrived), not at Messages'
 * `message_start` placeholder (`output_tokens: 1`); its worst case stays reserved until then. The
 * relay bills a cut stream on its own estimate of the text it relayed (new-api
 * relay/channel/claude/relay-claude.go HandleStreamFinalResponse, service/token_estimator.go).
 */
import { describe, expect, it } from "vitest";
import { countTokens } from "../../../mock/text.js";
import Genway, { APITimeoutError, BudgetExceededError, type CostEvent } from "../../../src/index.js";
import { loopback, place, thrown } from "../../support/index.js";

/** messages-chat, default group: 5 CNY per 1M prompt tokens, 25 per 1M output tokens. */
const price = (input: number, output: number) => (input * 5 + output * 25) / 1e6;

/** A Messages stream of `n` deltas of "tok " (input 20 tokens), paced so a reader can stop it early. */
function longMessages(n: number, options: ConstructorParameters<typeof Genway>[0] = {}) {
  const encoder = new TextEncoder();
  const event = (e: { type: string }) => encoder.encode(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  return new Genway({
    apiKey: "sk-d2",
    baseURL: "http://relay.test",
    maxRetries: 0,
    logLevel: "off",
    ...options,
    fetch: async (_, init) => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            event({
              type: "message_start",
              message: {
                id: "m",
                type: "message",
                role: "assistant",
                model: "claude-x",
                content: [],
                usage: { input_tokens: 20, output_tokens: 1 },
              },
            } as { type: string }),
          );
          controller.enqueue(
            event({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } } as {
              type: string;
            }),
          );
        },
        async pull(controller) {
          if (init?.signal?.aborted) return;
          if (sent === n) {
            controller.enqueue(
              event({
                type: "message_delta",
                delta: { stop_reason: "max_tokens" },
                usage: { output_tokens: n },
              } as { type: string }),
            );
            controller.enqueue(event({ type: "message_stop" }));
            controller.close();
            return;
          }
          sent++;
          controller.enqueue(
            event({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "tok " } } as {
              type: string;
            }),
          );
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    },
  });
}

const ask = {
  model: "claude-x",
  max_tokens: 1000,
  messages: [{ role: "user" as const, content: "count" }],
  stream: true as const,
};

describe("D2: a stream without its final usage is priced at what it delivered", () => {
  it("D2: a Messages stream aborted after 600 deltas costs its 600 output tokens, not message_start's one", async () => {
    place("claude-*", "messages-chat");
    const events: CostEvent[] = [];
    const gw = longMessages(1000, { onCost: (event) => events.push(event) });
    const stream = await gw.messages.create(ask);
    let n = 0;
    await thrown(async () => {
      for await (const event of stream)
        if (event.type === "content_block_delta" && ++n === 600) stream.abort();
    });
    expect(stream.snapshot().usage.output_tokens).toBe(1); // what the stream itself said
    expect(stream.cost()?.total).toBeCloseTo(price(20, 600), 10);
    expect(events).toHaveLength(1);
    expect(events[0]?.cost?.total).toBeCloseTo(price(20, 600), 10);
    expect(gw.costs.unpriced).toBe(0);
  });

  it("D2: under a budget, aborted streams are admitted only while what they delivered fits", async () => {
    place("claude-*", "messages-chat");
    const gw = longMessages(1000, { budget: { limit: 0.05, currency: "CNY" } });
    let admitted = 0;
    let delivered = 0;
    for (let i = 0; i < 20; i++) {
      const stream = await gw.messages.create(ask).catch((error: unknown) => {
        if (error instanceof BudgetExceededError) return undefined;
        throw error;
      });
      if (!stream) break;
      admitted++;
      await thrown(async () => {
        let n = 0;
        for await (const event of stream)
          if (event.type === "content_block_delta" && ++n === 600) stream.abort();
      });
      delivered += 600;
    }
    // Each delivered 0.0151 CNY; a fourth worst case (0.025 + the prompt) no longer fits 0.05.
    expect(admitted).toBe(2);
    expect(price(20 * admitted, delivered)).toBeLessThanOrEqual(0.05);
    expect(gw.costs.total).toBeCloseTo(price(20 * admitted, delivered), 10);
  });

  it("D2: while a stream is open its worst case stays reserved; once aborted, what it delivered replaces it", async () => {
    place("claude-*", "messages-chat");
    const gw = longMessages(1000, { budget: { limit: 0.04, currency: "CNY" } });
    const stream = await gw.messages.create(ask);
    let n = 0;
    for await (const event of stream) if (event.type === "content_block_delta" && ++n === 200) break;
    // The first stream held 0.025 + its prompt while open: a second such call did not fit then.
    expect(gw.costs.total).toBeCloseTo(price(20, 200), 10);
    const second = await gw.messages.create(ask);
    const iterator = second[Symbol.asyncIterator]();
    await iterator.next();
    expect(await thrown(() => gw.messages.create(ask))).toBeInstanceOf(BudgetExceededError);
    await iterator.return?.();
  });

  it("D2: a Messages stream cut upstream (mock relayStreams.cutAfter) settles at what it delivered, at least the mock's own count", async () => {
    place("claude-*", "messages-chat");
    const events: CostEvent[] = [];
    const { gw } = await loopback(
      { onCost: (event) => events.push(event) },
      { relayStreams: { cutAfter: 3, threeNewlines: true } },
    );
    const stream = await gw.messages.create({
      ...ask,
      model: "claude-sonnet-4-6",
      messages: [{ role: "user", content: "hi" }],
    });
    await thrown(() => stream.finalMessage());
    const { content, usage } = stream.snapshot();
    const text = content.map((block) => (block.type === "text" ? block.text : "")).join("");
    expect(text).toBe("Hello from the");
    const output = Math.ceil(text.length / 4);
    expect(output).toBeGreaterThanOrEqual(countTokens(text));
    expect(events[0]?.cost?.total).toBeCloseTo(price(usage.input_tokens, output), 10);
  });

  it("D2: 20 cut Messages streams in parallel under a budget never spend past it, and are counted at no less than the mock's own token count of what each delivered", async () => {
    place("claude-*", "messages-chat");
    const limit = 0.06;
    const { gw } = await loopback(
      { budget: { limit, currency: "CNY" } },
      { relayStreams: { cutAfter: 3, threeNewlines: true } },
    );
    const params = {
      ...ask,
      model: "claude-sonnet-4-6",
      messages: [{ role: "user" as const, content: "hi" }],
    };
    /** One cut stream: refused, or what the mock's own count of what it sent costs. */
    const run = async (): Promise<number | "refused"> => {
      const stream = await gw.messages.create(params).catch((error: unknown) => {
        if (error instanceof BudgetExceededError) return undefined;
        throw error;
      });
      if (!stream) return "refused";
      await thrown(() => stream.finalMessage());
      const { content, usage } = stream.snapshot();
      const text = content.map((block) => (block.type === "text" ? block.text : "")).join("");
      return price(usage.input_tokens, countTokens(text));
    };
    const outcomes = await Promise.all(Array.from({ length: 20 }, run));
    const admitted = outcomes.filter((o): o is number => typeof o === "number");
    // Two worst cases (0.025 + the prompt each) fit at once; the others are refused, not admitted on credit.
    expect(admitted.length).toBe(2);
    expect(outcomes.filter((o) => o === "refused")).toHaveLength(18);
    const byTheMock = admitted.reduce((sum, cost) => sum + cost, 0);
    expect(gw.costs.total).toBeGreaterThanOrEqual(byTheMock);
    expect(gw.costs.total).toBeLessThanOrEqual(limit);
  });

  it("D2: a Messages stream that stalls (idle timeout) settles at what it delivered", async () => {
    place("claude-*", "messages-chat");
    const events: CostEvent[] = [];
    const { gw, mock } = await loopback({ idleTimeout: 100, onCost: (event) => events.push(event) });
    // message_start, content_block_start, ping and two deltas, then silence on an open connection.
    mock.inject({ match: "/v1/messages", stallAfter: 5 });
    const stream = await gw.messages.create({
      ...ask,
      model: "claude-sonnet-4-6",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(await thrown(() => stream.finalMessage())).toBeInstanceOf(APITimeoutError);
    const { content, usage } = stream.snapshot();
    expect(content).toEqual([{ type: "text", text: "Hello from" }]);
    expect(events[0]?.cost?.total).toBeCloseTo(
      price(usage.input_tokens, Math.ceil("Hello from".length / 4)),
      10,
    );
  });

  it("D2: the other formats cut upstream settle at no less than what they delivered", async () => {
    place("gpt-5*", "coding-chat");
    place("gemini-*", "coding-chat");
    place("gpt-4o-mini", "coding-chat");
    const events: CostEvent[] = [];
    const { gw } = await loopback(
      { onCost: (event) => events.push(event) },
      { relayStreams: { cutAfter: 3 } },
    );
    const hi = [{ role: "user" as const, content: "hi" }];
    const chat = await gw.chat.completions.create({
      model: "gpt-4o-mini",
      messages: hi,
      max_tokens: 100,
      stream: true,
    });
    const responses = await gw.responses.create({
      model: "gpt-5",
      input: "hi",
      max_output_tokens: 100,
      stream: true,
    });
    const native = await gw.native.streamGenerateContent({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
      generationConfig: { maxOutputTokens: 100 },
    });
    await thrown(() => chat.finalCompletion());
    await thrown(() => responses.finalResponse());
    await thrown(() => native.finalResponse());
    expect(events).toHaveLength(3);
    for (const event of events) {
      const output = event.cost?.lines.find((line) => line.item === "completion")?.quantity ?? 0;
      expect(output).toBeGreaterThanOrEqual(Math.ceil("Hello from the".length / 4));
    }
  });
});
