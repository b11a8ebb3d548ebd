/**
 * The relay's stream failure modes (docs/testing.md, "Relay failure modes"), met with the mock's
 * `relayStreams` switches: a chat answer cut upstream (new-api still sends a usage chunk and
 * [DONE]), a Messages stream that fails with new-api's bare JSON error, a relay that keeps the
 * connection open after the end, and one that keeps pinging while its upstream went silent
 * mid-answer. Always runs against the built-in mock:
 *   npx tsx node_modules/genway/examples/relay.ts   (in your project)
 *   npm run build && npx tsx examples/relay.ts   (in genway's repository)
 */
// expect: cut: a finish_reason on every choice | kept: "Hello from the"
// expect: bare error tail: ServiceUnavailableError overloaded_error | kept: "Hello from the"
// expect: held open: Hello from the genway mock gateway!
// expect: pinging, upstream silent: APITimeoutError idle
import Genway, { APITimeoutError, IncompleteStreamError, ServiceUnavailableError } from "genway";
import type { RelayStreamOptions } from "genway/testing";
import { createMockGateway } from "genway/testing";

async function relay(relayStreams: RelayStreamOptions) {
  const mock = createMockGateway({ relayStreams });
  const server = await mock.listen();
  const gw = new Genway({ apiKey: mock.apiKey, baseURL: server.url, idleTimeout: 500 });
  return { gw, mock, close: () => server.close() };
}
const messages = [{ role: "user" as const, content: "hi" }];

// 1. The upstream breaks after three words: final…() rejects, snapshot() keeps what arrived.
const cut = await relay({ cutAfter: 3 });
const chat = await cut.gw.chat.completions.create({ model: "gpt-4o-mini", messages, stream: true });
try {
  await chat.finalContent();
} catch (error) {
  if (!(error instanceof IncompleteStreamError)) throw error;
  console.log(`cut: ${error.missing} | kept: ${JSON.stringify(chat.snapshot().choices[0]?.message.content)}`);
}
await cut.close();

// 2. A failing Messages stream through new-api: the bare JSON at its end is the typed error.
const failing = await relay({ threeNewlines: true, bareErrorTail: true });
const message = await failing.gw.messages.create({
  model: "claude-sonnet-4-6",
  max_tokens: 256,
  messages: [{ role: "user", content: "hi [error]" }],
  stream: true,
});
try {
  await message.finalMessage();
} catch (error) {
  if (!(error instanceof ServiceUnavailableError)) throw error;
  const kept = message.snapshot().content.map((block) => (block.type === "text" ? block.text : ""));
  console.log(`bare error tail: ${error.name} ${error.type} | kept: ${JSON.stringify(kept.join(""))}`);
}
await failing.close();

// 3. The relay keeps the connection open (pings, no [DONE]): the whole answer resolves at once.
const open = await relay({ pingAfterEnd: 1000 });
const held = await open.gw.chat.completions.create({ model: "gpt-4o-mini", messages, stream: true });
console.log(`held open: ${await held.finalContent()}`);
await open.close();

// 4. The upstream goes silent mid-answer and the relay keeps pinging: pings are not progress, so
// the idle clock (idleTimeout, here 500 ms) still ends the stream.
const pinging = await relay({ pingEvery: 50 });
pinging.mock.inject({ match: "/v1/chat/completions", stallAfter: 2 });
const silent = await pinging.gw.chat.completions.create({ model: "gpt-4o-mini", messages, stream: true });
try {
  await silent.finalContent();
} catch (error) {
  if (!(error instanceof APITimeoutError)) throw error;
  console.log(`pinging, upstream silent: ${error.name} ${error.phase}`);
}
await pinging.close();
