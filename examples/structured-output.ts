/**
 * Structured output: one zod schema, four wire formats, each answer validated and typed; then the
 * same object streamed as it grows, and a refusal caught as a typed error. Runs against the built-in
 * mock gateway unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/structured-output.ts   (in your project)
 *   npm run build && npx tsx examples/structured-output.ts   (in genway's repository)
 */
// expect: chat: sample title serves 42
// expect: responses: sample title serves 42
// expect: messages: sample title serves 42
// expect: native: sample title serves 42
// expect: zod/mini: sample title
// expect: partial: {"title":"sample
// expect: final: sample title
// expect: refused: I'm sorry
import Genway, { RefusalError, zodResponseFormat, zodSchema, zodTextFormat } from "genway";
import { createMockGateway } from "genway/testing";
import { z } from "zod";
import * as zm from "zod/mini";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});

const Recipe = z.object({
  title: z.string(),
  servings: z.number().int().min(1),
  steps: z.array(z.string()),
  note: z.string().optional(),
});
const prompt = "A quick pasta recipe";
const show = (format: string, recipe: z.infer<typeof Recipe> | null) =>
  console.log(`${format}: ${recipe?.title} serves ${recipe?.servings}`);

// Chat completions: response_format from zodResponseFormat, the object in message.parsed.
const completion = await gw.chat.completions.parse({
  model: "gpt-4o",
  messages: [{ role: "user", content: prompt }],
  response_format: zodResponseFormat(Recipe, "recipe"),
});
show("chat", completion.choices[0]!.message.parsed);

// Responses: text.format from zodTextFormat, the object in output_parsed.
const response = await gw.responses.parse({
  model: "gpt-5",
  input: prompt,
  text: { format: zodTextFormat(Recipe, "recipe") },
});
show("responses", response.output_parsed);

// Messages: zodSchema(schema) becomes a forced tool; the object in parsed.
const message = await gw.messages.parse({
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [{ role: "user", content: prompt }],
  schema: zodSchema(Recipe, { name: "recipe" }),
});
show("messages", message.parsed);

// Native: responseMimeType + responseJsonSchema; the object in parsed.
const native = await gw.native.parse({
  model: "gemini-2.5-flash",
  contents: [{ role: "user", parts: [{ text: prompt }] }],
  schema: zodSchema(Recipe),
});
show("native", native.parsed);

// zod/mini, in every format (here native, streamed): its schemas carry no JSON Schema of their own,
// so the helpers take z.toJSONSchema(schema, { io: "input" }), which has it and validates as the schema.
const RecipeMini = zm.toJSONSchema(zm.object({ title: zm.string(), servings: zm.number().check(zm.int()) }), {
  io: "input",
});
const miniStream = await gw.native.parse({
  model: "gemini-2.5-flash",
  contents: [{ role: "user", parts: [{ text: prompt }] }],
  schema: zodSchema(RecipeMini),
  stream: true,
});
console.log(`zod/mini: ${(await miniStream.finalParsed()).title}`);

// Streaming: the object as it grows, then the validated whole.
const stream = await gw.chat.completions.parse({
  model: "gpt-4o",
  messages: [{ role: "user", content: prompt }],
  response_format: zodResponseFormat(Recipe, "recipe"),
  stream: true,
});
let shown = 0;
for await (const partial of stream.partialObjects()) {
  if (shown++ === 2) console.log(`partial: ${JSON.stringify(partial)}`);
}
console.log(`final: ${(await stream.finalParsed()).title}`);

// Errors are typed: the mock refuses when the prompt says [refusal].
try {
  await gw.messages.parse({
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    messages: [{ role: "user", content: `[refusal] ${prompt}` }],
    schema: zodSchema(Recipe),
  });
} catch (error) {
  if (error instanceof RefusalError) console.log(`refused: ${error.refusal}`);
  else throw error;
}

await server?.close();
