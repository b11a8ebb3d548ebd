/**
 * The tour a newcomer sees first: every family of the SDK against an in-process mock gateway over
 * real HTTP on loopback. No account, no network, under a minute.
 */
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMockGateway } from "../../mock/index.js";
import Genway, { type CostEvent } from "../index.js";
import { saveToFile } from "../node/index.js";
import { print } from "./output.js";
import { progressReporter } from "./progress.js";

export interface DemoOptions {
  out?: NodeJS.WriteStream;
  /** Where files are saved; default a fresh temporary folder. */
  dir?: string | undefined;
  signal?: AbortSignal | undefined;
}

const weatherTool = {
  type: "function" as const,
  function: {
    name: "get_weather",
    description: "Current weather for a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};

/** What the tour did, for `genway demo --json`. */
export interface DemoSummary {
  requests: number;
  folder: string;
  /** What each billed call cost, by the mock gateway's own prices (onCost). */
  costs: Array<{ what: string; total: number | null; currency: string | undefined }>;
}

export async function runDemo({ out = process.stdout, dir, signal }: DemoOptions = {}): Promise<DemoSummary> {
  const mock = createMockGateway({ streamDelayMs: 12, taskSteps: 4 });
  const server = await mock.listen();
  // onCost gets each billed call's cost, priced by the gateway's own prices (loaded with the first call).
  const costs: CostEvent[] = [];
  const gw = new Genway({ apiKey: mock.apiKey, baseURL: server.url, onCost: (event) => costs.push(event) });
  const folder = dir ?? (await mkdtemp(join(tmpdir(), "genway-demo-")));
  await mkdir(folder, { recursive: true });
  const options = { signal };
  const say = (text: string) => print(out, text);
  /** A numbered heading; the step's output follows indented (or, with `own`, prints its own lines). */
  const step = (n: number, title: string, own = false) => say(`\n${n}. ${title}\n${own ? "" : "   "}`);

  try {
    say(`genway demo: the mock gateway is listening on ${server.url}\n`);

    step(1, "gw.chat.completions.create({ stream: true }): the answer streams as it arrives");
    const stream = await gw.chat.completions.create(
      { model: "gpt-4o-mini", messages: [{ role: "user", content: "What is genway?" }], stream: true },
      options,
    );
    for await (const delta of stream.text()) say(delta);
    const completion = await stream.finalCompletion();
    say(`\n   usage ${completion.usage?.prompt_tokens} + ${completion.usage?.completion_tokens} tokens`);

    step(2, "a tool call, its arguments assembled from the deltas");
    const toolStream = await gw.chat.completions.create(
      {
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "Weather in Paris?" }],
        tools: [weatherTool],
        stream: true,
      },
      options,
    );
    const call = (await toolStream.finalCompletion()).choices[0]?.message.tool_calls?.[0];
    say(`${call?.function.name}(${call?.function.arguments})`);

    step(3, "gw.messages.create (the Messages format), streamed");
    const message = await gw.messages.create(
      {
        model: "claude-sonnet-4-5",
        max_tokens: 256,
        messages: [{ role: "user", content: "Say hi" }],
        stream: true,
      },
      options,
    );
    for await (const delta of message.text()) say(delta);
    await message.finalMessage();

    step(4, "gw.responses.create (the Responses format)");
    const response = await gw.responses.create({ model: "gpt-5-mini", input: "Say hi" }, options);
    say(String(response.output_text));

    step(5, "gw.native.streamGenerateContent with thinking: the answer without the thought parts");
    const native = await gw.native.streamGenerateContent(
      {
        model: "gemini-2.5-flash",
        contents: [{ role: "user", parts: [{ text: "Why is the sky blue?" }] }],
        generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: 512 } },
      },
      options,
    );
    for await (const delta of native.text()) say(delta);

    step(6, "gw.images.generate, then the image downloaded (no key sent to the result URL)");
    const images = await gw.images.generate(
      { model: "nano-banana", prompt: "a lighthouse at dusk" },
      options,
    );
    const imageUrl = images.data[0]?.url;
    if (imageUrl) {
      const saved = await saveToFile(
        await gw.images.download(imageUrl, options),
        join(folder, "lighthouse.png"),
      );
      say(`saved ${saved.bytes} bytes to ${saved.path}`);
    }

    step(7, "gw.audio.speech.create streams audio straight to disk");
    const input = "Hello from genway. This audio streamed to disk as it arrived.";
    const speech = await gw.audio.speech.create(
      { model: "tts-1", voice: "alloy", input, response_format: "mp3" },
      options,
    );
    const audio = await saveToFile(speech, join(folder, "hello.mp3"));
    say(`saved ${audio.bytes} bytes to ${audio.path}`);

    step(8, "gw.videos.create, then awaited with progress", true);
    const video = await gw.videos.create(
      { model: "vidA-2.5", prompt: "a paper boat on a river", duration: 5 },
      options,
    );
    const videoDone = await waitWithBar(video, out, signal);
    say(`   ${videoDone.status}: ${videoDone.result?.output ?? "(no URL)"}`);

    step(9, "gw.musicgen.submit.music, then the song awaited with progress", true);
    const song = await gw.musicgen.submit.music(
      {
        prompt: "[Verse]\nCode that streams",
        title: "Streams",
        tags: "synthpop",
        mv: "chirp-v4",
      },
      options,
    );
    const songDone = await waitWithBar(song, out, signal);
    say(`   ${songDone.status}: ${songDone.result?.map((clip) => clip.audio_url).join(", ") ?? ""}`);

    step(10, "what each call cost, by the gateway's own prices (onCost; gw.costs sums them)", true);
    for (const { operation, model, cost, reason } of costs) {
      // The model billed: music is billed as suno_music, whatever its mv.
      const what = `${operation} (${cost?.model ?? model})`;
      say(`   ${what.padEnd(48)} ${cost ? `${cost.total.toFixed(6)} ${cost.currency}` : `- ${reason}`}\n`);
    }
    say(`   ${"total".padEnd(48)} ${gw.costs.total.toFixed(6)} ${gw.costs.currency}\n`);
    say(`\nDone: ${mock.requests.length} HTTP requests to the mock gateway; files in ${folder}\n`);
    return {
      requests: mock.requests.length,
      folder,
      costs: costs.map(({ operation, model, cost }) => ({
        what: `${operation} (${cost?.model ?? model})`,
        total: cost?.total ?? null,
        currency: cost?.currency,
      })),
    };
  } finally {
    await server.close();
  }
}

interface Progress {
  status: string;
  progress?: number | undefined;
}

interface Waitable<S extends Progress> {
  kind: string;
  id: string;
  wait(options: {
    signal?: AbortSignal | undefined;
    interval?: number;
    onProgress?: (s: S) => void;
  }): Promise<S>;
}

async function waitWithBar<S extends Progress>(
  task: Waitable<S>,
  out: NodeJS.WriteStream,
  signal: AbortSignal | undefined,
): Promise<S> {
  const bar = progressReporter(out, { label: `${task.kind} ${task.id}`, indent: "   " });
  try {
    return await task.wait({ signal, interval: 150, onProgress: (s) => bar.update(s) });
  } finally {
    bar.done();
  }
}
