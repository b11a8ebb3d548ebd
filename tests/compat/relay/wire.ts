/**
 * The relay's wire bodies, recorded in tests/compat/relay/fixtures: each file starts with SSE comment
 * lines naming the new-api source (QuantumNous/new-api at 116255f07) it follows, then a blank line,
 * then the body byte for byte as the mock's `relayStreams` switch writes it (timestamps fixed).
 * `UPDATE_RELAY_FIXTURES=1 npx vitest run tests/compat/relay` rewrites the bodies, keeping the headers.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { expect } from "vitest";
import { createMockGateway, type RelayStreamOptions } from "../../../mock/index.js";
import Genway from "../../../src/index.js";

const url = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

/** A fixture's source header and its body. */
export function relayFixture(name: string): { header: string; body: string } {
  const text = readFileSync(url(name), "utf8");
  const end = text.indexOf("\n\n");
  return { header: text.slice(0, end + 2), body: text.slice(end + 2) };
}

/** Timestamps the mock takes from the clock, fixed so that bodies compare byte for byte. */
function fixed(body: string): string {
  return body.replace(/"(created|created_at)":\d+/g, '"$1":1760000000');
}

/** What a fresh mock with `relayStreams` writes for one request (its ids count from 1). */
export async function relayWire(
  relayStreams: RelayStreamOptions,
  path: string,
  body: Record<string, unknown>,
): Promise<string> {
  const mock = createMockGateway({ relayStreams });
  const response = await mock.fetch(`http://gateway.test${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${mock.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return fixed(await response.text());
}

/** Asserts the mock's bytes are the recorded relay body (or records them, with UPDATE_RELAY_FIXTURES=1). */
export function expectRecorded(name: string, wire: string): void {
  if (process.env.UPDATE_RELAY_FIXTURES === "1" && existsSync(url(name))) {
    writeFileSync(url(name), relayFixture(name).header + wire);
  }
  expect(wire).toBe(relayFixture(name).body);
}

/** A client answered with a recorded relay body. */
export function replaying(name: string, options: { idleTimeout?: number } = {}): Genway {
  const { body } = relayFixture(name);
  return new Genway({
    apiKey: "sk-relay-replay",
    baseURL: "http://relay.invalid",
    maxRetries: 0,
    logLevel: "off",
    ...options,
    fetch: async () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
  });
}

/** The request bodies the recorded relay bodies answer (genway's own, as it sends them). */
export const REQUESTS = {
  chat: {
    model: "gpt-4o-mini",
    messages: [{ role: "user", content: "hi" }],
    stream: true,
    stream_options: { include_usage: true },
  } as Record<string, unknown>,
  messages: (content: string) => ({
    model: "claude-sonnet-4-6",
    max_tokens: 64,
    messages: [{ role: "user", content }],
    stream: true,
  }),
  responses: { model: "gpt-5", input: "hi", stream: true },
  native: { contents: [{ role: "user", parts: [{ text: "hi" }] }] },
};
