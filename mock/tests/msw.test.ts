import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Genway, { AuthenticationError, RateLimitError } from "../../src/index.js";
import { hello, thrown } from "../../tests/support/index.js";
import { createMockGateway } from "../index.js";
import { mswHandlers } from "../msw.js";

const baseURL = "https://gateway.example.test";
const mock = createMockGateway();
const server = setupServer(...mswHandlers(mock, baseURL));
/** Made at the module's top level, before `server.listen()` puts msw's fetch on globalThis. */
const early = new Genway({ apiKey: mock.apiKey, baseURL, maxRetries: 0, logLevel: "off" });

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());

describe("the mock gateway as msw handlers", () => {
  it("answers chat through msw, with the same auth and faults as the other faces", async () => {
    const gw = new Genway({ apiKey: mock.apiKey, baseURL, maxRetries: 0, logLevel: "off" });
    const completion = await gw.chat.completions.create(hello);
    expect(completion.choices[0]?.message.content).toContain('You said: "hi"');

    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    expect((await stream.finalCompletion()).choices[0]?.message.content).toContain("hi");

    mock.inject({ code: 10013 });
    expect(await thrown(() => gw.chat.completions.create(hello))).toBeInstanceOf(RateLimitError);

    const stranger = new Genway({ apiKey: "sk-not-the-mock-key", baseURL, maxRetries: 0, logLevel: "off" });
    const error = await thrown(() => stranger.chat.completions.create(hello));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.code).toBe(10001);
  });

  it("review (msw note): answers a client made before server.listen(): without a fetch option, each request calls the fetch globalThis holds then", async () => {
    const before = mock.requests.length;
    const completion = await early.chat.completions.create(hello);
    expect(completion.choices[0]?.message.content).toContain('You said: "hi"');
    const stream = await early.chat.completions.create({ ...hello, stream: true });
    expect((await stream.finalCompletion()).choices[0]?.message.content).toContain("hi");
    expect(mock.requests.length - before).toBe(2);
  });
});
