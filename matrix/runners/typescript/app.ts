// A TypeScript app in a CommonJS project: genway and its subpaths, typechecked by TypeScript 5.9
// (runners/typescript.mjs), then run as the CommonJS it compiles to, against the matrix's mock.
import Genway, { AuthenticationError, GenwayError, isGenwayError } from "genway";
import { ChatCompletionsClient } from "genway/chat-completions";
import type { fileFromPath } from "genway/node";
import type { createMockGateway } from "genway/testing";
import type { VideosClient } from "genway/videos";

/** Subpaths whose types must resolve too. */
export type Subpaths = [typeof fileFromPath, typeof createMockGateway, VideosClient];

const ASK = [{ role: "user" as const, content: "Hello from TypeScript 5.9" }];

async function main(): Promise<void> {
  const { GENWAY_BASE_URL: baseURL, GENWAY_API_KEY: apiKey } = process.env;
  const chat = new ChatCompletionsClient({ baseURL, apiKey, maxRetries: 0 });
  const completion = await chat.chat.completions.create({ model: "gpt-4o-mini", messages: ASK });
  const content: string | null | undefined = completion.choices[0]?.message.content;
  try {
    await new Genway({ baseURL, apiKey: "sk-genway-wrong-key", maxRetries: 0 }).chat.completions.create({
      model: "gpt-4o-mini",
      messages: ASK,
    });
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    const status: number | undefined = error.status; // narrowed by instanceof
    console.log(content, status, error instanceof GenwayError && isGenwayError(error));
    return;
  }
  throw new Error("a wrong key was accepted");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
