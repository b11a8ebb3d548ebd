/**
 * The Responses format: a plain call, a call with web access (search and citations), and a
 * streamed answer. Runs against the built-in mock gateway unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/responses.ts   (in your project)
 *   npm run build && npx tsx examples/responses.ts   (in genway's repository)
 */
// expect: searched for: What happened in tech today?
// expect: source: genway mock search result
// expect: streamed: Hello from the genway mock gateway!
import Genway from "genway";
import { createMockGateway } from "genway/testing";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});

const response = await gw.responses.create({
  model: "gpt-5",
  instructions: "Be brief.",
  input: [{ role: "user", content: "Tell me a joke." }],
});
console.log("answer:", response.output_text);

// With web access: the search is an output item; the text carries url_citation annotations.
const searched = await gw.responses.create({
  model: "gpt-5",
  input: "What happened in tech today?",
  tools: [{ type: "web_search_preview" }],
});
for (const item of searched.output) {
  if (item.type === "web_search_call") console.log("searched for:", item.action?.query);
  if (item.type !== "message") continue;
  for (const part of item.content) {
    if (part.type !== "output_text") continue;
    for (const annotation of part.annotations) console.log("source:", annotation.title, annotation.url);
  }
}
console.log("answer:", searched.output_text);

const stream = await gw.responses.create({
  model: "gpt-5",
  input: "Write a haiku about relays.",
  stream: true,
});
process.stdout.write("streamed: ");
for await (const delta of stream.text()) process.stdout.write(delta);
const final = await stream.finalResponse();
console.log(`\nusage: ${final.usage?.input_tokens} in, ${final.usage?.output_tokens} out`);

await server?.close();
