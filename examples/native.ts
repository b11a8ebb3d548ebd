/**
 * The native multimodal format: generateContent with thinking (answer and thoughts apart), then a
 * streamed answer. Runs against the built-in mock gateway unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/native.ts   (in your project)
 *   npm run build && npx tsx examples/native.ts   (in genway's repository)
 */
// expect: thoughts: **Reading the request**
// expect: answer: Hello from the genway mock gateway!
// expect: finish: STOP
import Genway, { answerText, thoughtText } from "genway";
import { createMockGateway } from "genway/testing";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});

const response = await gw.native.generateContent({
  model: "gemini-2.5-pro",
  contents: [{ role: "user", parts: [{ text: "What is the sum of the numbers from 1 to 100?" }] }],
  generationConfig: { thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } },
});
console.log("thoughts:", thoughtText(response));
console.log("answer:", answerText(response));
const usage = response.usageMetadata;
console.log(
  `tokens: ${usage?.promptTokenCount} in, ${usage?.candidatesTokenCount} out, ${usage?.thoughtsTokenCount ?? 0} thinking`,
);

// generationConfig is optional: a plain {model, contents} call works.
const stream = await gw.native.streamGenerateContent({
  model: "gemini-2.5-flash",
  contents: [{ role: "user", parts: [{ text: "Why is the sky blue?" }] }],
});
process.stdout.write("streamed: ");
for await (const delta of stream.text()) process.stdout.write(delta);
const final = await stream.finalResponse();
console.log(
  `\nfinish: ${final.candidates?.[0]?.finishReason}, total tokens: ${final.usageMetadata?.totalTokenCount}`,
);

await server?.close();
