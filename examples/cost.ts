/**
 * Money: the cost of every call without computing it, a budget that refuses a call before it is
 * sent, and a fallback list that survives the primary model's outage without paying twice.
 * Runs against the built-in mock gateway unless GENWAY_BASE_URL is set:
 *   npm run build && node examples/cost.ts
 */
// expect: chat cost: 0.000
// expect: video cost: 5.5 CNY (vidA, default)
// expect: refused: BudgetExceededError
// expect: answered by: gpt-4o-mini
// expect: tool loop: 2 steps under one budget
// expect: spent so far: 5.5
import Genway, { BudgetExceededError, defineTool, models } from "genway";
import { createMockGateway } from "genway/testing";
import { z } from "zod";

const mock = process.env.GENWAY_BASE_URL ? undefined : createMockGateway();
const server = await mock?.listen();

// The spec's price table names no chat model ids: place the ones you use in their price family.
models.register("gpt-4o*", "coding-chat");

const gw = new Genway({
  ...(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {}),
  group: "default",
  budget: { limit: 6, currency: "CNY" },
  onCost: ({ operation, model, cost, reason }) =>
    console.log(`  [onCost] ${operation} ${model}: ${cost ? `${cost.total} CNY` : `unpriced (${reason})`}`),
});

const messages = [{ role: "user" as const, content: "Name one planet." }];
const { cost } = await gw.chat.completions
  .create({ model: "gpt-4o-mini", messages, max_tokens: 64 })
  .withResponse();
console.log(`chat cost: ${cost?.total.toFixed(8)} CNY`);

const video = await gw.videos
  .create({ model: "vidA-2.5", prompt: "a lighthouse at dusk", duration: 5 })
  .withResponse();
console.log(`video cost: ${video.cost?.total} CNY (${video.cost?.family}, ${video.cost?.group})`);

try {
  // 10 more seconds of vidA (11 CNY) would pass the 6 CNY budget: refused, nothing sent.
  await gw.videos.create({ model: "vidA-2.5", prompt: "a longer lighthouse", duration: 10 });
} catch (error) {
  if (!(error instanceof BudgetExceededError)) throw error;
  console.log(`refused: ${error.name} (${error.message})`);
}

// The primary model has no channel right now (the gateway answers 503 model_not_found, not billed):
// the next model of the list answers.
mock?.faults.inject({ match: "/v1/chat/completions", status: 503, code: "model_not_found" });
const fallback = await gw.chat.completions
  .create({ model: ["gpt-4o", "gpt-4o-mini"], messages, max_tokens: 64 })
  .withResponse();
console.log(`answered by: ${fallback.model}`);

// A budget given to runTools is the loop's: every step reserves under the same 0.01 CNY.
const weather = defineTool({
  name: "get_weather",
  parameters: z.object({ city: z.string() }),
  run: ({ city }) => `21 C in ${city}`,
});
const loop = gw.chat.completions.runTools(
  {
    model: "gpt-4o-mini",
    messages: [{ role: "user", content: "Weather in Paris?" }],
    tools: [weather],
    max_tokens: 64,
  },
  { budget: { limit: 0.01, currency: "CNY" } },
);
await loop.finalContent();
console.log(`tool loop: ${loop.steps.length} steps under one budget`);

console.log(`spent so far: ${gw.costs.total.toFixed(1)} CNY over ${gw.costs.calls} calls`, gw.costs.byFamily);
await server?.close();
