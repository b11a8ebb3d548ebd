/**
 * Tools: one defineTool, the same two-step loop in chat completions, messages and responses
 * (the model calls the tool, genway runs it and sends the result, the model answers), then one loop
 * streamed step by step. Runs against the built-in mock gateway unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/tools.ts   (in your project)
 *   npm run build && npx tsx examples/tools.ts   (in genway's repository)
 */
// expect: chat: 2 steps, answer: The tool answered
// expect: messages: 2 steps, answer: The tool answered
// expect: responses: 2 steps, answer: Thanks, the tool answered.
// expect: ran get_weather for sample city
// expect: streamed:
import Genway, { defineTool } from "genway";
import { createMockGateway } from "genway/testing";
import { z } from "zod";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});

const getWeather = defineTool({
  name: "get_weather",
  description: "The current weather in a city",
  parameters: z.object({ city: z.string(), unit: z.enum(["c", "f"]).optional() }),
  run: async ({ city, unit = "c" }) => {
    console.log(`ran get_weather for ${city}`);
    return { city, unit, temperature: 21 };
  },
});
const question = "What is the weather in Paris?";

const chat = gw.chat.completions.runTools({
  model: "gpt-4o",
  messages: [{ role: "user", content: question }],
  tools: [getWeather],
});
const answer = await chat.finalContent();
console.log(`chat: ${chat.steps.length} steps, answer: ${answer}`);

const messages = gw.messages.runTools({
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [{ role: "user", content: question }],
  tools: [getWeather],
});
const reply = await messages.finalContent();
console.log(`messages: ${messages.steps.length} steps, answer: ${reply}`);

const responses = gw.responses.runTools({ model: "gpt-5", input: question, tools: [getWeather] });
for await (const step of responses) {
  for (const result of step.toolResults) console.log(`  ${result.call.name} -> ${result.content}`);
}
console.log(`responses: ${responses.steps.length} steps, answer: ${await responses.finalContent()}`);
console.log(`tokens over both steps: ${JSON.stringify(responses.totalUsage)}`);

// stream: true yields each step's stream as it opens.
const streamed = gw.chat.completions.runTools({
  model: "gpt-4o",
  messages: [{ role: "user", content: question }],
  tools: [getWeather],
  stream: true,
});
let text = "";
for await (const step of streamed) for await (const delta of step.stream.text()) text += delta;
console.log(`streamed: ${text}`);

await server?.close();
