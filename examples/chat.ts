/**
 * Chat completions: one answer, a tool call round trip, image analysis, then the same question
 * streamed token by token. Runs against the built-in mock gateway unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/chat.ts   (in your project)
 *   npm run build && npx tsx examples/chat.ts   (in genway's repository)
 */
// expect: answer: Hello from the genway mock gateway!
// expect: tool call: get_weather
// expect: after the tool: The tool answered
// expect: vision:
// expect: I looked at 1 image.
// expect: tokens:
import Genway from "genway";
import { createMockGateway } from "genway/testing";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});

const messages = [{ role: "user" as const, content: "Name one planet." }];
const completion = await gw.chat.completions.create({ model: "gpt-4o-mini", messages });
console.log(`answer: ${completion.choices[0]?.message.content}`);

// Tools: the model asks for a function call, we answer it, the model replies in text.
const tools = [
  {
    type: "function" as const,
    function: {
      name: "get_weather",
      description: "Current weather in a city",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  },
];
const question = { role: "user" as const, content: "What is the weather in Paris?" };
const first = await gw.chat.completions.create({ model: "gpt-4o", messages: [question], tools });
const call = first.choices[0]?.message.tool_calls?.[0];
if (call) {
  console.log(`tool call: ${call.function.name}(${call.function.arguments})`);
  const second = await gw.chat.completions.create({
    model: "gpt-4o",
    tools,
    messages: [
      question,
      { role: "assistant", content: null, tool_calls: [call] },
      { role: "tool", tool_call_id: call.id, content: JSON.stringify({ temperature: 21, sky: "clear" }) },
    ],
  });
  console.log(`after the tool: ${second.choices[0]?.message.content}`);
}

// Image analysis: content parts.
const vision = await gw.chat.completions.create({
  model: "gpt-4o",
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "What is in this picture?" },
        { type: "image_url", image_url: { url: "https://example.com/cat.png" } },
      ],
    },
  ],
});
console.log(`vision: ${vision.choices[0]?.message.content}`);

const stream = await gw.chat.completions.create({ model: "gpt-4o-mini", messages, stream: true });
process.stdout.write("streamed: ");
for await (const delta of stream.text()) process.stdout.write(delta);
const final = await stream.finalCompletion();
console.log(`\ntokens: ${final.usage?.total_tokens}`);

await server?.close();
