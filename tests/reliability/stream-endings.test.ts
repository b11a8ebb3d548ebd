/**
 * How a stream may end, beyond the fault matrix: a format with a closing event (Messages'
 * message_stop, Responses' response.completed) that ends before it was cut, and final…() rejects
 * with IncompleteStreamError, with what arrived kept in snapshot(); a stream request answered with
 * JSON is never an empty stream.
 */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import Genway, {
  APIConnectionError,
  IncompleteStreamError,
  MalformedResponseError,
  ServiceUnavailableError,
} from "../../src/index.js";
import { loopback, thrown } from "../support/index.js";

/** A client whose every answer is the mock's real stream with its last `drop` events removed. */
function servingWithout(drop: number): Genway {
  const mock = createMockGateway();
  return new Genway({
    apiKey: mock.apiKey,
    baseURL: "http://gateway.test",
    maxRetries: 0,
    logLevel: "off",
    fetch: async (input, init) => {
      const whole = await (await mock.fetch(input, init)).text();
      const events = whole.split("\n\n").filter((event) => event !== "");
      const cut = `${events.slice(0, -drop).join("\n\n")}\n\n`;
      return new Response(cut, { headers: { "content-type": "text/event-stream" } });
    },
  });
}

const messages = [{ role: "user" as const, content: "hi" }];

describe("a stream that ends before its closing event", () => {
  it("Messages: IncompleteStreamError naming message_stop, and snapshot() keeps the text that arrived", async () => {
    const gw = servingWithout(1); // message_stop
    const stream = await gw.messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      messages,
      stream: true,
    });
    const error = await thrown(() => stream.finalMessage());
    expect(error).toBeInstanceOf(IncompleteStreamError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({ missing: "message_stop", requestId: undefined });
    expect(stream.snapshot().content[0]).toMatchObject({
      type: "text",
      text: expect.stringContaining("Hello"),
    });
    expect(stream.snapshot().stop_reason).toBe("end_turn"); // message_delta arrived, message_stop did not
  });

  it("Responses: iteration ends quietly without response.completed; finalResponse() rejects", async () => {
    const gw = servingWithout(1); // response.completed
    const stream = await gw.responses.create({ model: "gpt-5", input: "hi", stream: true });
    let events = 0;
    for await (const _ of stream) events++;
    expect(events).toBeGreaterThan(3);
    const error = await thrown(() => stream.finalResponse());
    expect(error).toBeInstanceOf(IncompleteStreamError);
    expect(error.message).toMatch(/before response.completed/);
    expect(stream.snapshot().output_text).toContain("Hello");
  });

  it("the whole stream still ends cleanly", async () => {
    const { gw } = await loopback();
    const stream = await gw.messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      messages,
      stream: true,
    });
    expect((await stream.finalMessage()).stop_reason).toBe("end_turn");
    const response = await (
      await gw.responses.create({ model: "gpt-5", input: "hi", stream: true })
    ).finalResponse();
    expect(response.status).toBe("completed");
  });
});

describe("a stream request answered with JSON", () => {
  it("throws the error envelope's typed error (not an empty stream), retried only as its code allows", async () => {
    const { mock, gw } = await loopback({ maxRetries: 2 });
    mock.inject({
      body: JSON.stringify({ error: { message: "Interface disabled", type: "new_api_error", code: 10021 } }),
    });
    const error = await thrown(() =>
      gw.chat.completions.create({ model: "gpt-4o-mini", messages, stream: true }),
    );
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.code).toBe(10021);
    expect(mock.requests).toHaveLength(1);
  });

  it("a JSON answer that is not an error is a MalformedResponseError", async () => {
    const { mock, gw } = await loopback();
    mock.inject({ body: JSON.stringify({ id: "chatcmpl-1", object: "chat.completion", choices: [] }) });
    const error = await thrown(() =>
      gw.chat.completions.create({ model: "gpt-4o-mini", messages, stream: true }),
    );
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toMatch(/Expected an event stream/);
  });
});
