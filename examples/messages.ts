/**
 * The Messages format: a plain call, function calling with the tool result sent back, and a
 * streamed answer with extended thinking. Runs against the built-in mock gateway unless
 * GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/messages.ts   (in your project)
 *   npm run build && npx tsx examples/messages.ts   (in genway's repository)
 */
// expect: tool call: get_weather
// expect: after the tool:
// expect: [thinking]
// expect: [text]
// expect: blocks: thinking, text
import Genway, { type ToolUseBlock } from "genway";
import { createMockGateway } from "genway/testing";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});
const model = "claude-sonnet-4-6";

const message = await gw.messages.create({
  model,
  max_tokens: 512,
  system: "Be brief.",
  messages: [{ role: "user", content: "Hello, Claude" }],
});
console.log("answer:", message.content, `(${message.usage.output_tokens} output tokens)`);

// Function calling: a tool_use block with parsed input, then a tool_result turn.
const tools = [
  {
    name: "get_weather",
    description: "Current weather in a city",
    input_schema: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
  },
];
const question = { role: "user" as const, content: "What is the weather in Paris?" };
const first = await gw.messages.create({ model, max_tokens: 512, tools, messages: [question] });
const use = first.content.find((block): block is ToolUseBlock => block.type === "tool_use");
if (use) {
  console.log(`tool call: ${use.name}`, use.input);
  const second = await gw.messages.create({
    model,
    max_tokens: 512,
    tools,
    messages: [
      question,
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: "21°C and clear" }] },
    ],
  });
  console.log("after the tool:", second.content);
}

// Streaming with extended thinking: thinking deltas shown apart from the answer.
const stream = await gw.messages.create({
  model,
  max_tokens: 4096,
  thinking: { type: "enabled", budget_tokens: 1024 },
  messages: [{ role: "user", content: "What is 925 divided by 5?" }],
  stream: true,
});
for await (const event of stream) {
  if (event.type === "content_block_start") process.stdout.write(`\n[${event.content_block.type}] `);
  if (event.type !== "content_block_delta") continue;
  if (event.delta.type === "thinking_delta") process.stdout.write(event.delta.thinking);
  if (event.delta.type === "text_delta") process.stdout.write(event.delta.text);
}
const final = await stream.finalMessage();
console.log(`\nblocks: ${final.content.map((block) => block.type).join(", ")}; usage:`, final.usage);

await server?.close();
