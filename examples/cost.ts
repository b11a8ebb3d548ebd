/**
 * Money: the cost of every call by the gateway's own prices, a budget that refuses a call before
 * it is sent, the key's balance, and a fallback list that survives the primary model's outage
 * without paying twice. Runs against the built-in mock gateway unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/cost.ts   (in your project)
 *   npm run build && npx tsx examples/cost.ts   (in genway's repository)
 */
// expect: prices: gateway, in CNY
// expect: chat cost: 0.000
// expect: veo3, 8 s: 7 CNY
// expect: video cost: 5.5 CNY (gateway, default)
// expect: refused: BudgetExceededError
// expect: answered by: gpt-4o-mini
// expect: tool loop: 2 steps under one budget
// expect: spent so far: 5.5
// expect: balance: 730 CNY left of 766.5
import Genway, { BudgetExceededError, defineTool, estimateCost } from "genway";
import { createMockGateway } from "genway/testing";
import { z } from "zod";

const mock = process.env.GENWAY_BASE_URL ? undefined : createMockGateway();
const server = await mock?.listen();

const gw = new Genway({
  ...(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {}),
  // No currency: the budget counts in the gateway's own (the mock shows CNY).
  budget: { limit: 6 },
  onCost: ({ operation, model, cost, reason }) =>
    console.log(
      `  [onCost] ${operation} ${model}: ${cost ? `${cost.total} ${cost.currency}` : `unpriced (${reason})`}`,
    ),
});

try {
  // The gateway's prices load by themselves before the first budgeted call; load() reads them now.
  const prices = await gw.prices.load();
  console.log(`prices: ${prices.source}, in ${prices.currency}`);
  console.log(`veo3, 8 s: ${estimateCost({ model: "veo3", seconds: 8 }, prices).total} ${prices.currency}`);

  const messages = [{ role: "user" as const, content: "Name one planet." }];
  const { cost } = await gw.chat.completions
    .create({ model: "gpt-4o-mini", messages, max_tokens: 64 })
    .withResponse();
  console.log(`chat cost: ${cost?.total.toFixed(8)} ${cost?.currency}`);

  const video = await gw.videos
    .create({ model: "vidA-2.5", prompt: "a lighthouse at dusk", duration: 5 })
    .withResponse();
  console.log(
    `video cost: ${video.cost?.total} ${video.cost?.currency} (${video.cost?.source}, ${video.cost?.group})`,
  );

  try {
    // veo3 is 7 CNY a video: more than the budget has left. Refused, nothing sent.
    await gw.videos.create({ model: "veo3", prompt: "a longer lighthouse" });
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
    console.log(`refused: ${error.name} (${error.message})`);
  }

  // The primary model has no channel right now (the gateway answers 503 model_not_found, not
  // billed): the next model of the list answers.
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
    { budget: { limit: 0.01 } },
  );
  await loop.finalContent();
  console.log(`tool loop: ${loop.steps.length} steps under one budget`);

  console.log(`spent so far: ${gw.costs.total.toFixed(1)} ${gw.costs.currency} over ${gw.costs.calls} calls`);

  const balance = await gw.account.balance();
  console.log(`balance: ${balance.remaining} ${balance.currency} left of ${balance.total}`);
} finally {
  await server?.close();
}
