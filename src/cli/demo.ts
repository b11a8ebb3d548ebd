/** The tour a newcomer sees first: the SDK against the built-in mock gateway, no account needed. */
import Genway from "../index.js";
import { createMockGateway } from "../testing/index.js";

export interface DemoOptions {
  out?: NodeJS.WritableStream;
  /** Where files are saved; default a fresh temporary folder. */
  dir?: string | undefined;
  signal?: AbortSignal;
}

export async function runDemo({ out = process.stdout }: DemoOptions = {}): Promise<void> {
  const mock = createMockGateway({ streamDelayMs: 15 });
  const server = await mock.listen();
  const gw = new Genway({ apiKey: mock.apiKey, baseURL: server.url });
  try {
    out.write(`genway demo: mock gateway on ${server.url}\n\n`);
    out.write("1. chat.completions.create, streamed:\n   ");
    const stream = await gw.chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "What is genway?" }],
      stream: true,
    });
    for await (const delta of stream.text()) out.write(delta);
    const usage = (await stream.finalCompletion()).usage;
    out.write(
      `\n   usage: ${usage?.prompt_tokens} prompt + ${usage?.completion_tokens} completion tokens\n\n`,
    );
    out.write("2. a tool call, assembled from the deltas:\n");
    const tools = await gw.chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "Weather in Paris?" }],
      tools: [
        {
          type: "function",
          function: {
            name: "get_weather",
            parameters: { type: "object", properties: { city: { type: "string" } } },
          },
        },
      ],
    });
    const call = tools.choices[0]?.message.tool_calls?.[0];
    out.write(`   ${call?.function.name}(${call?.function.arguments})\n\n`);
    out.write("Done: every call above went over HTTP to the mock gateway.\n");
  } finally {
    await server.close();
  }
}
