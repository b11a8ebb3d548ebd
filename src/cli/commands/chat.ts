/** genway chat: streams the answer to stdout as it arrives, in any of the four wire formats. */
import { choice, InputError, number } from "../args.js";
import type { Command } from "../command.js";
import { print, printJson } from "../output.js";

type Format = "completions" | "messages" | "responses" | "native";
const FORMATS: Format[] = ["completions", "messages", "responses", "native"];

export const chat: Command = {
  name: "chat",
  summary: "ask a model; the answer streams to stdout as it arrives",
  usage:
    "genway chat [--model ID] [--format completions|messages|responses|native] [--system TEXT] [--max-tokens N] [--no-stream] <prompt...>",
  options: {
    model: { type: "string", short: "m" },
    format: { type: "string", short: "f" },
    system: { type: "string" },
    "max-tokens": { type: "string" },
    "no-stream": { type: "boolean" },
  },
  help: [
    "The prompt is the remaining arguments, or stdin when there are none.",
    "--max-tokens (default 1024) applies to the messages format, which requires it.",
  ].join("\n"),
  fields: {
    model: "--model",
    messages: "<prompt>",
    input: "<prompt>",
    contents: "<prompt>",
    system: "--system",
    max_tokens: "--max-tokens",
  },
  async run({ values, positionals, signal, client, json, stdin, stdout }) {
    const format = choice(values, "format", FORMATS) ?? "completions";
    const maxTokens = number(values, "max-tokens", { integer: true, minimum: 1 }) ?? 1024;
    const prompt = positionals.join(" ").trim() || (await readStdin(stdin));
    if (!prompt) throw new InputError("missing <prompt> (pass it as arguments or on stdin)", { usage: true });
    const gw = client();
    const model = (values.model as string | undefined) ?? DEFAULT_MODEL[format];
    const system = values.system as string | undefined;
    const options = { signal };

    const stream = !(json || values["no-stream"]);
    // One request per format; `stream` picks a stream or the whole result (the methods' overloads).
    const send = (): Promise<unknown> => {
      switch (format) {
        case "messages": {
          const messages = [{ role: "user" as const, content: prompt }];
          return gw.messages.create(
            { model, max_tokens: maxTokens, ...(system ? { system } : {}), messages, stream },
            options,
          );
        }
        case "responses":
          return gw.responses.create({ model, input: withSystem(system, prompt), stream }, options);
        case "native": {
          const body = { model, contents: [{ role: "user", parts: [{ text: prompt }] }] };
          return stream
            ? gw.native.streamGenerateContent(body, options)
            : gw.native.generateContent(body, options);
        }
        default:
          return gw.chat.completions.create({ model, messages: withSystem(system, prompt), stream }, options);
      }
    };

    const result = await send();
    if (!stream) return json ? printJson(stdout, result) : void print(stdout, `${extractText(result)}\n`);
    for await (const delta of (result as { text(): AsyncIterable<string> }).text()) print(stdout, delta);
    print(stdout, "\n");
  },
};

const DEFAULT_MODEL: Record<Format, string> = {
  completions: "gpt-4o-mini",
  messages: "claude-sonnet-4-5",
  responses: "gpt-5-mini",
  native: "gemini-2.5-flash",
};

function withSystem(system: string | undefined, prompt: string) {
  const messages: Array<{ role: "system" | "user"; content: string }> = [];
  if (system) messages.push({ role: "system", content: system });
  messages.push({ role: "user", content: prompt });
  return messages;
}

/** The answer text of a non-streamed result in any of the four formats. */
function extractText(result: unknown): string {
  const r = result as Record<string, any>;
  if (Array.isArray(r.choices)) return r.choices[0]?.message?.content ?? "";
  if (Array.isArray(r.content)) return r.content.map((b: { text?: string }) => b.text ?? "").join("");
  if (typeof r.output_text === "string") return r.output_text;
  if (Array.isArray(r.output)) {
    return r.output
      .flatMap((o: { content?: Array<{ text?: string }> }) => o.content ?? [])
      .map((c: { text?: string }) => c.text ?? "")
      .join("");
  }
  if (Array.isArray(r.candidates)) {
    return (r.candidates[0]?.content?.parts ?? [])
      .filter((p: { thought?: boolean }) => !p.thought)
      .map((p: { text?: string }) => p.text ?? "")
      .join("");
  }
  return JSON.stringify(result);
}

async function readStdin(stdin: NodeJS.ReadStream): Promise<string> {
  if (stdin.isTTY) return "";
  let text = "";
  for await (const chunk of stdin) text += chunk;
  return text.trim();
}
