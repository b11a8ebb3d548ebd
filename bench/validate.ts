/**
 * validate() alone, per operation: the check every validating call runs before anything is sent,
 * on a typical valid request of each family (and one refused chat request, which builds its
 * issues). Microseconds per call, the median of interleaved rounds (CPU time of this process).
 *
 *   npx tsx bench/validate.ts            (VALIDATE_ROUNDS=21, VALIDATE_CALLS=20000)
 */
import { validate } from "../src/core/validation/index.js";
import type { Schema } from "../src/core/validation/schema.js";
import { speechParams } from "../src/resources/audio/operations.js";
import { chatCompletionParams } from "../src/resources/chat/operations.js";
import { genericImageParams } from "../src/resources/images/operations.js";
import { messageCreateParams } from "../src/resources/messages/operations.js";
import { musicSubmitParams } from "../src/resources/musicgen/operations.js";
import { generateContentParams } from "../src/resources/native/operations.js";
import { responseCreateParams } from "../src/resources/responses/operations.js";
import { vidAParams } from "../src/resources/videos/operations.js";
import { textToVideoParams } from "../src/resources/vidgen/operations.js";

const ROUNDS = Number(process.env.VALIDATE_ROUNDS ?? 21);
const CALLS = Number(process.env.VALIDATE_CALLS ?? 20_000);

const history = [
  { role: "system", content: "You are terse." },
  { role: "user", content: "What is the capital of France?" },
  { role: "assistant", content: "Paris." },
  { role: "user", content: [{ type: "text", text: "And of Spain?" }] },
];
const tool = {
  type: "function",
  function: { name: "get_time", parameters: { type: "object", properties: {} } },
};

const CASES: Array<[string, Schema, unknown]> = [
  [
    "chat.completions.create",
    chatCompletionParams,
    { model: "gpt-4o-mini", messages: history, temperature: 0.7, max_tokens: 256 },
  ],
  [
    "chat.completions.create, tools",
    chatCompletionParams,
    { model: "gpt-4o-mini", messages: history, tools: [tool], tool_choice: "auto", stream: true },
  ],
  [
    "messages.create",
    messageCreateParams,
    { model: "claude-sonnet-4-5", max_tokens: 256, system: "Be terse.", messages: history.slice(1, 3) },
  ],
  [
    "responses.create",
    responseCreateParams,
    { model: "gpt-5", input: "Capital of France?", max_output_tokens: 256 },
  ],
  [
    "native.generateContent",
    generateContentParams,
    {
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: "Hi" }] }],
      generationConfig: { temperature: 1 },
    },
  ],
  [
    "audio.speech.create",
    speechParams,
    { model: "tts-1", input: "Hello there. ".repeat(20), voice: "alloy" },
  ],
  ["images.generate (generic)", genericImageParams, { prompt: "a red fox in snow", n: 2, size: "512x512" }],
  [
    "videos.create (vidA)",
    vidAParams,
    { model: "vidA-2.5", prompt: "a fox runs", images: ["https://x/y.png"], duration: 5 },
  ],
  ["vidgen.videos.textToVideo", textToVideoParams, { prompt: "a fox runs", mode: "std", duration: "5" }],
  [
    "musicgen.submit.music",
    musicSubmitParams,
    { gpt_description_prompt: "a calm piano piece", mv: "chirp-v4" },
  ],
];
const REFUSED = { model: "gpt-4o-mini", messages: history, temperature: 3, stop: ["a", "b", "c", "d", "e"] };

function time(run: () => void): number {
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / CALLS;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const runs: Record<string, number[]> = {};
const all: Array<[string, () => void]> = [
  ...CASES.map(([name, schema, params]): [string, () => void] => [
    name,
    () => validate(schema, params, name, "strict"),
  ]),
  [
    "chat.completions.create, refused (2 issues)",
    () => {
      try {
        validate(chatCompletionParams, REFUSED, "chat", "strict");
      } catch {}
    },
  ],
];
for (const [, run] of all) time(run); // warm up
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of round % 2 ? [...all].reverse() : all) (runs[name] ??= []).push(time(run));
}
console.log(`validate() per call, CPU µs, median of ${ROUNDS} rounds x ${CALLS} calls`);
for (const [name] of all) console.log(`${name.padEnd(44)} ${median(runs[name]!).toFixed(2)}`);
